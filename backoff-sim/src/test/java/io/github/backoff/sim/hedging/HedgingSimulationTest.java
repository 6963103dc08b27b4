package io.github.backoff.sim.hedging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class HedgingSimulationTest {
  private final HedgingConfig defaults = HedgingConfig.defaults();
  private final LatencyDistribution x = defaults.latency();

  @Test
  void runPoint_lowLoad_p99DropsByTheFormulasFactor() {
    // At 2 % load on 16 servers an attempt practically never waits: attempts are independent draws of X, so
    // P(T > t) = P(X > t) * P(X > t - d) for t > d, and the hedged p99 solves P(T > t) = 0.01.
    HedgingConfig config = defaults.withLoads(List.of(0.02)).withRequests(200_000);
    double d = config.fixedDelayMs();
    double expectedNone = x.quantile(0.99);
    double expectedHedged = HedgingFormula.quantile(x, d, 0.99);

    HedgingPoint none = HedgingSimulation.runPoint(config, HedgeMode.NONE, 0.02, 7);
    HedgingPoint hedged = HedgingSimulation.runPoint(config, HedgeMode.FIXED, 0.02, 7);

    // 180,000 measured requests: the p99's sampling error is about 1 % (seed fixed, so this cannot flake).
    assertThat(none.p99()).isCloseTo(expectedNone, within(expectedNone * 0.05));
    assertThat(hedged.p99()).isCloseTo(expectedHedged, within(expectedHedged * 0.05));
    assertThat(none.p99() / hedged.p99()).isCloseTo(expectedNone / expectedHedged, within(0.15));
    assertThat(expectedNone / expectedHedged).isBetween(2.6, 2.8);
    assertThat(hedged.hedgeRate()).isCloseTo(x.survival(d), within(0.005)); // hedged iff X1 > d: 5 %
  }

  @Test
  void run_highLoadWithoutServerCancellation_hedgingHurts() {
    HedgingResult result = HedgingSimulation.run(defaults.withLoads(List.of(0.3, 0.9)).withRequests(30_000));

    HedgingPoint calmNone = result.point(0.3, HedgeMode.NONE);
    HedgingPoint calmFixed = result.point(0.3, HedgeMode.FIXED);
    assertThat(calmFixed.p99()).isLessThan(calmNone.p99() / 2);
    assertThat(calmFixed.extraLoad()).isBetween(0.03, 0.08);

    assertThat(result.point(0.9, HedgeMode.FIXED).p99()).isGreaterThan(result.point(0.9, HedgeMode.NONE).p99());
    assertThat(result.point(0.9, HedgeMode.FIXED).hedgeRate()).isGreaterThan(0.5); // the hedging storm
    assertThat(result.point(0.9, HedgeMode.BUDGETED).hedgeRate()).isLessThanOrEqualTo(0.11); // capped at 10 %
    assertThat(result.hurtsFrom(HedgeMode.FIXED)).hasValue(0.9);
  }

  @Test
  void run_serverCancels_hedgingHelpsAtEveryLoad() {
    HedgingResult result = HedgingSimulation.run(defaults.withServerCancels(true).withLoads(List.of(0.3, 0.9))
        .withRequests(30_000));

    for (HedgeMode mode : new HedgeMode[] {HedgeMode.FIXED, HedgeMode.PERCENTILE, HedgeMode.BUDGETED}) {
      assertThat(result.hurtsFrom(mode)).as("%s", mode).isEmpty();
      assertThat(result.point(0.9, mode).extraLoad()).as("%s", mode).isNegative(); // slow losers are cut short
    }
  }

  @Test
  void run_sameConfig_sameResult() {
    HedgingConfig config = defaults.withLoads(List.of(0.5)).withRequests(5_000);

    assertThat(HedgingSimulation.run(config)).isEqualTo(HedgingSimulation.run(config));
  }

  @Test
  void formula_beforeTheDelay_isTheUnhedgedSurvival() {
    assertThat(HedgingFormula.survival(x, 25, 20)).isEqualTo(x.survival(20));
    assertThat(HedgingFormula.survival(x, 25, 40)).isCloseTo(x.survival(40) * x.survival(15), within(1e-12));
  }

  @Test
  void latencyDistribution_quantilesOfPlainLognormal() {
    LatencyDistribution plain = new LatencyDistribution(10, 0.5, 0, 1);

    assertThat(plain.quantile(0.5)).isCloseTo(10, within(1e-6));
    assertThat(plain.quantile(0.99)).isCloseTo(10 * Math.exp(0.5 * 2.326348), within(1e-3));
    assertThat(LatencyDistribution.erfc(0)).isCloseTo(1, within(1e-7));
  }

  @Test
  void config_badValues_failNamingThem() {
    assertThatThrownBy(() -> defaults.withLoads(List.of(1.0))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("each load must be in (0, 1): 1.0");
    assertThatThrownBy(() -> defaults.withRequests(10)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("requests must be >= 100: 10");
    assertThatThrownBy(() -> new LatencyDistribution(0, 1, 0, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("bad latency distribution: median 0.0 ms");
  }
}
