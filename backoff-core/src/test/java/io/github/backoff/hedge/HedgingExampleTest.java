package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Holds the examples of docs/hedging.md and README.md, so that they keep compiling and doing what they say. */
class HedgingExampleTest {

  /** A stand-in for a remote service: the first request of each pair hangs, the second answers at once. */
  static final class Service {
    final AtomicInteger requests = new AtomicInteger();

    CompletableFuture<String> fetchAsync(String key) {
      return requests.incrementAndGet() % 2 == 1 ? new CompletableFuture<>()
          : CompletableFuture.completedFuture("value of " + key);
    }
  }

  private final Service service = new Service();

  @Test
  void fixedDelay_example() {
    // --- docs/hedging.md: fixed delay ---
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withDelay(Duration.ofMillis(50))       // no answer after 50 ms: send a second request
        .withMaxHedges(1)
        .build();
    Hedger<String> hedger = Hedger.of(policy);    // one per downstream service
    CompletableFuture<String> answer = hedger.callAsync(() -> service.fetchAsync("k1"));
    // --- end ---

    assertThat(answer.join()).isEqualTo("value of k1");
    assertThat(service.requests).hasValue(2);
  }

  @Test
  void percentileDelayWithBudget_example() {
    ManualScheduler scheduler = new ManualScheduler();
    Ticker ticker = scheduler::nanoTime;
    // --- docs/hedging.md: percentile delay with a budget ---
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withPercentileDelay(95.0, Duration.ofMillis(50))  // p95 of recent latencies; 50 ms until it knows
        .withMinDelay(Duration.ofMillis(1))
        .withMaxHedges(2)
        .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, ticker))  // hedges <= 5 % of calls
        .hedgeOn(IOException.class)                // a fast IOException sends the next hedge at once
        .onEvent(event -> {
          if (event instanceof HedgeWon<?> won && won.attempt() > 1) {
            System.out.println("a hedge won after " + won.elapsed());
          }
        })
        .build();
    Hedger<String> hedger = Hedger.builder(policy).withTicker(ticker).withScheduler(scheduler).build();
    CompletableFuture<String> answer = hedger.callAsync(() -> service.fetchAsync("k2"));
    // --- end ---

    scheduler.advance(Duration.ofMillis(50));
    assertThat(answer).isCompletedWithValue("value of k2");
    assertThat(service.requests).hasValue(2);
  }

  @Test
  void readme_example() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().build();
    String url = "k4";
    // --- README.md: Hedged requests ---
    Hedger<String> hedger = Hedger.of(HedgePolicy.<String>builder()
        .withPercentileDelay(95.0, Duration.ofMillis(50))
        .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, Ticker.SYSTEM))
        .build());
    CompletableFuture<String> body = Retrier.of(policy).callAsync(() -> hedger.callAsync(() -> fetchAsync(url)));
    // --- end ---

    assertThat(body.join()).isEqualTo("value of k4");
  }

  private CompletableFuture<String> fetchAsync(String key) {
    return CompletableFuture.completedFuture("value of " + key);
  }

  @Test
  void retryOutsideHedgeInside_example() {
    Hedger<String> hedger = Hedger.of(HedgePolicy.<String>builder().withDelay(Duration.ofMillis(20)).build());
    // --- docs/hedging.md: with retries ---
    RetryPolicy<String> retries = RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0).withFullJitter())
        .withMaxAttempts(3)
        .retryOn(IOException.class)
        .build();
    CompletableFuture<String> answer = Retrier.of(retries)
        .callAsync(() -> hedger.callAsync(() -> service.fetchAsync("k3")));
    // --- end ---

    assertThat(answer.join()).isEqualTo("value of k3");
  }
}
