package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 item 5: java.net.http retries with default settings use the core's one shared timer (its scheduler,
 * {@code backoff-scheduler-N}) for their per-attempt limits, and start no timer thread of backoff-http's beside it.
 */
class TimerThreadsTest {
  private FaultServer server;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void sendAndSendAsync_withLimitsAndDefaultSettings_runTheirTimersOnTheCoresSchedulerOnly() {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withMaxElapsed(Duration.ofSeconds(20)).withAttemptTimeout(Duration.ofSeconds(10)).build();
    RetryingHttpClient http = RetryingHttpClient.of(Fixtures.httpClient(), policy);
    HttpRequest request = HttpRequest.newBuilder(server.uri("/a")).build();

    HttpResponse<String> sync = http.send(request, BodyHandlers.ofString());        // the core's attempt timer
    HttpResponse<String> async = http.sendAsync(request, BodyHandlers.ofString()).join(); // the exchange's timer

    assertThat(sync.statusCode()).isEqualTo(200);
    assertThat(async.statusCode()).isEqualTo(200);
    List<String> backoffThreads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
        .filter(name -> name.startsWith("backoff")).toList();
    assertThat(backoffThreads).isNotEmpty()
        .allSatisfy(name -> assertThat(name).matches("backoff-scheduler-\\d+"))
        .hasSizeLessThanOrEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
  }
}
