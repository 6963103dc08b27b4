package snippets.core;

// tag::quickstart[]
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
// end::quickstart[]
// tag::events[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.LoggingRetryListener;
// end::events[]
// tag::budgets[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
// end::budgets[]
// tag::hedging[]
import io.github.backoff.Retrier;
import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::hedging[]
// tag::executor[]
import io.github.backoff.Retrier;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
// end::executor[]
// tag::virtual-time[]
import io.github.backoff.Retrier;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::virtual-time[]
import io.github.backoff.StopReason;

/**
 * The core's code blocks of README.md (java.net.http ones are in backoff-http's {@code snippets.http}). Each method
 * takes what the README's text names around its block; {@link ReadmeSnippetsTest} runs them.
 */
final class ReadmeSnippets {
  /** The README's {@code fetch(url)}: a call that may throw an {@link IOException}. */
  interface Fetch {
    String fetch(String url) throws IOException;
  }

  /** The README's {@code metrics}: the application's own metrics code. */
  interface Metrics {
    void gaveUp(StopReason reason);
  }

  /** The README's {@code flakyService}. */
  interface FlakyService {
    CompletableFuture<String> fetch();
  }

  private final Fetch fetcher;

  ReadmeSnippets(Fetch fetcher) {
    this.fetcher = fetcher;
  }

  private String fetch(String url) throws IOException {
    return fetcher.fetch(url);
  }

  private CompletableFuture<String> fetchAsync(String url) {
    try {
      return CompletableFuture.completedFuture(fetcher.fetch(url));
    } catch (IOException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  String quickstart(String url) {
    // tag::quickstart[]
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0)
            .withCap(Duration.ofSeconds(5))
            .withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofSeconds(30))
        .retryOn(IOException.class)
        .build();
    String body = Retrier.of(policy).call(() -> fetch(url));
    // end::quickstart[]
    return body;
  }

  static RetryPolicy<String> events(Metrics metrics) {
    // tag::events[]
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .onEvent(LoggingRetryListener.create())   // "retry 3 after IOException: waiting 25 ms (at most 78 ms)"
        .onEvent(event -> {
          if (event instanceof GaveUp<?> g) metrics.gaveUp(g.reason());
        })
        .build();
    // end::events[]
    return policy;
  }

  static RetryPolicy<String> budgets() {
    // tag::budgets[]
    RetryBudget budget = RetryBudget.tokenBucket(100, 0.1);     // gRPC retry throttling
    // RetryBudget.retryQuota()  — AWS SDK standard mode: 500 units, a retry costs 5 (10 after a timeout)
    // RetryBudget.retryQuota2026() — the AWS SDKs from 2026: 14 per transient retry, 5 per throttling retry
    // RetryBudget.ratio()       — Finagle: at most 20 % of the requests of the last 10 s, plus 10 retries/s
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).build();
    // end::budgets[]
    return policy;
  }

  CompletableFuture<String> hedging(RetryPolicy<String> policy, String url) {
    // tag::hedging[]
    Hedger<String> hedger = Hedger.of(HedgePolicy.<String>builder()
        .withPercentileDelay(95.0, Duration.ofMillis(50))
        .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, Ticker.SYSTEM))
        .build());
    CompletableFuture<String> body = Retrier.of(policy).callAsync(() -> hedger.callAsync(() -> fetchAsync(url)));
    // end::hedging[]
    return body;
  }

  /** The README's {@code blockingDao}: a synchronous lookup (JDBC, a blocking SDK). */
  interface BlockingDao {
    String load(String key) throws IOException;
  }

  static CompletableFuture<String> executor(RetryPolicy<String> policy, BlockingDao blockingDao) {
    // tag::executor[]
    ExecutorService jdbcPool = Executors.newFixedThreadPool(32);   // as many as the connection pool allows
    Retrier<String> retrier = Retrier.builder(policy).withExecutor(jdbcPool).build();
    CompletableFuture<String> row = retrier.callAsync(() -> {
      try {
        return CompletableFuture.completedFuture(blockingDao.load("k1"));   // blocks a jdbcPool thread
      } catch (IOException e) {
        return CompletableFuture.failedFuture(e);
      }
    });
    // end::executor[]
    row.whenComplete((r, t) -> jdbcPool.shutdown());
    return row;
  }

  static CompletableFuture<String> virtualTime(RetryPolicy<String> policy, FlakyService flakyService) {
    // tag::virtual-time[]
    ManualScheduler scheduler = new ManualScheduler();
    Retrier<String> retrier = Retrier.builder(policy)
        .withTicker(scheduler::nanoTime).withSleeper(scheduler::sleep).withScheduler(scheduler)
        .withRandom(Randoms.seeded(42))
        .build();
    CompletableFuture<String> result = retrier.callAsync(flakyService::fetch);
    scheduler.advance(Duration.ofSeconds(1));     // runs the retries that fall due, instantly
    // end::virtual-time[]
    return result;
  }
}
