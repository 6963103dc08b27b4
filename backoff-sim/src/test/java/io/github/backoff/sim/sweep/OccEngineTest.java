package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OccEngineTest {
  private static final double NANOS_PER_MS = 1_000_000;
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(10), 2).withCap(Duration.ofMillis(2000)).withFullJitter();

  @Test
  void run_oneClient_writesOnceAndCompletesInFourHops() {
    OccEngine model = new OccEngine(NANOS_PER_MS);
    ClientRunTally outcome = new ClientRunTally();
    double sum = 0;
    int runs = 2_000;
    for (int seed = 0; seed < runs; seed++) {
      model.run(1, Backoff.none(), new SplittableRandom(seed), outcome);
      assertThat(outcome.work()).isEqualTo(1);
      assertThat(outcome.events()).isEqualTo(1);
      sum += outcome.completion();
    }
    // four hops of mean 10 and sd 2: the mean of 2000 runs has sd 4/sqrt(2000) < 0.1
    assertThat(sum / runs).isCloseTo(40, within(0.5));
    assertThat(outcome.utilisation()).isNaN();
  }

  @Test
  void run_manyClients_everyClientWritesAtLeastOnce() {
    OccEngine model = new OccEngine(NANOS_PER_MS);
    ClientRunTally outcome = new ClientRunTally();
    for (int clients : new int[] {2, 7, 50}) {
      for (Backoff backoff : new Backoff[] {Backoff.none(), FULL_JITTER}) {
        model.run(clients, backoff, new SplittableRandom(clients), outcome);
        assertThat(outcome.work()).isGreaterThanOrEqualTo(clients);
        assertThat(outcome.completion()).isPositive();
      }
    }
  }

  @Test
  void run_sameSeed_sameOutcomeWhateverRanBefore() {
    OccEngine model = new OccEngine(NANOS_PER_MS);
    ClientRunTally first = new ClientRunTally();
    model.run(30, FULL_JITTER, new SplittableRandom(9), first);
    long work = first.work();
    double completion = first.completion();
    model.run(80, Backoff.none(), new SplittableRandom(1), first); // dirties the reused arrays
    ClientRunTally again = new ClientRunTally();
    model.run(30, FULL_JITTER, new SplittableRandom(9), again);
    assertThat(again.work()).isEqualTo(work);
    assertThat(again.completion()).isEqualTo(completion);
  }

  @Test
  void run_decorrelatedJitter_passesEachClientsPreviousDelay() {
    // With a previous delay threaded through, decorrelated jitter's waits grow; if it were always given 0 they
    // would stay in [base, 3·base] and 40 clients would finish much later with much more work.
    Backoff decorrelated = Backoff.decorrelatedJitter(Duration.ofMillis(5), Duration.ofMillis(2000));
    Backoff stuck = new Backoff() {
      @Override
      public long delayNanos(int retry, long previousDelayNanos, java.util.random.RandomGenerator random) {
        return decorrelated.delayNanos(retry, 0, random);
      }

      @Override
      public long minDelayNanos(int retry) {
        return decorrelated.minDelayNanos(retry);
      }

      @Override
      public long maxDelayNanos(int retry) {
        return decorrelated.maxDelayNanos(retry);
      }
    };
    OccEngine model = new OccEngine(NANOS_PER_MS);
    ClientRunTally outcome = new ClientRunTally();
    long threaded = 0;
    long fixed = 0;
    for (int seed = 0; seed < 20; seed++) {
      model.run(100, decorrelated, new SplittableRandom(seed), outcome);
      threaded += outcome.work();
      model.run(100, stuck, new SplittableRandom(seed), outcome);
      fixed += outcome.work();
    }
    assertThat(threaded).isLessThan(fixed * 2 / 3);
  }

  @Test
  void run_zeroClients_throws() {
    OccEngine model = new OccEngine(NANOS_PER_MS);
    assertThatThrownBy(() -> model.run(0, Backoff.none(), new SplittableRandom(1), new ClientRunTally()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("clients must be in [1, 16777216]: 0");
  }

  @Test
  void constructor_badUnit_throws() {
    assertThatThrownBy(() -> new OccEngine(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("nanosPerUnit must be positive and finite: 0.0");
  }
}
