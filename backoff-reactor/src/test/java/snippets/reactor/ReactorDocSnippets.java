package snippets.reactor;

// tag::example[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.reactor.BackoffRetry;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import reactor.core.publisher.Mono;
// end::example[]
import java.util.List;
import java.util.function.Supplier;

/** The code block of docs/reactor.md; {@link ReactorExampleTest} runs it in virtual time. */
final class ReactorDocSnippets {
  private final Supplier<Mono<String>> fetcher;

  ReactorDocSnippets(Supplier<Mono<String>> fetcher) {
    this.fetcher = fetcher;
  }

  /** The page's {@code fetch()}: the call to retry, a {@code Mono<String>}. */
  private Mono<String> fetch() {
    return fetcher.get();
  }

  /** The two Monos of the page's block: {@code body} (errors only) and {@code counted}. */
  List<Mono<String>> example() {
    // tag::example[]
    RetryBudget budget = RetryBudget.tokenBucket(100, 0.1);          // one per downstream service
    RetryPolicy<Object> policy = RetryPolicy.builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0)
            .withCap(Duration.ofSeconds(5))
            .withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofSeconds(30))
        .retryOn(IOException.class)
        .withBudget(budget)
        .onEvent(LoggingRetryListener.create())
        .build();
    BackoffRetry retry = BackoffRetry.of(policy);

    Mono<String> body = fetch().retryWhen(retry);        // errors only
    Mono<String> counted = retry.apply(fetch());         // and successes reported to the budget and listeners
    // end::example[]
    return List.of(body, counted);
  }
}
