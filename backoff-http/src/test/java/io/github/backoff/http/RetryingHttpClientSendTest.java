package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.testing.FaultReply;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The shared scenarios through {@link RetryingHttpClient#send}, and what only the synchronous driver does. */
class RetryingHttpClientSendTest extends FaultScenarios {
  @Override
  <T> HttpResponse<T> send(RetryingHttpClient http, HttpRequest request, HttpResponse.BodyHandler<T> handler) {
    return http.send(request, handler);
  }

  @Override
  <T> HttpRetryOutcome<HttpResponse<T>> sendWithOutcome(RetryingHttpClient http, HttpRequest request,
      HttpResponse.BodyHandler<T> handler) {
    return http.sendWithOutcome(request, handler);
  }

  @Test
  void send_attemptTimeoutOfThePolicy_becomesTheRequestTimeout() {
    HttpRequest request = HttpRequest.newBuilder(server.uri("/a")).timeout(Duration.ofSeconds(10)).build();

    HttpResponse<String> response = http(policy().withAttemptTimeout(Duration.ofSeconds(2)))
        .send(request, BodyHandlers.ofString());

    assertThat(response.request().timeout()).contains(Duration.ofSeconds(2));
  }

  @Test
  void send_interrupted_stopsWithInterruptedAndKeepsTheFlag() {
    Client http = http(policy());
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> http.send(get("/a"), BodyHandlers.ofString()))
          .isInstanceOfSatisfying(RetryException.class,
              e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void send_interruptedWhileAResultConditionRetryWaits_closesTheRetriedStream() {
    server.enqueue(FaultReply.ok("p".repeat(1_000_000)).withHeader("X-State", "pending"));
    List<InputStream> streams = new CopyOnWriteArrayList<>();
    Client http = http(policy().retryIfResult(r -> {
      if (r.body() instanceof InputStream stream && !streams.contains(stream)) {
        streams.add(stream);
        Thread.currentThread().interrupt(); // the caller is interrupted: the wait before the retry ends at once
      }
      return r.headers().firstValue("X-State").isPresent();
    }));
    try {
      assertThatThrownBy(() -> http.send(get("/a"), BodyHandlers.ofInputStream()))
          .isInstanceOfSatisfying(RetryException.class,
              e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }

    assertThat(streams).singleElement().satisfies(stream ->
        assertThatThrownBy(stream::read).isInstanceOf(IOException.class).hasMessage("closed"));
    assertThat(server.requests()).hasSize(1);
  }
}
