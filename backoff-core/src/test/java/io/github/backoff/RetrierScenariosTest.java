package io.github.backoff;

import static io.github.backoff.Harness.ms;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Harness.Driver;
import io.github.backoff.Harness.Outcome;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.strategy.Backoff;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Scenarios that run against both drivers: they share one decision core and must behave the same. */
class RetrierScenariosTest {

  private static RetryPolicyBuilder<String> exponential() {
    return RetryPolicy.<String>builder().withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_successAtFirstAttempt_returnsWithoutWaiting(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, exponential().build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L);
    assertThat(h.sleeps).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_twoFailuresThenSuccess_waitsPerStrategy(Driver driver) {
    Harness<String> h = new Harness<String>()
        .script(Harness.fail(new IOException("a")), Harness.fail(new IOException("b")), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, exponential().withMaxAttempts(3).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L, ms(100), ms(300));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_attemptsExhausted_throwsWithCauseAndSuppressed(Driver driver) {
    IOException a = new IOException("a");
    IOException b = new IOException("b");
    IOException c = new IOException("c");
    Harness<String> h = new Harness<String>().script(Harness.fail(a), Harness.fail(b), Harness.fail(c));

    Outcome<String> outcome = h.run(driver, exponential().withMaxAttempts(3).build());

    assertThat(outcome.thrown()).isInstanceOf(RetryException.class);
    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(e.attempts()).isEqualTo(3);
    assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(300));
    assertThat(e.getCause()).isSameAs(c);
    assertThat(e.getSuppressed()).containsExactly(a, b);
    assertThat(e.getMessage()).isEqualTo(
        "Gave up after 3 attempts in 300 ms: attempts exhausted; last failure: java.io.IOException: c");
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_manyFailures_keepsAtMostTenSuppressed(Driver driver) {
    List<Exception> failures = new ArrayList<>();
    Harness<String> h = new Harness<>();
    for (int i = 0; i < 30; i++) {
      IOException e = new IOException("#" + i);
      failures.add(e);
      h.script(Harness.fail(e));
    }

    Outcome<String> outcome = h.run(driver,
        RetryPolicy.<String>builder().withBackoff(Backoff.none()).withMaxAttempts(30).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.getCause()).isSameAs(failures.get(29));
    assertThat(e.getSuppressed()).hasSize(10);
    assertThat(e.getSuppressed()[0]).isSameAs(failures.get(0));
    assertThat(e.getSuppressed()[9]).isSameAs(failures.get(28));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_abortCondition_stopsAtOnce(Driver driver) {
    FileNotFoundException missing = new FileNotFoundException("gone");
    Harness<String> h = new Harness<String>().script(Harness.fail(missing));

    Outcome<String> outcome = h.run(driver,
        exponential().retryOn(IOException.class).abortOn(FileNotFoundException.class).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.ABORTED);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.getCause()).isSameAs(missing);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_abortPredicate_stopsAtOnce(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.fail(new IOException("fatal")));

    Outcome<String> outcome = h.run(driver, exponential().abortIf(t -> "fatal".equals(t.getMessage())).build());

    assertThat(((RetryException) outcome.thrown()).reason()).isEqualTo(StopReason.ABORTED);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_failureMatchingNoRetryCondition_isNotRetried(Driver driver) {
    IllegalStateException bug = new IllegalStateException("bug");
    Harness<String> h = new Harness<String>().script(Harness.fail(bug));

    Outcome<String> outcome = h.run(driver, exponential().retryOn(IOException.class).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.NOT_RETRYABLE);
    assertThat(e.getCause()).isSameAs(bug);
    assertThat(h.attemptStarts).hasSize(1);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_retryPredicate_retriesMatchingFailures(Driver driver) {
    Harness<String> h = new Harness<String>()
        .script(Harness.fail(new UncheckedIOException(new IOException("x"))), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver,
        exponential().retryIf(t -> t.getCause() instanceof IOException).build());

    assertThat(outcome.result()).isEqualTo("ok");
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_errorNotMatched_isRethrownUnchanged(Driver driver) {
    StackOverflowError error = new StackOverflowError();
    Harness<String> h = new Harness<String>().script(Harness.error(error));

    Outcome<String> outcome = h.run(driver, exponential().build());

    assertThat(outcome.thrown()).isSameAs(error);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_errorMatchedByCondition_isRetried(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.error(new AssertionError("flaky")), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, exponential().retryOn(AssertionError.class).build());

    assertThat(outcome.result()).isEqualTo("ok");
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_retryableResultExhausted_returnsLastResultByDefault(Driver driver) {
    Harness<String> h = new Harness<String>()
        .script(Harness.value("busy-1"), Harness.value("busy-2"), Harness.value("busy-3"));

    Outcome<String> outcome = h.run(driver, exponential().retryIfResult(s -> s.startsWith("busy")).build());

    assertThat(outcome.result()).isEqualTo("busy-3");
    assertThat(h.attemptStarts).hasSize(3);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_retryableResultExhaustedAndThrowConfigured_throwsWithLastResult(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("busy"), Harness.value("busy"));

    Outcome<String> outcome = h.run(driver, exponential().withMaxAttempts(2)
        .retryIfResult("busy"::equals).throwOnRetryableResult().build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(e.lastResult()).isEqualTo("busy");
    assertThat(e.getCause()).isNull();
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_retryableResultThenGoodResult_returnsGoodResult(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("busy"), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, exponential().retryIfResult("busy"::equals).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L, ms(100));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_waitWouldEndAfterBudget_stopsWithoutWaiting(Driver driver) {
    // Waits 100, 200, 400 ms: attempts start at 0, 100, 300; the next wait would end at 700 > 500.
    Harness<String> h = new Harness<String>();
    for (int i = 0; i < 10; i++) {
      h.script(Harness.fail(new IOException("#" + i)));
    }

    Outcome<String> outcome = h.run(driver,
        exponential().withUnlimitedAttempts().withMaxElapsed(Duration.ofMillis(500)).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(h.attemptStarts).containsExactly(0L, ms(100), ms(300));
    assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(300));
    assertThat(h.scheduler.nanoTime()).isEqualTo(ms(300));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_waitEndingExactlyAtBudget_isNotStarted(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.fail(new IOException()), Harness.value("late"));

    Outcome<String> outcome = h.run(driver, exponential().withMaxElapsed(Duration.ofMillis(100)).build());

    assertThat(((RetryException) outcome.thrown()).reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_slowAttemptsUseUpBudget_stopsAfterTheAttempt(Driver driver) {
    Harness<String> h = new Harness<>();
    h.script(() -> {
      h.scheduler.advance(Duration.ofSeconds(2));
      throw new IOException("slow");
    });

    Outcome<String> outcome = h.run(driver, exponential().withMaxElapsed(Duration.ofSeconds(1)).build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(e.elapsed()).isEqualTo(Duration.ofSeconds(2));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayOverride_replacesStrategyDelayClamped(Driver driver) {
    Harness<String> h = new Harness<String>()
        .script(Harness.value("retry-after:5"), Harness.value("retry-after:500"), Harness.value("retry-after:x"),
            Harness.value("ok"));
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    Outcome<String> outcome = h.run(driver, exponential().withMaxAttempts(4)
        .retryIfResult(s -> s.startsWith("retry-after"))
        .withDelayOverride(c -> c.result().endsWith("x") ? null
            : Duration.ofSeconds(Long.parseLong(c.result().substring("retry-after:".length()))),
            Duration.ofMillis(10), Duration.ofSeconds(60))
        .onEvent(events::add)
        .build());

    assertThat(outcome.result()).isEqualTo("ok");
    // 5 s as asked; 500 s clamped to 60 s; unparseable: the strategy's third delay, 400 ms.
    assertThat(h.attemptStarts).containsExactly(0L, ms(5_000), ms(65_000), ms(65_400));
    assertThat(events).filteredOn(e -> e instanceof RetryScheduled)
        .extracting(e -> ((RetryScheduled<?>) e).overridden())
        .containsExactly(true, true, false);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayOverrideAboveMaxWithGiveUp_stopsWithDelayTooLong(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("slow down"));

    Outcome<String> outcome = h.run(driver, exponential()
        .retryIfResult("slow down"::equals)
        .withDelayOverride(context -> Duration.ofHours(1), Duration.ZERO, Duration.ofMinutes(1))
        .giveUpIfOverrideExceedsMax()
        .throwOnRetryableResult()
        .build());

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.DELAY_TOO_LONG);
    assertThat(e.lastResult()).isEqualTo("slow down");
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayOverrideWithContext_seesAttemptElapsedComputedDelayKindAndTimeLeft(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("retry"), Harness.value("retry"),
        Harness.value("ok"));
    List<RetryContext<String>> seen = new ArrayList<>();
    DelayOverride<String> override = context -> {
      seen.add(context);
      return context.delay().plusMillis(1); // per-call state from the context, none of its own
    };

    Outcome<String> outcome = h.run(driver, exponential().retryIfResult("retry"::equals)
        .withMaxElapsed(Duration.ofSeconds(10))
        .withDelayOverride(override, Duration.ZERO, Duration.ofMinutes(1)).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(seen).extracting(RetryContext::attempt).containsExactly(1, 2);
    assertThat(seen).extracting(RetryContext::delay).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    assertThat(seen).extracting(RetryContext::maxDelay)
        .containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
    assertThat(seen).extracting(RetryContext::elapsed).containsExactly(Duration.ZERO, Duration.ofMillis(101));
    assertThat(seen).extracting(RetryContext::timeLeft)
        .containsExactly(Optional.of(Duration.ofSeconds(10)), Optional.of(Duration.ofMillis(9899)));
    assertThat(seen).extracting(RetryContext::kind).containsOnly(RetryKind.DEFAULT_NAME);
    assertThat(seen).extracting(RetryContext::result).containsExactly("retry", "retry");
    assertThat(seen).extracting(RetryContext::failure).containsOnlyNulls();
    assertThat(h.attemptStarts).containsExactly(0L, ms(101), ms(302));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayHint_clampedAgainstTheDelayTheCoreComputed(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.value("retry"), Harness.value("ok"));
    List<RetryContext<String>> seen = new ArrayList<>();
    DelayOverride<String> hint = context -> {
      seen.add(context);
      return Duration.ofSeconds(30);
    };

    Outcome<String> outcome = h.run(driver, exponential().retryIfResult("retry"::equals)
        .withDelayHint(hint, Duration.ofSeconds(5)).build());

    assertThat(outcome.result()).isEqualTo("ok");
    // At most 5 s above the delay the core computed and told the hint about.
    assertThat(h.attemptStarts).containsExactly(0L, seen.get(0).delay().plusSeconds(5).toNanos());
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayOverrideOfASupertype_seesTheFailureAndNoResult(Driver driver) {
    IOException boom = new IOException("slow down");
    Harness<String> h = new Harness<String>().script(Harness.fail(boom), Harness.value("ok"));
    List<RetryContext<Object>> seen = new ArrayList<>();
    DelayOverride<Object> anyResult = context -> {
      seen.add(context);
      return Duration.ofMillis(7);
    };

    Outcome<String> outcome = h.run(driver, exponential()
        .withDelayOverride(anyResult, Duration.ZERO, Duration.ofMinutes(1)).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(seen).singleElement().satisfies(context -> {
      assertThat(context.result()).isNull();
      assertThat(context.failure()).isSameAs(boom);
      assertThat(context.attempt()).isEqualTo(1);
    });
    assertThat(h.attemptStarts).containsExactly(0L, ms(7));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_delayOverrideThrows_usesStrategyDelay(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.fail(new IOException()), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, exponential()
        .withDelayOverride(context -> {
          throw new IllegalStateException("broken override");
        }, Duration.ZERO, Duration.ofMinutes(1))
        .build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.attemptStarts).containsExactly(0L, ms(100));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_events_areDeliveredInOrder(Driver driver) {
    IOException boom = new IOException("boom");
    Harness<String> h = new Harness<String>().script(Harness.fail(boom), Harness.value("ok"));
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    h.run(driver, exponential().onEvent(events::add).build());

    assertThat(events).containsExactly(
        new AttemptFailed<>(1, Duration.ZERO, null, boom),
        new RetryScheduled<>(1, Duration.ZERO, 1, Duration.ofMillis(100), Duration.ofMillis(100), false, null, boom),
        new Succeeded<>(2, Duration.ofMillis(100), "ok"));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_gaveUp_isTheLastEvent(Driver driver) {
    IOException boom = new IOException("boom");
    Harness<String> h = new Harness<String>().script(Harness.fail(boom));
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    h.run(driver, exponential().withMaxAttempts(1).onEvent(events::add).build());

    assertThat(events).last().isEqualTo(
        new GaveUp<>(1, Duration.ZERO, StopReason.ATTEMPTS_EXHAUSTED, null, boom));
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_listenerThrows_retryGoesOn(Driver driver) {
    Harness<String> h = new Harness<String>().script(Harness.fail(new IOException()), Harness.value("ok"));
    List<RetryEvent<? extends String>> seen = new ArrayList<>();

    Outcome<String> outcome = h.run(driver, exponential()
        .onEvent(e -> {
          throw new IllegalStateException("listener bug");
        })
        .onEvent(seen::add)
        .build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(seen).hasSize(3);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_zeroDelay_retriesWithoutSleeping(Driver driver) {
    Harness<String> h = new Harness<String>()
        .script(Harness.fail(new IOException()), Harness.fail(new IOException()), Harness.value("ok"));

    Outcome<String> outcome = h.run(driver, RetryPolicy.<String>builder().withBackoff(Backoff.none()).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(h.sleeps).isEmpty();
    assertThat(h.attemptStarts).containsExactly(0L, 0L, 0L);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_decorrelatedJitter_receivesThePreviousDelay(Driver driver) {
    Harness<String> h = new Harness<>();
    for (int i = 0; i < 6; i++) {
      h.script(Harness.fail(new IOException()));
    }
    h.script(Harness.value("ok"));

    h.run(driver, RetryPolicy.<String>builder().withMaxAttempts(7)
        .withBackoff(Backoff.decorrelatedJitter(Duration.ofMillis(10), Duration.ofSeconds(100))).build());

    for (int i = 1; i < h.attemptStarts.size() - 1; i++) {
      long previous = h.attemptStarts.get(i) - h.attemptStarts.get(i - 1);
      long delay = h.attemptStarts.get(i + 1) - h.attemptStarts.get(i);
      assertThat(delay).isBetween(ms(10), 3 * previous);
    }
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_attemptOverrunsTimeout_isRetriedAsTimedOut(Driver driver) {
    Harness<String> h = new Harness<>();
    h.script(() -> {
      h.scheduler.advance(Duration.ofSeconds(5));
      return "too late";
    }, Harness.value("ok"));
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    Outcome<String> outcome = h.run(driver, exponential()
        .withAttemptTimeout(Duration.ofSeconds(1)).onEvent(events::add).build());

    assertThat(outcome.result()).isEqualTo("ok");
    assertThat(events.get(0)).isInstanceOfSatisfying(AttemptFailed.class,
        f -> assertThat(f.failure()).isInstanceOf(AttemptTimeoutException.class)
            .hasMessage("attempt timed out after 1 s"));
    assertThat(Thread.interrupted()).as("no stray interrupt left behind").isFalse();
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_budgetDenies_stopsWithBudgetDenied(Driver driver) {
    RetryBudget budget = RetryBudget.retryQuota(12, 5, 10);
    Harness<String> first = new Harness<String>()
        .script(Harness.fail(new IOException()), Harness.fail(new IOException()), Harness.fail(new IOException()));
    RetryPolicy<String> policy = exponential().withMaxAttempts(5).withBudget(budget).build();

    Outcome<String> outcome = first.run(driver, policy);

    RetryException e = (RetryException) outcome.thrown();
    assertThat(e.reason()).isEqualTo(StopReason.BUDGET_DENIED);
    assertThat(e.attempts()).as("two retries of cost 5 fit in 12, the third does not").isEqualTo(3);
  }

  @ParameterizedTest
  @EnumSource(Driver.class)
  void call_successAfterRetries_refundsTheBudget(Driver driver) {
    RetryBudget budget = RetryBudget.retryQuota(10, 5, 10);
    RetryPolicy<String> policy = exponential().withMaxAttempts(5).withBudget(budget).build();

    Outcome<String> outcome = new Harness<String>()
        .script(Harness.fail(new IOException()), Harness.fail(new IOException()), Harness.value("ok"))
        .run(driver, policy);
    assertThat(outcome.result()).isEqualTo("ok");

    // Both units of 5 came back: the next call can retry twice again.
    Outcome<String> again = new Harness<String>()
        .script(Harness.fail(new IOException()), Harness.fail(new IOException()), Harness.value("ok again"))
        .run(driver, policy);
    assertThat(again.result()).isEqualTo("ok again");
  }
}
