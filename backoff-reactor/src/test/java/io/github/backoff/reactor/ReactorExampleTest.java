package io.github.backoff.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The example of docs/reactor.md, kept compiling and running. */
class ReactorExampleTest {
  private final AtomicInteger calls = new AtomicInteger();

  /** Stands for a WebClient call: fails twice, then answers. */
  private Mono<String> fetch() {
    return Mono.defer(() -> calls.incrementAndGet() <= 2 ? Mono.error(new IOException("503")) : Mono.just("body"));
  }

  @Test
  void example_fromTheDocs() {
    // --- docs/reactor.md: begin
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
    // --- docs/reactor.md: end

    StepVerifier.withVirtualTime(() -> counted).thenAwait(Duration.ofSeconds(10)).expectNext("body")
        .verifyComplete();
    calls.set(0);
    StepVerifier.withVirtualTime(() -> body).thenAwait(Duration.ofSeconds(10)).expectNext("body").verifyComplete();
  }

  @Test
  void example_givingUp_isARetryExceptionWithItsReason() {
    BackoffRetry retry = BackoffRetry.of(RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(2).build());
    Mono<String> down = Mono.error(new IOException("down"));

    StepVerifier.withVirtualTime(() -> down.retryWhen(retry))
        .thenAwait(Duration.ofSeconds(1))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED))
        .verify();
  }
}
