package snippets.core;

// tag::fixed-delay[]
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::fixed-delay[]
// tag::percentile-delay[]
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.HedgeWon;
import io.github.backoff.hedge.Hedger;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::percentile-delay[]
// tag::with-retries[]
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::with-retries[]
import io.github.backoff.Ticker;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The core's code blocks of docs/hedging.md (the HTTP one is in backoff-http's {@code snippets.http}); each method
 * takes what the page's text names around its block. {@link HedgingExampleTest} runs them.
 */
final class HedgingDocSnippets {
  private HedgingDocSnippets() {}

  /** The page's {@code service}: a downstream service called asynchronously. */
  interface Service {
    CompletableFuture<String> fetchAsync(String key);
  }

  static CompletableFuture<String> fixedDelay(Service service) {
    // tag::fixed-delay[]
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withDelay(Duration.ofMillis(50))       // no answer after 50 ms: send a second request
        .withMaxHedges(1)
        .build();
    Hedger<String> hedger = Hedger.of(policy);    // one per downstream service
    CompletableFuture<String> answer = hedger.callAsync(() -> service.fetchAsync("k1"));
    // end::fixed-delay[]
    return answer;
  }

  static CompletableFuture<String> percentileDelay(Service service, Ticker ticker,
      ScheduledExecutorService scheduler) {
    // tag::percentile-delay[]
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
    // end::percentile-delay[]
    return answer;
  }

  static CompletableFuture<String> withRetries(Service service, Hedger<String> hedger) {
    // tag::with-retries[]
    RetryPolicy<String> retries = RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0).withFullJitter())
        .withMaxAttempts(3)
        .retryOn(IOException.class)
        .build();
    CompletableFuture<String> answer = Retrier.of(retries)
        .callAsync(() -> hedger.callAsync(() -> service.fetchAsync("k3")));
    // end::with-retries[]
    return answer;
  }
}
