package io.github.backoff;

import static io.github.backoff.Harness.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Harness.Driver;
import io.github.backoff.Harness.Outcome;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A policy with an adaptive rate limiter (issue 14): the core decides the token waits, both drivers honour them. */
class RateLimitedRetryTest {

  private static RetryPolicyBuilder<String> throttlingPolicy(AdaptiveRateLimiter limiter) {
    return RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofMillis(100)))
        .withBackoffFor(RetryKind.<String>onResult("throttling", "429"::equals, Backoff.constant(Duration.ofSeconds(1)))
            .withCostClass(CostClass.THROTTLING))
        .retryIfResult("429"::equals).withMaxAttempts(5).withRateLimiter(limiter);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_afterAThrottle_retriesAndLaterFirstAttemptsWaitForTokens(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    h.script(Harness.value("429"), Harness.value("ok"), Harness.value("ok"));
    RetryPolicy<String> policy = throttlingPolicy(limiter).build();

    Outcome<String> first = h.run(driver, policy);
    Outcome<String> second = h.run(driver, policy);

    assertThat(first.result()).isEqualTo("ok");
    assertThat(second.result()).isEqualTo("ok");
    // Call 1: attempt at 0 (the limiter is off until a throttle). The 429 turns it on at 0.5 token/s (nothing
    // measured yet), with an empty bucket: the retry waits its 1 s backoff plus 2 s for the token.
    // The success at 3 s: measured = 0.8 x 2 responses / 3 s = 0.5333/s; cubic = 0.4 x (3 - 0 - K)^3 + W_max with
    // W_max = K = 0, 10.8/s, capped at 2 x measured = 1.0667/s; the bucket had refilled -1 + 3 s x 0.5 = 0.5
    // token. Call 2 starts at 3 s and its first attempt waits (1 - 0.5) / 1.0667 = 0.46875 s.
    assertThat(h.attemptStarts).containsExactly(0L, ms(3_000), 3_468_750_000L);
  }

  @Test
  void callAsync_delayedFirstAttempt_isScheduledNotWaitedFor() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(scheduler::nanoTime);
    limiter.onResponse(true); // on, at 0.5 token/s, empty
    Retrier<String> retrier = Retrier.builder(throttlingPolicy(limiter).build()).withTicker(scheduler::nanoTime)
        .withSleeper(scheduler::sleep).withScheduler(scheduler).build();
    long[] startedAt = {-1};

    CompletableFuture<String> result = retrier.callAsync(() -> {
      startedAt[0] = scheduler.nanoTime();
      return CompletableFuture.completedFuture("ok");
    });

    assertThat(result).as("returned before the first attempt, no thread held").isNotDone();
    assertThat(startedAt[0]).isEqualTo(-1);
    scheduler.advance(Duration.ofSeconds(2));
    assertThat(result).isCompletedWithValue("ok");
    assertThat(startedAt[0]).isEqualTo(ms(2_000));
  }

  @Test
  void call_interruptedWhileWaitingForAToken_stopsInterrupted() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(scheduler::nanoTime);
    limiter.onResponse(true);
    Retrier<String> retrier = Retrier.builder(throttlingPolicy(limiter).build()).withTicker(scheduler::nanoTime)
        .withSleeper(nanos -> {
          throw new InterruptedException("stop");
        }).build();

    try {
      assertThatThrownBy(() -> retrier.call(() -> "never"))
          .isInstanceOfSatisfying(RetryException.class, e -> {
            assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED);
            assertThat(e.attempts()).isZero();
          });
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_tokenWaitWouldPassMaxElapsed_stopsWithoutWaiting(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    h.script(Harness.value("429"));

    // Backoff 1 s fits in 2.5 s; backoff plus the 2 s token wait does not.
    Outcome<String> outcome = h.run(driver, throttlingPolicy(limiter).withMaxElapsed(Duration.ofMillis(2_500))
        .throwOnRetryableResult().build());

    assertThat(((RetryException) outcome.thrown()).reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(h.attemptStarts).containsExactly(0L);
    // The retry that gave up took no token: the bucket (0.5 token/s since the 429 at 0) is as empty as it was.
    assertThat(limiter.tokens()).isEqualTo(0.0);
    assertThat(limiter.acquireDelayNanos()).as("the next caller is not behind a debt").isEqualTo(ms(2_000));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_tokenWaitWouldPassMaxElapsed_givesTheBudgetCostBack(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    RetryBudget quota = RetryBudget.retryQuota2026();
    h.script(Harness.value("429"));

    Outcome<String> outcome = h.run(driver, throttlingPolicy(limiter).withMaxElapsed(Duration.ofMillis(2_500))
        .withBudget(quota).throwOnRetryableResult().build());

    assertThat(((RetryException) outcome.thrown()).reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(quota.available()).as("the throttling retry's 5 units, taken and given back").isEqualTo(500.0);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_firstTokenWaitWouldPassMaxElapsed_stopsBeforeTheFirstAttempt(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    limiter.onResponse(true); // on, at 0.5 token/s, empty: the next token is 2 s away
    h.script(Harness.value("never sent"));

    Outcome<String> outcome = h.run(driver, throttlingPolicy(limiter).withMaxElapsed(Duration.ofSeconds(2)).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(e.attempts()).isZero();
    assertThat(h.attemptStarts).isEmpty();
    assertThat(h.scheduler.nanoTime()).as("stopped at once, without waiting").isZero();
    assertThat(limiter.tokens()).as("no token taken by the execution that gave up").isEqualTo(0.0);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_manyGiveUpBeforeTheirFirstAttempt_laterCallersWaitNoLonger(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    limiter.onResponse(true); // on, at 0.5 token/s, empty: the next token is 2 s away
    RetryPolicy<String> impatient = throttlingPolicy(limiter).withMaxElapsed(Duration.ofSeconds(1)).build();
    for (int i = 0; i < 50; i++) {
      assertThat(((RetryException) h.run(driver, impatient).thrown()).reason())
          .isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    }
    h.script(Harness.value("ok"));

    Outcome<String> patient = h.run(driver, throttlingPolicy(limiter).build());

    assertThat(patient.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).as("2 s, not 102 s behind 50 abandoned tokens").containsExactly(ms(2_000));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_tokenDueWithinMaxElapsed_takesItAndWaits(Driver driver) {
    Harness<String> h = new Harness<String>();
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(h.scheduler::nanoTime);
    limiter.onResponse(true);
    h.script(Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, throttlingPolicy(limiter).withMaxElapsed(Duration.ofMillis(2_001)).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(ms(2_000));
  }

  @Test
  void withRateLimiter_null_namesParameter() {
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withRateLimiter(null))
        .isInstanceOf(NullPointerException.class).hasMessage("limiter");
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create();
    assertThat(RetryPolicy.<String>builder().withRateLimiter(limiter).build().rateLimiter()).containsSame(limiter);
    assertThat(RetryPolicy.<String>builder().build().rateLimiter()).isEmpty();
  }
}
