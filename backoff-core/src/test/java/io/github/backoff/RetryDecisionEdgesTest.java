package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.Succeeded;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The decision core's edges, each at the value where a comparison flips: one attempt allowed, an override of
 * zero and of exactly its maximum, a budget charging nothing, a rate limiter with no wait, what the budget is told
 * (request, failures, the packed costs on success), and the elapsed time events and exceptions report when the
 * clock does not start at zero.
 */
class RetryDecisionEdgesTest {
  /** Starts far from zero so that "now - start" and "now + start" differ. */
  private final FakeClock clock = new FakeClock(5_000_000_000L);

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
  }

  /** Fails {@code failures} times with an IOException, then returns "ok". */
  private static Callable<String> failing(int failures, AtomicInteger calls) {
    return () -> {
      if (calls.incrementAndGet() <= failures) {
        throw new IOException("attempt " + calls.get());
      }
      return "ok";
    };
  }


  /** A budget that charges the costs given, in order, and records what it is told. */
  private static final class RecordingBudget implements RetryBudget {
    final List<String> log = new ArrayList<>();
    private final long[] costs;
    private int next;

    RecordingBudget(long... costs) {
      this.costs = costs;
    }

    @Override
    public synchronized void onRequest() {
      log.add("request");
    }

    @Override
    public synchronized void onFailure() {
      log.add("failure");
    }

    @Override
    public synchronized long tryAcquireRetry(Throwable failure) {
      long cost = costs[next++];
      log.add("acquire " + cost);
      return cost;
    }

    @Override
    public synchronized void refundRetry(long cost) {
      log.add("refund " + cost);
    }

    @Override
    public synchronized void onSuccess(long acquired) {
      log.add("success " + acquired);
    }

    @Override
    public synchronized void onSuccess(long acquired, long lastCost) {
      log.add("success " + acquired + " last " + lastCost);
    }
  }

  @Test
  void call_maxAttemptsOneWithAPlainPolicy_makesOneAttemptAndNeverWaits() {
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(1).build());

    assertThatThrownBy(() -> retrier.call(failing(5, calls)))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(1);
        });
    assertThat(calls).hasValue(1);
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void call_overrideAsksForZero_retriesAtOnceInsteadOfTheStrategysWait() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withDelayOverride(context -> Duration.ZERO, Duration.ZERO, Duration.ofMinutes(1)).build());

    assertThat(retrier.call(failing(1, calls))).isEqualTo("ok");
    assertThat(calls).hasValue(2);
    assertThat(clock.sleeps()).as("zero is an answer, not 'use the strategy'").isEmpty();
  }

  @Test
  void call_overrideAsksForExactlyItsMaximumWithGiveUp_retriesAfterTheMaximum() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withDelayOverride(context -> Duration.ofSeconds(30), Duration.ZERO, Duration.ofSeconds(30))
        .giveUpIfOverrideExceedsMax().build());

    assertThat(retrier.call(failing(1, calls))).isEqualTo("ok");
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(30));
  }

  @Test
  void call_budgetChargesNothing_retriesAndIsToldOfRequestFailureAndSuccess() throws Exception {
    RecordingBudget budget = new RecordingBudget(0);
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withBudget(budget).build());

    assertThat(retrier.call(failing(1, calls))).isEqualTo("ok");
    assertThat(budget.log).containsExactly("request", "failure", "acquire 0", "success 0 last 0");
  }

  @Test
  void call_twoRetriesCharged_budgetIsGivenTheSumAndTheLastCostOnSuccess() throws Exception {
    RecordingBudget budget = new RecordingBudget(3, 5);
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withBudget(budget).build());

    assertThat(retrier.call(failing(2, calls))).isEqualTo("ok");
    assertThat(budget.log).containsExactly("request", "failure", "acquire 3", "failure", "acquire 5",
        "success 8 last 5");
  }

  @Test
  void callAsync_budget_isToldOfTheRequestOnce() {
    RecordingBudget budget = new RecordingBudget(2);
    ManualScheduler scheduler = new ManualScheduler();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withBudget(budget).build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    AtomicInteger calls = new AtomicInteger();

    CompletableFuture<String> call = retrier.callAsync(() -> calls.incrementAndGet() == 1
        ? CompletableFuture.failedFuture(new IOException("once")) : CompletableFuture.completedFuture("ok"));
    scheduler.runUntilIdle();

    assertThat(call).isCompletedWithValue("ok");
    assertThat(budget.log).containsExactly("request", "failure", "acquire 2", "success 2 last 2");
  }

  @Test
  void call_rateLimiterWithATokenAndATimeBudget_retriesWithoutExtraWait() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxElapsed(Duration.ofMinutes(1))
        .withRateLimiter(AdaptiveRateLimiter.create(clock::nanoTime)).build());

    assertThat(retrier.call(failing(1, calls))).isEqualTo("ok");
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void call_waitInterrupted_reportsTheTimeSinceTheStartAsElapsed() {
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxElapsed(Duration.ofHours(1)).build())
        .withTicker(clock::nanoTime).withSleeper(nanos -> {
          clock.advance(Duration.ofMillis(300));
          throw new InterruptedException("woken");
        }).build();

    assertThatThrownBy(() -> retrier.call(() -> {
      throw new IOException("down");
    })).isInstanceOfSatisfying(RetryException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED);
      assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(300));
    });
  }

  @Test
  void call_succeedsAfterARetry_succeededEventCarriesTheTimeSinceTheStart() throws Exception {
    List<RetryEvent<? extends String>> events = new ArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).onEvent(events::add).build());

    assertThat(retrier.call(failing(1, calls))).isEqualTo("ok");
    assertThat(events).last().isEqualTo(new Succeeded<>(2, Duration.ofSeconds(1), "ok"));
  }
}
