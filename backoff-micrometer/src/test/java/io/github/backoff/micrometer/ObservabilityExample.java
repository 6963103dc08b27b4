package io.github.backoff.micrometer;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.time.Duration;

/**
 * The example application of docs/observability.md: 25 calls to an "inventory" service that fail in a known
 * pattern, retried under a policy bound to a Prometheus registry. Time is virtual (a {@link FakeClock} for the
 * retrier, a {@link MockClock} for the registry), so the scrape is the same on every run.
 *
 * <ul>
 *   <li>calls 0–19, by {@code i % 10}: 0–5 succeed at once; 6–7 fail once, then succeed; 8 always fails (3
 *       attempts, attempts exhausted); 9 throws an {@link IllegalArgumentException}, which is not retried;
 *   <li>calls 20–24: an outage, every attempt fails, and the retry quota (20 units, 5 per retry) runs dry.
 * </ul>
 */
public final class ObservabilityExample {
  private ObservabilityExample() {}

  /** Runs the 25 calls and returns the Prometheus scrape. */
  public static String run() {
    PrometheusMeterRegistry registry =
        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), new MockClock());
    FakeClock clock = new FakeClock();

    RetryPolicy<String> policy = BackoffMetrics.bind(registry, "inventory", RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0))   // no jitter: 100 ms, then 200 ms
        .withMaxAttempts(3)
        .retryOn(IOException.class)
        .withBudget(RetryBudget.retryQuota(20, 5, 10))
        .build());
    Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();

    for (int i = 0; i < 25; i++) {
      int pattern = i < 20 ? i % 10 : -1;
      int[] attempt = {0};
      try {
        retrier.call(() -> {
          attempt[0]++;
          if (pattern == 9) {
            throw new IllegalArgumentException("no such item");
          }
          if (pattern == -1 || pattern == 8 || (pattern >= 6 && attempt[0] == 1)) {
            throw new IOException("connection reset");
          }
          return "42 in stock";
        });
      } catch (RetryException e) {
        // Counted by the metrics: that is the point of the example.
      }
    }
    return registry.scrape();
  }

  /** Prints the scrape. */
  public static void main(String[] args) {
    System.out.print(run());
  }
}
