package snippets.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Ticker;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Runs the core's examples of docs/hedging.md ({@link HedgingDocSnippets}): they do what the page says. */
class HedgingExampleTest {

  /** A stand-in for a remote service: the first request of each pair hangs, the second answers at once. */
  static final class Service implements HedgingDocSnippets.Service {
    final AtomicInteger requests = new AtomicInteger();

    @Override
    public CompletableFuture<String> fetchAsync(String key) {
      return requests.incrementAndGet() % 2 == 1 ? new CompletableFuture<>()
          : CompletableFuture.completedFuture("value of " + key);
    }
  }

  private final Service service = new Service();

  @Test
  void fixedDelay_example() {
    CompletableFuture<String> answer = HedgingDocSnippets.fixedDelay(service);

    assertThat(answer.join()).isEqualTo("value of k1");
    assertThat(service.requests).hasValue(2);
  }

  @Test
  void percentileDelayWithBudget_example() {
    ManualScheduler scheduler = new ManualScheduler();
    Ticker ticker = scheduler::nanoTime;

    CompletableFuture<String> answer = HedgingDocSnippets.percentileDelay(service, ticker, scheduler);

    scheduler.advance(Duration.ofMillis(50));
    assertThat(answer).isCompletedWithValue("value of k2");
    assertThat(service.requests).hasValue(2);
  }

  @Test
  void retryOutsideHedgeInside_example() {
    Hedger<String> hedger = Hedger.of(HedgePolicy.<String>builder().withDelay(Duration.ofMillis(20)).build());

    CompletableFuture<String> answer = HedgingDocSnippets.withRetries(service, hedger);

    assertThat(answer.join()).isEqualTo("value of k3");
  }
}
