package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.junit.jupiter.api.Test;

class HttpAttemptObserverTest {
  private final List<String> seen = new CopyOnWriteArrayList<>();

  /** Records every callback and adds an X-Attempt header to each attempt's request. */
  private final HttpAttemptObserver observer = request -> {
    seen.add("call " + request.method());
    return new HttpAttemptObserver.Call() {
      @Override
      public HttpRequest beforeAttempt(int attempt, HttpRequest r) {
        seen.add("before " + attempt);
        return HttpRequest.newBuilder(r, (name, value) -> true).setHeader("X-Attempt", "" + attempt).build();
      }

      @Override
      public void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure) {
        seen.add("after " + attempt + ": " + (response != null ? response.statusCode()
            : failure.getClass().getSimpleName()));
      }
    };
  };

  private static RetryPolicy<HttpResponse<?>> policy() {
    return RetryPolicy.<HttpResponse<?>>builder().withBackoff(Backoff.none()).withMaxAttempts(3).build();
  }

  @Test
  void send_retriedStatuses_observesEachAttemptAndSendsTheDecoratedRequest() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.status(503).withBody("busy"),
          FaultReply.ok("ok"));
      RetryingHttpClient http = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
          .withAttemptObserver(observer).build();

      HttpResponse<String> response = http.send(HttpRequest.newBuilder(server.uri("/a"))
          .timeout(Duration.ofSeconds(5)).build(), BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(seen).containsExactly("call GET", "before 1", "after 1: 503", "before 2", "after 2: 503",
          "before 3", "after 3: 200");
      assertThat(server.requests()).extracting(r -> r.header("X-Attempt")).containsExactly("1", "2", "3");
    }
  }

  @Test
  void sendAsync_connectionRefused_observesEachFailure() throws Exception {
    java.net.URI closed;
    try (FaultServer server = FaultServer.start()) {
      closed = server.uri("/gone");
    }
    RetryingHttpClient http = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
        .withAttemptObserver(observer).build();

    var result = http.sendAsync(HttpRequest.newBuilder(closed).timeout(Duration.ofSeconds(5)).build(),
        BodyHandlers.ofString());

    assertThat(result).failsWithin(Duration.ofSeconds(10));
    assertThat(seen).containsExactly("call GET", "before 1", "after 1: ConnectException", "before 2",
        "after 2: ConnectException", "before 3", "after 3: ConnectException");
  }

  @Test
  void send_observerThrows_callIsUnaffected() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withBody("busy"));
      RetryingHttpClient http = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
          .withAttemptObserver(request -> new HttpAttemptObserver.Call() {
            @Override
            public HttpRequest beforeAttempt(int attempt, HttpRequest r) {
              throw new IllegalStateException("broken observer");
            }

            @Override
            public void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure) {
              throw new IllegalStateException("broken observer");
            }
          }).build();

      HttpResponse<String> response = http.send(HttpRequest.newBuilder(server.uri("/a"))
          .timeout(Duration.ofSeconds(5)).build(), BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(server.requests()).hasSize(2);
    }
  }

  @Test
  void withAttemptObserver_null_failsNamingTheParameter() {
    assertThatThrownBy(() -> RetryingHttpClient.builder(Fixtures.httpClient(), policy()).withAttemptObserver(null))
        .isInstanceOf(NullPointerException.class).hasMessage("observer");
  }

  @Test
  void withAttemptObserver_setTwice_throwsIseNamingTheOption() {
    HttpAttemptObserver observer = request -> null;
    RetryingHttpClientBuilder builder = RetryingHttpClient.builder(Fixtures.httpClient(), policy())
        .withAttemptObserver(observer);

    assertThatThrownBy(() -> builder.withAttemptObserver(observer)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("attemptObserver was already set to ");
  }
}
