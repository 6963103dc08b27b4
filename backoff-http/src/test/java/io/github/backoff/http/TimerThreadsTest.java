package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 item 5: a JVM that uses java.net.http retries with default settings has one Backoff timer thread, the
 * core's ({@code backoff-scheduler}): backoff-http starts no timer of its own, and the core's shared
 * scheduler has one timer thread, which hands the due work (retries, attempt limits) to its workers.
 */
class TimerThreadsTest {
  /** The core's DefaultScheduler's names (its package is not exported). */
  private static final String TIMER_THREAD = "backoff-scheduler";
  private static final String WORKER_PREFIX = "backoff-worker-";
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
  void sendAndSendAsync_retriesAndLimitsWithDefaultSettings_oneBackoffTimerThread() {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10)))
        .withMaxElapsed(Duration.ofSeconds(20)).withAttemptTimeout(Duration.ofSeconds(10)).build();
    RetryingHttpClient http = RetryingHttpClient.of(Fixtures.httpClient(), policy);
    HttpRequest request = HttpRequest.newBuilder(server.uri("/a")).build();
    server.enqueueStatuses(503, 503);

    HttpResponse<String> sync = http.send(request, BodyHandlers.ofString());   // a retry, the core's attempt timer
    List<CompletableFuture<HttpResponse<String>>> async = Stream.generate(() -> {
      server.enqueueStatuses(503);
      return http.sendAsync(request, BodyHandlers.ofString()); // retried by the scheduler, the exchange's timer
    }).limit(8).toList();

    assertThat(sync.statusCode()).isEqualTo(200);
    assertThat(async).allSatisfy(f -> assertThat(f.join().statusCode()).isEqualTo(200));
    assertThat(server.requestCount()).isEqualTo(3 + 8 * 2);
    List<String> backoffThreads = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
        .map(Thread::getName).filter(name -> name.startsWith("backoff")).toList();
    assertThat(backoffThreads).filteredOn(name -> !name.startsWith(WORKER_PREFIX)).containsExactly(TIMER_THREAD);
    assertThat(backoffThreads).allSatisfy(name -> assertThat(name).matches(TIMER_THREAD + "|" + WORKER_PREFIX
        + "\\d+"));
  }
}
