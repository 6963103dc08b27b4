package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An observer that throws is logged as a warning (through {@code System.Logger}) and the call carries on. */
class HttpAttemptObserverWarningsTest {
  private final Logger logger = Logger.getLogger("io.github.backoff.http");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void capture() {
    logger.addHandler(handler);
  }

  @AfterEach
  void release() {
    logger.removeHandler(handler);
  }

  private static RetryPolicy<HttpResponse<?>> policy() {
    return RetryPolicy.<HttpResponse<?>>builder().withBackoff(Backoff.none()).withMaxAttempts(3).build();
  }

  private static HttpRequest get(FaultServer server) {
    return HttpRequest.newBuilder(server.uri("/a")).timeout(Duration.ofSeconds(5)).build();
  }

  @Test
  void send_onCallThrows_logsAWarningAndSendsUnobserved() throws Exception {
    IllegalStateException boom = new IllegalStateException("broken observer");
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withBody("busy"));
      RetryingHttpClient http = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
          .withAttemptObserver(request -> {
            throw boom;
          }).build();

      HttpResponse<String> response = http.send(get(server), BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(server.requests()).hasSize(2);
    }
    assertThat(records).singleElement().satisfies(r -> {
      assertThat(r.getLevel()).isEqualTo(Level.WARNING);
      assertThat(r.getMessage()).startsWith("attempt observer ").endsWith(" threw; ignored");
      assertThat(r.getThrown()).isSameAs(boom);
    });
  }

  @Test
  void send_beforeAndAfterAttemptThrow_logAWarningEachAndTheCallCarriesOn() throws Exception {
    IllegalStateException before = new IllegalStateException("before");
    IllegalStateException after = new IllegalStateException("after");
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withBody("busy"));
      RetryingHttpClient http = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
          .withAttemptObserver(request -> new HttpAttemptObserver.Call() {
            @Override
            public HttpRequest beforeAttempt(int attempt, HttpRequest r) {
              if (attempt == 1) {
                return r; // observed: afterAttempt follows
              }
              throw before;
            }

            @Override
            public void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure) {
              throw after;
            }
          }).build();

      HttpResponse<String> response = http.send(get(server), BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(server.requests()).hasSize(2);
    }
    // Attempt 1: afterAttempt throws. Attempt 2: beforeAttempt throws, so afterAttempt is not called for it.
    assertThat(records).extracting(LogRecord::getThrown).containsExactly(after, before);
    assertThat(records).allSatisfy(r -> assertThat(r.getLevel()).isEqualTo(Level.WARNING));
  }
}
