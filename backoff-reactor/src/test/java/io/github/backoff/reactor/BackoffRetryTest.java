package io.github.backoff.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

class BackoffRetryTest {
  private final AtomicInteger subscriptions = new AtomicInteger();
  private final List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();

  @Test
  void apply_rateLimiterTokenNotDue_delaysTheFirstSubscriptionUntilItIs() {
    VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> scheduler.now(TimeUnit.NANOSECONDS));
    limiter.onResponse(true); // on, at 0.5 token/s, empty: the next token is 2 s away
    BackoffRetry retry = BackoffRetry.builder(constant(3).withRateLimiter(limiter).build()).withScheduler(scheduler)
        .build();

    Mono<String> call = retry.apply(flaky(0, new IOException()));
    call.subscribe();
    scheduler.advanceTimeBy(Duration.ofMillis(1_999));
    assertThat(subscriptions).as("waiting for the token").hasValue(0);
    scheduler.advanceTimeBy(Duration.ofMillis(1));
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void apply_rateLimiterTokenDueAfterMaxElapsed_failsWithoutSubscribing() {
    VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(() -> scheduler.now(TimeUnit.NANOSECONDS));
    limiter.onResponse(true);
    BackoffRetry retry = BackoffRetry.builder(constant(3).withRateLimiter(limiter)
        .withMaxElapsed(Duration.ofSeconds(1)).build()).withScheduler(scheduler).build();

    StepVerifier.create(retry.apply(flaky(0, new IOException())))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason())
            .isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED))
        .verify(Duration.ofSeconds(10));
    assertThat(subscriptions).hasValue(0);
  }

  private RetryPolicyBuilder<Object> constant(int maxAttempts) {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(maxAttempts)
        .onEvent(events::add).build().toBuilder(); // a test may set each option once more
  }

  /** Fails with {@code failure} on the first {@code failures} subscriptions, then emits "ok". */
  private Mono<String> flaky(int failures, Exception failure) {
    return Mono.defer(() -> subscriptions.incrementAndGet() <= failures ? Mono.error(failure) : Mono.just("ok"));
  }

  @Test
  void retryWhen_failsTwiceThenSucceeds_waitsTheStrategysDelayOnVirtualTime() {
    BackoffRetry retry = BackoffRetry.of(constant(5).build());

    StepVerifier.withVirtualTime(() -> flaky(2, new IOException("down")).retryWhen(retry))
        .expectSubscription()
        .expectNoEvent(Duration.ofSeconds(1))
        .expectNoEvent(Duration.ofMillis(999))
        .thenAwait(Duration.ofMillis(1))
        .expectNext("ok")
        .verifyComplete();

    assertThat(subscriptions).hasValue(3);
    assertThat(events).filteredOn(RetryScheduled.class::isInstance)
        .extracting(e -> ((RetryScheduled<?>) e).delay()).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(1));
  }

  @Test
  void retryWhen_attemptsExhausted_failsWithRetryExceptionAndItsReason() {
    IOException failure = new IOException("down");

    StepVerifier.withVirtualTime(() -> flaky(10, failure).retryWhen(BackoffRetry.of(constant(3).build())))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(2))
        .expectErrorSatisfies(e -> {
          assertThat(e).isInstanceOf(RetryException.class);
          RetryException r = (RetryException) e;
          assertThat(r.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(r.attempts()).isEqualTo(3);
          assertThat(r.elapsed()).isEqualTo(Duration.ofSeconds(2));
          assertThat(r.getCause()).isSameAs(failure);
        })
        .verify();
    assertThat(subscriptions).hasValue(3);
    assertThat(events).last().isInstanceOf(GaveUp.class);
  }

  @Test
  void retryWhen_abortCondition_failsAtOnceWithAborted() {
    BackoffRetry retry = BackoffRetry.of(constant(5).abortOn(FileNotFoundException.class).build());

    StepVerifier.create(flaky(10, new FileNotFoundException()).retryWhen(retry))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason()).isEqualTo(StopReason.ABORTED))
        .verify(Duration.ofSeconds(10));
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void retryWhen_unmatchedError_isSignalledUnchanged() {
    AssertionError error = new AssertionError("bug");
    Mono<String> failing = Mono.defer(() -> {
      subscriptions.incrementAndGet();
      return Mono.error(error);
    });

    StepVerifier.create(failing.retryWhen(BackoffRetry.of(constant(5).build())))
        .expectErrorSatisfies(e -> assertThat(e).isSameAs(error))
        .verify(Duration.ofSeconds(10));
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void retryWhen_timeBudget_readsTheSchedulersClock() {
    BackoffRetry retry = BackoffRetry.of(constant(10).withMaxElapsed(Duration.ofMillis(2500)).build());

    StepVerifier.withVirtualTime(() -> flaky(10, new IOException()).retryWhen(retry))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(1))
        .thenAwait(Duration.ofSeconds(1))
        .expectErrorSatisfies(
            e -> assertThat(((RetryException) e).reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED))
        .verify();
    // Attempts at 0 s and 1 s wait; the one at 2 s would wait until 3 s, past the 2.5 s budget.
    assertThat(subscriptions).hasValue(3);
  }

  @Test
  void retryWhen_cancelledDuringTheWait_startsNoFurtherAttempt() {
    VirtualTimeScheduler scheduler = VirtualTimeScheduler.create();
    BackoffRetry retry = BackoffRetry.builder(constant(5).build()).withScheduler(scheduler).build();

    Disposable subscription = flaky(10, new IOException()).retryWhen(retry).subscribe(v -> { }, e -> { });
    assertThat(subscriptions).hasValue(1);
    subscription.dispose();
    scheduler.advanceTimeBy(Duration.ofMinutes(1));

    assertThat(subscriptions).hasValue(1);
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).hasSize(1);
  }

  @Test
  void retryWhen_budgetDenies_failsWithBudgetDenied() {
    RetryBudget budget = RetryBudget.retryQuota(5, 5, 5);
    BackoffRetry retry = BackoffRetry.of(constant(5).withBudget(budget).build());
    StepVerifier.withVirtualTime(() -> flaky(1, new IOException()).retryWhen(retry))
        .expectSubscription().thenAwait(Duration.ofSeconds(1)).expectNext("ok").verifyComplete();
    subscriptions.set(0);

    StepVerifier.withVirtualTime(() -> flaky(1, new IOException()).retryWhen(retry))
        .expectErrorSatisfies(e -> assertThat(((RetryException) e).reason()).isEqualTo(StopReason.BUDGET_DENIED))
        .verify();
    assertThat(subscriptions).hasValue(1);
  }

  @Test
  void applyMono_success_isReportedToTheBudgetAndTheListeners() {
    RetryBudget budget = RetryBudget.retryQuota(5, 5, 5);
    BackoffRetry retry = BackoffRetry.of(constant(5).withBudget(budget).build());

    StepVerifier.withVirtualTime(() -> retry.apply(flaky(1, new IOException())))
        .expectSubscription().thenAwait(Duration.ofSeconds(1)).expectNext("ok").verifyComplete();

    assertThat(budget.available()).isEqualTo(5.0); // the retry's cost came back: a second call may retry too
    assertThat(events).last().isInstanceOfSatisfying(Succeeded.class, s -> assertThat(s.attempt()).isEqualTo(2));
  }

  @Test
  void applyFlux_completion_isReportedAsASuccess() {
    AtomicInteger calls = new AtomicInteger();
    Flux<Integer> flux = Flux.defer(() -> calls.incrementAndGet() == 1
        ? Flux.concat(Flux.just(1), Flux.error(new IOException()))
        : Flux.just(1, 2));
    BackoffRetry retry = BackoffRetry.of(constant(5).build());

    StepVerifier.withVirtualTime(() -> retry.apply(flux))
        .expectNext(1).thenAwait(Duration.ofSeconds(1)).expectNext(1, 2).verifyComplete();

    assertThat(events).last().isInstanceOf(Succeeded.class);
  }

  @Test
  void retryWhen_zeroWait_retriesAtOnceWithoutAScheduler() {
    BackoffRetry retry = BackoffRetry.of(RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(4).build());

    StepVerifier.create(flaky(3, new IOException()).retryWhen(retry)).expectNext("ok").verifyComplete();
    assertThat(subscriptions).hasValue(4);
  }

  @Test
  void eachSubscription_isOneExecution() {
    BackoffRetry retry = BackoffRetry.of(RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(2).build());
    Mono<String> twoFailures = flaky(2, new IOException());
    Mono<String> retried = twoFailures.retryWhen(retry);

    StepVerifier.create(retried).expectError(RetryException.class).verify(Duration.ofSeconds(10));
    StepVerifier.create(retried).expectNext("ok").verifyComplete(); // a fresh execution: two attempts again
  }

  @Test
  void withRandom_seeded_jitteredWaitsAreTheStrategysForThatSeed() {
    Backoff jittered = Backoff.exponential(Duration.ofSeconds(1), 2.0).withFullJitter();
    java.util.SplittableRandom expectedRandom = new java.util.SplittableRandom(42);
    long first = jittered.delayNanos(1, 0, expectedRandom);
    long second = jittered.delayNanos(2, first, expectedRandom);
    BackoffRetry retry = BackoffRetry.builder(RetryPolicy.builder().withBackoff(jittered).withMaxAttempts(3)
        .onEvent(events::add).build()).withRandom(new java.util.SplittableRandom(42)).build();

    StepVerifier.withVirtualTime(() -> flaky(2, new IOException()).retryWhen(retry))
        .expectSubscription()
        .thenAwait(Duration.ofSeconds(10))
        .expectNext("ok")
        .verifyComplete();

    assertThat(events).filteredOn(RetryScheduled.class::isInstance)
        .extracting(e -> ((RetryScheduled<?>) e).delay())
        .containsExactly(Duration.ofNanos(first), Duration.ofNanos(second));
  }

  @Test
  void of_nullPolicy_throwsNamingIt() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BackoffRetry.of(null))
        .isInstanceOf(NullPointerException.class).hasMessage("policy");
  }
}
