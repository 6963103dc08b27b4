package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * How many requests a rate-limited server takes per request made, with and without the default budget: 200
 * concurrent requests, 5 attempts each with the default backoff, against a loopback limiter that admits one request
 * per 100 ms (10 requests/s, as nginx's {@code limit_req rate=10r/s} without a burst) and turns the others away
 * with 503 (nginx's default) or 429. The figures of docs/http.md come from these runs (printed as AMPLIFICATION
 * lines); the assertions hold with a wide margin on a loaded machine. Real time, about 1.5 s per run.
 */
class AmplificationTest {
  private static final HttpClient CLIENT = Fixtures.httpClient();
  private static final int REQUESTS = 200;

  @Test
  void limiter503_defaultBudget_keepsTheServerLoadNearTheRequestsMade() throws Exception {
    assertThat(run(503, b -> b)).isLessThan(1.5);
  }

  @Test
  void limiter503_withoutBudget_multipliesTheLoad() throws Exception {
    assertThat(run(503, RetryingHttpClientBuilder::withoutBudget)).isGreaterThan(4.0);
  }

  @Test
  void limiter429_defaultBudget_allowsMoreOfTheCheaperThrottlingRetries() throws Exception {
    assertThat(run(429, b -> b)).isBetween(1.3, 1.8);
  }

  @Test
  void limiter429_withoutBudget_multipliesTheLoad() throws Exception {
    assertThat(run(429, RetryingHttpClientBuilder::withoutBudget)).isGreaterThan(4.0);
  }

  /** Runs the load and returns the requests the server saw per request made. */
  private static double run(int rejection, UnaryOperator<RetryingHttpClientBuilder> options) throws Exception {
    try (FaultServer server = FaultServer.start()) {
      AtomicInteger admitted = new AtomicInteger();
      Limiter limiter = new Limiter(100_000_000L);
      server.dispatch(r -> {
        if (limiter.tryAcquire()) {
          admitted.incrementAndGet();
          return FaultReply.ok("ok");
        }
        return FaultReply.status(rejection).withBody("limited");
      });
      RetryingHttpClient http = options.apply(RetryingHttpClient.builder(CLIENT,
          RetryPolicy.<HttpResponse<?>>builder().withMaxAttempts(5).build())).build();
      long start = System.nanoTime();

      List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
      for (int i = 0; i < REQUESTS; i++) {
        calls.add(http.sendAsync(HttpRequest.newBuilder(server.uri("/r/" + i)).build(), BodyHandlers.ofString()));
      }
      CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS); // only a failure waits long

      int seen = server.requestCount();
      double ratio = (double) seen / REQUESTS;
      System.out.printf(Locale.ROOT, "AMPLIFICATION rejection=%d budget=%s made=%d seen=%d ratio=%.2f "
              + "succeeded=%d in %d ms%n", rejection, http.budget().isPresent() ? "default" : "none", REQUESTS, seen,
          ratio, admitted.get(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
      assertThat(calls).allSatisfy(c -> assertThat(c.join().statusCode()).isIn(200, rejection));
      return ratio;
    }
  }

  /** Admits one request per {@code intervalNanos}, as nginx's limit_req without a burst. Thread-safe. */
  private static final class Limiter {
    private final long intervalNanos;
    private long next = System.nanoTime();

    Limiter(long intervalNanos) {
      this.intervalNanos = intervalNanos;
    }

    synchronized boolean tryAcquire() {
      long now = System.nanoTime();
      if (now - next < 0) {
        return false;
      }
      next = now + intervalNanos;
      return true;
    }
  }
}
