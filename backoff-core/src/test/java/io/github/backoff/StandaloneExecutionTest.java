package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class StandaloneExecutionTest {
  private final FakeClock clock = new FakeClock();
  private final List<RetryEvent<?>> events = new CopyOnWriteArrayList<>();

  private Retrier<String> retrier(RetryPolicyBuilder<String> builder) {
    return Retrier.builder(builder.onEvent(events::add).build()).withTicker(clock::nanoTime).build();
  }

  private static RetryPolicyBuilder<String> constant(int maxAttempts) {
    return RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(maxAttempts);
  }

  @Test
  void startNanos_isTheTickersReadingAtTheStart_andStaysWhileTimePasses() {
    clock.advance(Duration.ofSeconds(7));
    long started = clock.nanoTime();
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3)));
    clock.advance(Duration.ofSeconds(1));
    execution.onFailure(null, new IOException("1"));

    assertThat(execution.startNanos()).isEqualTo(started);
  }

  @Test
  void onFailure_retryableFailures_returnsTheStrategysWaitThenStopsWithAttemptsExhausted() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3)));
    IOException first = new IOException("1");
    IOException last = new IOException("3");

    assertThat(execution.onFailure(null, first)).isEqualTo(1_000_000_000L);
    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure(null, new IOException("2"))).isEqualTo(1_000_000_000L);
    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure(null, last)).isEqualTo(StandaloneExecution.STOP);

    assertThat(execution.stopReason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(execution.failedAttempts()).isEqualTo(3);
    assertThat(execution.failure()).isInstanceOfSatisfying(RetryException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(e.attempts()).isEqualTo(3);
      assertThat(e.elapsed()).isEqualTo(Duration.ofSeconds(2));
      assertThat(e.getCause()).isSameAs(last);
      assertThat(e.getSuppressed()).hasSize(2).startsWith(first);
    });
    assertThat(events).filteredOn(RetryScheduled.class::isInstance).hasSize(2);
    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
  }

  @Test
  void onFailure_abortCondition_stopsAtOnceAndOutcomeThrows() {
    StandaloneExecution<String> execution =
        StandaloneExecution.start(retrier(constant(5).abortOn(FileNotFoundException.class)));

    assertThat(execution.onFailure(null, new FileNotFoundException())).isEqualTo(StandaloneExecution.STOP);
    assertThatThrownBy(execution::outcome).isInstanceOfSatisfying(RetryException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.ABORTED));
  }

  @Test
  void onFailure_unmatchedError_failureIsTheErrorItself() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(5)));
    AssertionError error = new AssertionError("bug");

    assertThat(execution.onFailure(null, error)).isEqualTo(StandaloneExecution.STOP);
    assertThat(execution.failure()).isSameAs(error);
  }

  @Test
  void onFailure_afterStop_throwsIllegalState() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(1)));
    execution.onFailure(null, new IOException());

    assertThatThrownBy(() -> execution.onFailure(null, new IOException()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the execution already stopped: ATTEMPTS_EXHAUSTED");
  }

  @Test
  void outcome_beforeStop_throwsIllegalState() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3)));

    assertThatThrownBy(execution::outcome).isInstanceOf(IllegalStateException.class)
        .hasMessage("the execution has not stopped");
  }

  @Test
  void onFailure_timeBudget_countsFromStart() {
    StandaloneExecution<String> execution =
        StandaloneExecution.start(retrier(constant(10).withMaxElapsed(Duration.ofMillis(2500))));

    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure(null, new IOException())).isEqualTo(1_000_000_000L);
    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure(null, new IOException())).isEqualTo(StandaloneExecution.STOP);
    assertThat(execution.stopReason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
  }

  @Test
  void onFailure_callersDeadlineBeforeTheWaitEnds_stopsWithTimeBudgetExhaustedAndTakesNoBudget() {
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(10).withBudget(budget)));

    assertThat(execution.onFailure(null, new IOException(), 1_000_000_001L)).isEqualTo(1_000_000_000L);
    assertThat(budget.available()).isEqualTo(5.0);
    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure(null, new IOException(), 1_000_000_000L)).isEqualTo(StandaloneExecution.STOP);

    assertThat(execution.stopReason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(budget.available()).isEqualTo(5.0); // the refused retry took nothing
    assertThat(events).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
  }

  @Test
  void onFailure_callersDeadlinePassed_stopsEvenWithoutMaxElapsed() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(10)));

    assertThat(execution.onFailure(null, new IOException(), -5)).isEqualTo(StandaloneExecution.STOP);
    assertThat(execution.stopReason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
  }

  @Test
  void onFailure_callersDeadlineAndMaxElapsed_theNearerDecidesAndTheOverrideSeesIt() {
    List<Duration> seen = new CopyOnWriteArrayList<>();
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(10)
        .withMaxElapsed(Duration.ofSeconds(5))
        .withDelayOverride(c -> {
          seen.add(c.timeLeft().orElseThrow());
          return null;
        }, Duration.ZERO, Duration.ofMinutes(1))));

    execution.onFailure(null, new IOException(), Duration.ofSeconds(3).toNanos());
    clock.advance(Duration.ofSeconds(1));
    execution.onFailure(null, new IOException(), Long.MAX_VALUE);

    assertThat(seen).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(4));
  }

  @Test
  void onFailure_notRetryableFailurePastTheDeadline_stopsAsNotRetryable() {
    StandaloneExecution<String> execution =
        StandaloneExecution.start(retrier(constant(10).retryOn(IOException.class)));

    assertThat(execution.onFailure(null, new IllegalStateException(), 0)).isEqualTo(StandaloneExecution.STOP);
    assertThat(execution.stopReason()).isEqualTo(StopReason.NOT_RETRYABLE);
  }

  @Test
  void onSuccess_afterRetries_givesTheBudgetBackAndEmitsSucceeded() {
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(5).withBudget(budget)));

    execution.onFailure(null, new IOException());
    assertThat(budget.available()).isEqualTo(5.0);
    execution.onSuccess("ok");

    assertThat(budget.available()).isEqualTo(10.0);
    assertThat(events).last().isInstanceOfSatisfying(Succeeded.class, s -> {
      assertThat(s.attempt()).isEqualTo(2);
      assertThat(s.result()).isEqualTo("ok");
    });
  }

  @Test
  void onFailure_budgetDenies_stopsWithBudgetDenied() {
    RetryBudget budget = RetryBudget.retryQuota(5, 5, 5);
    Retrier<String> retrier = retrier(constant(5).withBudget(budget));
    StandaloneExecution.start(retrier).onFailure(null, new IOException());
    StandaloneExecution<String> second = StandaloneExecution.start(retrier);

    assertThat(second.onFailure(null, new IOException())).isEqualTo(StandaloneExecution.STOP);
    assertThat(second.stopReason()).isEqualTo(StopReason.BUDGET_DENIED);
  }

  @Test
  void isSuccess_resultCondition_followsThePolicy() {
    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3).retryIfResult(""::equals)));

    assertThat(execution.isSuccess("x")).isTrue();
    assertThat(execution.isSuccess("")).isFalse();
    assertThat(execution.onFailure("", null)).isEqualTo(1_000_000_000L);
  }

  @Test
  void start_nullRetrier_throwsNamingIt() {
    assertThatThrownBy(() -> StandaloneExecution.start(null)).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("retrier");
  }

  @Test
  void firstAttemptDelayNanos_withoutRateLimiter_isZero() {
    assertThat(StandaloneExecution.start(retrier(constant(3))).firstAttemptDelayNanos()).isZero();
  }

  @Test
  void firstAttemptDelayNanos_tokenNotDueYet_isTheTokensWait() {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(clock::nanoTime);
    limiter.onResponse(true); // on, at 0.5 token/s, empty: the next token is 2 s away

    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3).withRateLimiter(limiter)));

    assertThat(execution.firstAttemptDelayNanos()).isEqualTo(Duration.ofSeconds(2).toNanos());
    assertThat(execution.stopReason()).isNull();
  }

  @Test
  void firstAttemptDelayNanos_tokenDueAfterMaxElapsed_stopsBeforeAnyAttemptAndTakesNoToken() {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(clock::nanoTime);
    limiter.onResponse(true);

    StandaloneExecution<String> execution = StandaloneExecution.start(retrier(constant(3).withRateLimiter(limiter)
        .withMaxElapsed(Duration.ofSeconds(1))));

    assertThat(execution.firstAttemptDelayNanos()).isEqualTo(StandaloneExecution.STOP);
    assertThat(execution.stopReason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(execution.failure()).isInstanceOf(RetryException.class);
    assertThat(execution.failedAttempts()).isZero();
    assertThat(limiter.tokens()).isEqualTo(0.0);
  }

  @Test
  void outcome_stoppedOnARetryableResult_returnsTheLastResult() {
    StandaloneExecution<String> execution =
        StandaloneExecution.start(retrier(constant(2).retryIfResult("busy"::equals)));

    assertThatThrownBy(execution::outcome).isInstanceOf(IllegalStateException.class)
        .hasMessage("the execution has not stopped");
    assertThat(execution.onFailure("busy", null)).isEqualTo(1_000_000_000L);
    clock.advance(Duration.ofSeconds(1));
    assertThat(execution.onFailure("busy", null)).isEqualTo(StandaloneExecution.STOP);

    assertThat(execution.outcome()).isEqualTo("busy");
  }
}
