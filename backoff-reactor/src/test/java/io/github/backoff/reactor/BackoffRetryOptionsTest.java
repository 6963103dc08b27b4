package io.github.backoff.reactor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Every policy option is honoured by BackoffRetry, or refused with a message; none is dropped silently. */
class BackoffRetryOptionsTest {
  private final AtomicInteger subscriptions = new AtomicInteger();

  private static RetryPolicy<Object> timed(Duration attemptTimeout) {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
        .withAttemptTimeout(attemptTimeout).build();
  }

  @Test
  void of_policyWithResultCondition_isRejectedNamingTheProblem() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().retryIfResult(String::isEmpty).build();

    assertThatThrownBy(() -> BackoffRetry.of(policy)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("BackoffRetry cannot apply the policy's result condition (retryIfResult): "
            + "retryWhen sees errors, never values");
    assertThatThrownBy(() -> BackoffRetry.builder(policy)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void applyMono_attemptTimeout_cancelsTheSlowAttemptAndRetries() {
    Mono<String> slowOnce = Mono.defer(() -> subscriptions.incrementAndGet() == 1 ? Mono.never() : Mono.just("ok"));
    BackoffRetry retry = BackoffRetry.of(timed(Duration.ofSeconds(2)));

    StepVerifier.withVirtualTime(() -> retry.apply(slowOnce))
        .expectSubscription()
        .expectNoEvent(Duration.ofSeconds(2))   // the first attempt times out at 2 s
        .thenAwait(Duration.ofSeconds(1))       // the 1 s wait, then the second attempt answers
        .expectNext("ok").verifyComplete();
    assertThat(subscriptions).hasValue(2);
  }

  @Test
  void applyMono_attemptTimeoutEveryTime_givesUpWithTheCoresTimeoutAsCause() {
    BackoffRetry retry = BackoffRetry.of(timed(Duration.ofSeconds(2)));

    StepVerifier.withVirtualTime(() -> retry.apply(Mono.defer(() -> {
      subscriptions.incrementAndGet();
      return Mono.<String>never();
    })))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(10))
        .expectErrorSatisfies(e -> {
          assertThat(((RetryException) e).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.getCause()).isInstanceOf(AttemptTimeoutException.class);
        })
        .verify();
    assertThat(subscriptions).hasValue(3);
  }

  @Test
  void applyFlux_attemptTimeout_coversTheWholeAttemptNotEachElement() {
    // Elements every second, for 4 s: each gap is below the 2.5 s timeout, the attempt is not.
    Flux<Long> slow = Flux.defer(() -> {
      subscriptions.incrementAndGet();
      return Flux.interval(Duration.ofSeconds(1)).take(4);
    });
    BackoffRetry retry = BackoffRetry.of(timed(Duration.ofMillis(2500)));

    StepVerifier.withVirtualTime(() -> retry.apply(slow))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(2)).expectNext(0L, 1L)
        .thenAwait(Duration.ofMillis(500)) // 2.5 s: the first attempt times out
        .then(() -> assertThat(subscriptions).hasValue(1))
        .thenAwait(Duration.ofSeconds(1))  // the wait; the second attempt starts at 3.5 s
        .then(() -> assertThat(subscriptions).hasValue(2))
        .thenCancel().verify();
  }

  @Test
  void applyFlux_fastAttempt_isNotTimedOut() {
    BackoffRetry retry = BackoffRetry.of(timed(Duration.ofSeconds(2)));

    StepVerifier.withVirtualTime(() -> retry.apply(Flux.interval(Duration.ofMillis(500)).take(3)))
        .thenAwait(Duration.ofSeconds(2)).expectNext(0L, 1L, 2L).verifyComplete();
  }

  @Test
  void retryWhen_policyWithAttemptTimeout_failsTheSubscriptionSayingSo() {
    BackoffRetry retry = BackoffRetry.of(timed(Duration.ofSeconds(2)));

    StepVerifier.create(Mono.error(new IOException()).retryWhen(retry))
        .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalStateException.class)
            .hasMessageStartingWith("BackoffRetry cannot apply the policy's attemptTimeout (PT2S) through retryWhen"))
        .verify(Duration.ofSeconds(10));
  }
}
