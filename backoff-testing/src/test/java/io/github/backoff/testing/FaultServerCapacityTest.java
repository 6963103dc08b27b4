package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** {@link FaultServer#capacity(double)}: a slowed-down or stalled service, and the service's own clock. */
class FaultServerCapacityTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();

  private static CompletableFuture<HttpResponse<String>> send(FaultServer server, String path) {
    return CLIENT.sendAsync(HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(10)).build(),
        BodyHandlers.ofString());
  }

  @Test
  void capacity_zero_holdsRequestsInServiceAndInTheQueue_untilItComesBack() throws Exception {
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withQueueCapacity(4)
        .withServiceTime(Duration.ofMillis(5)).start()) {
      server.capacity(0);
      assertThat(server.capacityFraction()).isZero();
      CompletableFuture<HttpResponse<String>> a = send(server, "/a");
      awaitTrue(() -> server.inService() == 1);
      CompletableFuture<HttpResponse<String>> b = send(server, "/b");
      awaitTrue(() -> server.queued() == 1);
      assertThatThrownBy(() -> a.get(100, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
      assertThat(server.inService()).isEqualTo(1);

      server.capacity(1);
      assertThat(a.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(b.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(server.overloadedCount()).isZero();
      assertThat(server.outageCount()).isZero();
    }
  }

  @Test
  void capacity_half_doublesTheServiceTime() throws Exception {
    try (FaultServer server = FaultServer.builder().withServiceTime(Duration.ofMillis(30)).start()) {
      server.capacity(0.5);
      long start = System.nanoTime();
      assertThat(send(server, "/").get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(60));
    }
  }

  @Test
  void capacity_scalesTheRateLimit() throws Exception {
    FakeClock clock = new FakeClock();
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).withRateLimit(2, 1).start()) {
      assertThat(send(server, "/").get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      server.capacity(0.5); // 1 per second from now
      clock.advance(Duration.ofMillis(500));
      assertThat(send(server, "/").get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(429);
      clock.advance(Duration.ofMillis(500));
      assertThat(send(server, "/").get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      server.capacity(0);
      clock.advance(Duration.ofSeconds(10));
      assertThat(send(server, "/").get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(429);
      assertThat(server.throttledCount()).isEqualTo(2);
    }
  }

  @Test
  void serviceTime_ofAQueuedRequest_countsFromWhenItsSlotWasFreed() throws Exception {
    int n = 8;
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withServiceTime(Duration.ofMillis(10))
        .start()) {
      long start = System.nanoTime();
      List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        all.add(send(server, "/" + i));
      }
      for (CompletableFuture<HttpResponse<String>> f : all) {
        assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      }
      // One slot: the services follow each other, so all of them take at least n × 10 ms.
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(n * 10L));
      assertThat(server.maxInService()).isEqualTo(1);
    }
  }

  @Test
  void capacity_rejectsBadFractions_namingTheValue() {
    try (FaultServer server = FaultServer.start()) {
      assertThatThrownBy(() -> server.capacity(-0.5)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("fraction must be >= 0 and finite: -0.5");
      assertThatThrownBy(() -> server.capacity(Double.NaN)).hasMessage("fraction must be >= 0 and finite: NaN");
      assertThatThrownBy(() -> server.capacity(Double.POSITIVE_INFINITY))
          .hasMessage("fraction must be >= 0 and finite: Infinity");
      assertThat(server.capacityFraction()).isEqualTo(1.0);
    }
  }

  @Test
  void close_endsAServiceHeldAtCapacityZero() throws Exception {
    FaultServer server = FaultServer.builder().withServiceTime(Duration.ofMillis(1)).start();
    server.capacity(0);
    CompletableFuture<HttpResponse<String>> a = send(server, "/");
    awaitTrue(() -> server.inService() == 1);
    server.close();
    assertThatThrownBy(() -> a.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(java.io.IOException.class);
    awaitTrue(() -> server.inService() == 0);
  }

  /** Waits (really, briefly: at most 10 s, which only a failure reaches) until the condition holds. */
  private static void awaitTrue(java.util.function.BooleanSupplier condition) {
    Await.until(condition, Duration.ofSeconds(10));
  }
}
