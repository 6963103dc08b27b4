package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class OverloadModelTest {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(100), 2).withCap(Duration.ofSeconds(2)).withFullJitter();

  /** The storm: 80 % load, a queue of 2 s of work, a 1 s timeout, 10 s down from 20 s. */
  private static OverloadModel storm() {
    return new OverloadModel(Systems.system(400, 500, 1000, 1, 20, 10, 0, 90, false));
  }

  private static OverloadOutcome run(OverloadModel model, int maxAttempts, Function<Ticker, RetryBudget> budget,
      long seed) {
    OverloadOutcome outcome = new OverloadOutcome();
    model.run(FULL_JITTER, maxAttempts, budget, new SplittableRandom(seed), new SplittableRandom(seed + 1),
        new SplittableRandom(seed + 2), outcome);
    return outcome;
  }

  @Test
  void run_noOutageLowLoad_goodputIsTheRateAndNothingIsRetried() {
    OverloadModel model = new OverloadModel(Systems.system(300, 1000, 100, 1, 0, 0, 0, 60, false));
    OverloadOutcome o = run(model, 4, null, 1);

    double goodput = 0;
    for (int b = 0; b < o.buckets(); b++) {
      goodput += o.value(OverloadOutcome.SUCCESSES, b);
    }
    assertThat(goodput / o.buckets()).isCloseTo(300, within(15.0));
    assertThat(o.requests()).isCloseTo(300 * 60, within(600L));
    assertThat(o.amplification()).isCloseTo(1.0, within(0.01));
    assertThat(o.lost()).isZero();
    assertThat(o.recovered()).isTrue();
    assertThat(o.recovery()).isZero();
  }

  @Test
  void run_overloaded_queueNeverExceedsItsBound() {
    OverloadModel model = new OverloadModel(Systems.system(2000, 1000, 50, 1, 0, 0, 0, 20, false));
    OverloadOutcome o = run(model, 4, null, 2);

    assertThat(o.maxQueue()).isEqualTo(50);
    assertThat(o.rejected()).isPositive();
    for (int b = 0; b < o.buckets(); b++) {
      assertThat(o.value(OverloadOutcome.QUEUE_AREA, b)).isLessThanOrEqualTo(50.0);
    }
  }

  @Test
  void run_fullOutage_noGoodputWhileDown() {
    OverloadOutcome o = run(storm(), 4, null, 3);

    for (int b = 20; b < 30; b++) {
      assertThat(o.value(OverloadOutcome.SUCCESSES, b)).as("bucket %d", b).isZero();
    }
    assertThat(o.value(OverloadOutcome.SUCCESSES, 19)).isPositive();
  }

  @Test
  void run_partialOutage_goodputAtMostTheReducedCapacity() {
    OverloadModel model = new OverloadModel(Systems.system(400, 500, 1000, 1, 20, 10, 0.4, 60, false));
    OverloadOutcome o = run(model, 1, null, 4);

    double served = 0;
    for (int b = 21; b < 30; b++) {
      served += o.value(OverloadOutcome.SUCCESSES, b);
    }
    assertThat(served / 9).isLessThan(0.4 * 500 * 1.15);
  }

  @Test
  void run_noRetry_neverAmplifies() {
    OverloadOutcome o = run(storm(), 1, null, 5);

    assertThat(o.retries()).isZero();
    assertThat(o.attempts()).isEqualTo(o.requests());
    assertThat(o.amplification()).isEqualTo(1.0);
    assertThat(o.lost()).isPositive();
    assertThat(o.recovered()).isTrue();
  }

  @Test
  void run_retriesWithoutBudget_stormDoesNotRecover() {
    OverloadOutcome o = run(storm(), 4, null, 6);

    assertThat(o.recovered()).isFalse();
    assertThat(o.amplification()).isGreaterThan(2.5);
    assertThat(o.wasted()).isPositive();
    for (int b = 40; b < 90; b++) {
      assertThat(o.value(OverloadOutcome.SUCCESSES, b)).as("bucket %d", b).isZero();
    }
  }

  @Test
  void run_tokenBucket_boundsRetriesAndRecovers() {
    OverloadOutcome o = run(storm(), 4, ticker -> RetryBudget.tokenBucket(100, 0.1), 7);

    // Retries stop once the failures have drained half the bucket; successes refill it at 0.1 each.
    assertThat(o.retries()).isLessThan(60 + o.successes() / 10);
    assertThat(o.amplification()).isLessThan(1.05);
    assertThat(o.budgetDenied()).isPositive();
    assertThat(o.recovered()).isTrue();
  }

  @Test
  void run_retryQuota_boundsRetriesAndRecovers() {
    OverloadOutcome o = run(storm(), 4, ticker -> RetryBudget.retryQuota(), 8);

    assertThat(o.amplification()).isLessThan(1.05);
    assertThat(o.recovered()).isTrue();
  }

  @Test
  void run_ratioBudget_onTheVirtualClock_boundsRetriesToItsShare() {
    OverloadOutcome o = run(storm(), 4,
        ticker -> RetryBudget.ratio(0.2, Duration.ofSeconds(10), 10, ticker), 9);

    // 20 % of the requests plus 10 per second of the run (the reserve), with slack for the sliding window.
    assertThat(o.retries()).isLessThanOrEqualTo((long) (0.2 * o.requests() + 10 * 90 + 200));
    assertThat(o.recovered()).isTrue();
  }

  @Test
  void run_budgetTicker_readsTheVirtualClockInNanoseconds() {
    OverloadModel model = new OverloadModel(Systems.system(100, 1000, 10, 1, 0, 0, 0, 5, false));
    AtomicLong last = new AtomicLong(-1);
    Function<Ticker, RetryBudget> spy = ticker -> new RetryBudget() {
      @Override
      public void onRequest() {
        last.set(ticker.read());
      }

      @Override
      public void onFailure() {}

      @Override
      public long tryAcquireRetry(Throwable failure) {
        return 0;
      }

      @Override
      public void onSuccess(long acquired) {}
    };
    run(model, 4, spy, 10);

    assertThat(last.get()).isBetween(4_000_000_000L, 5_000_000_000L);
  }

  @Test
  void run_dropExpired_serverSkipsAbandonedWorkAndRecovers() {
    OverloadModel model = new OverloadModel(Systems.system(400, 500, 1000, 1, 20, 10, 0, 90, true));
    OverloadOutcome o = run(model, 4, null, 11);

    assertThat(o.recovered()).isTrue();
    assertThat(o.recovery()).isLessThan(5);
  }

  @Test
  void run_seriesAddUpToTheTotals() {
    OverloadOutcome o = run(storm(), 4, ticker -> RetryBudget.tokenBucket(100, 0.1), 12);
    long[] totals = {o.requests(), o.attempts(), o.retries(), o.successes(), o.timeouts(), o.rejected(), o.lost()};
    for (int s = 0; s < totals.length; s++) {
      double sum = 0;
      for (int b = 0; b < o.buckets(); b++) {
        sum += o.value(s, b);
      }
      assertThat((long) sum).as("series %d", s).isEqualTo(totals[s]);
    }
    assertThat(o.successes() + o.lost()).isLessThanOrEqualTo(o.requests());
    assertThat(o.attempts()).isEqualTo(o.requests() + o.retries());
  }

  @Test
  void run_sameSeeds_sameOutcome_andReusingTheModelChangesNothing() {
    OverloadModel model = storm();
    OverloadOutcome first = run(model, 4, ticker -> RetryBudget.retryQuota(), 13);
    long attempts = first.attempts();
    double recovery = first.recovery();
    run(model, 1, null, 99); // a different run in between
    OverloadOutcome again = run(model, 4, ticker -> RetryBudget.retryQuota(), 13);

    assertThat(again.attempts()).isEqualTo(attempts);
    assertThat(again.recovery()).isEqualTo(recovery);
    assertThat(run(storm(), 4, ticker -> RetryBudget.retryQuota(), 13).attempts()).isEqualTo(attempts);
  }

  @Test
  void constructor_badValues_throw() {
    assertThatThrownBy(() -> new OverloadModel(Systems.system(0, 1, 1, 1, 0, 0, 0, 10, false)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("rate");
    assertThatThrownBy(() -> new OverloadModel(Systems.system(1, 1, 1, 1, 5, 10, 0, 10, false)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("outage");
    assertThatThrownBy(() -> new OverloadModel(Systems.system(1, 1, 1, 1, 0, 0, 2, 10, false)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("outage-capacity");
    assertThatThrownBy(() -> run(storm(), 0, null, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAttempts must be >= 1: 0");
  }
}
