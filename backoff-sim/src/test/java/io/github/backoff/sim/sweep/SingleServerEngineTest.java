package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SingleServerEngineTest {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(10), 2).withCap(Duration.ofMillis(2000)).withFullJitter();

  @Test
  void run_oneClient_oneRequestServedAtOnce() {
    SingleServerEngine model = new SingleServerEngine(1_000_000);
    ClientRunTally outcome = new ClientRunTally();
    double sum = 0;
    int runs = 2_000;
    for (int seed = 0; seed < runs; seed++) {
      model.run(1, Backoff.none(), new SplittableRandom(seed), outcome);
      assertThat(outcome.work()).isEqualTo(1);
      sum += outcome.completion();
    }
    // hop (10) + service (about 10) + hop (10)
    assertThat(sum / runs).isCloseTo(30, within(0.5));
  }

  @Test
  void run_manyClients_workAtLeastClientsAndUtilisationInRange() {
    SingleServerEngine model = new SingleServerEngine(1_000_000);
    ClientRunTally outcome = new ClientRunTally();
    for (Backoff backoff : new Backoff[] {Backoff.none(), FULL_JITTER}) {
      model.run(40, backoff, new SplittableRandom(5), outcome);
      assertThat(outcome.work()).isGreaterThanOrEqualTo(40);
      assertThat(outcome.utilisation()).isBetween(0.0, 1.0);
      // 40 services of about 10 each, one after another, at the least
      assertThat(outcome.completion()).isGreaterThan(40 * 5.0);
    }
  }

  @Test
  void run_noBackoff_keepsTheServerBusierThanFullJitter() {
    SingleServerEngine model = new SingleServerEngine(1_000_000);
    ClientRunTally outcome = new ClientRunTally();
    double none = 0;
    double jitter = 0;
    for (int seed = 0; seed < 20; seed++) {
      model.run(50, Backoff.none(), new SplittableRandom(seed), outcome);
      none += outcome.utilisation();
      model.run(50, FULL_JITTER, new SplittableRandom(seed), outcome);
      jitter += outcome.utilisation();
    }
    assertThat(none).isGreaterThan(jitter);
  }
}
