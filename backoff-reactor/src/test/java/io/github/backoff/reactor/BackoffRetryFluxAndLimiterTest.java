package io.github.backoff.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** {@code apply(Flux)} and {@code retryWhen} under a rate limiter, and what a {@link BackoffRetry} says it is. */
class BackoffRetryFluxAndLimiterTest {
  private final AtomicInteger subscriptions = new AtomicInteger();
  private final VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();
  /** On, at 0.5 token/s, empty: the next token is 2 s away. */
  private final AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> scheduler.now(TimeUnit.NANOSECONDS));

  private RetryPolicyBuilder<Object> constant(int maxAttempts) {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(maxAttempts)
        .build().toBuilder(); // a test may set each option once more
  }

  private Flux<String> counted(Flux<String> flux) {
    return Flux.defer(() -> {
      subscriptions.incrementAndGet();
      return flux;
    });
  }

  @Test
  void applyFlux_rateLimiterTokenNotDue_delaysTheFirstSubscriptionUntilItIs() {
    limiter.onResponse(true);
    BackoffRetry retry = BackoffRetry.builder(constant(3).withRateLimiter(limiter).build()).withScheduler(scheduler)
        .build();

    retry.apply(counted(Flux.just("a", "b"))).subscribe();
    scheduler.advanceTimeBy(Duration.ofMillis(1_999));
    assertThat(subscriptions).as("waiting for the token").hasValue(0);
    scheduler.advanceTimeBy(Duration.ofMillis(1));
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void applyFlux_rateLimiterTokenDueAfterMaxElapsed_failsWithoutSubscribing() {
    limiter.onResponse(true);
    BackoffRetry retry = BackoffRetry.builder(constant(3).withRateLimiter(limiter)
        .withMaxElapsed(Duration.ofSeconds(1)).build()).withScheduler(scheduler).build();

    StepVerifier.create(retry.apply(counted(Flux.just("a"))))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason())
            .isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED))
        .verify(Duration.ofSeconds(10));
    assertThat(subscriptions).hasValue(0);
  }

  @Test
  void applyFlux_noLimiter_subscribesAtOnce() {
    BackoffRetry retry = BackoffRetry.builder(constant(3).build()).withScheduler(scheduler).build();

    StepVerifier.create(retry.apply(counted(Flux.just("a", "b")))).expectNext("a", "b").verifyComplete();
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void retryWhen_rateLimiterTokenDueAfterMaxElapsed_failsAtTheFirstFailureWithoutRetrying() {
    limiter.onResponse(true);
    BackoffRetry retry = BackoffRetry.builder(constant(3).withRateLimiter(limiter)
        .withMaxElapsed(Duration.ofSeconds(1)).build()).withScheduler(scheduler).build();
    IOException failure = new IOException("down");

    StepVerifier.create(counted(Flux.error(failure)).retryWhen(retry))
        .expectErrorSatisfies(e -> assertThat(e).isInstanceOfSatisfying(RetryException.class,
            r -> assertThat(r.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED)))
        .verify(Duration.ofSeconds(10));
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void policyAndToString_nameThePolicy() {
    RetryPolicy<Object> policy = constant(3).build();
    BackoffRetry retry = BackoffRetry.of(policy);

    assertThat(retry.policy()).isSameAs(policy);
    assertThat(retry.toString()).isEqualTo("BackoffRetry[" + policy + "]");
  }

  @Test
  void applyMono_defaultScheduler_waitsOnParallelUnderVirtualTime() {
    BackoffRetry retry = BackoffRetry.of(constant(3).build());
    AtomicInteger calls = new AtomicInteger();
    Mono<String> flaky = Mono.defer(() -> calls.incrementAndGet() == 1 ? Mono.error(new IOException())
        : Mono.just("ok"));

    StepVerifier.withVirtualTime(() -> retry.apply(flaky))
        .expectSubscription()
        .expectNoEvent(Duration.ofMillis(999))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();
  }
}
