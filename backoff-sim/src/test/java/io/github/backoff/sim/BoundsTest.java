package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.sim.sweep.PointResult;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SweepResult;
import io.github.backoff.sim.sweep.SweepSimulation;
import org.junit.jupiter.api.Test;

/** What the reports call a bound is one, and what is only a reference says so. */
class BoundsTest {

  @Test
  void work_everyStrategyAndModel_isAtLeastN() {
    for (String model : new String[] {"occ", "single-server"}) {
      SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().model(model).clients("1,7,40")
          .runs(20).seed(3).build(), ProgressListener.NONE);
      for (PointResult p : result.points()) {
        // every run sends at least N: the minimum over runs bounds the p50 and the mean from below
        assertThat(p.work().mean()).as(model + " " + p.strategy()).isGreaterThanOrEqualTo(p.clients());
        assertThat(p.workPerClient()).isGreaterThanOrEqualTo(1);
      }
    }
  }

  @Test
  void completion_singleServer_meanIsAtLeastNTimesTheMeanService() {
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().model("single-server")
        .clients("1,10,50,100").runs(30).seed(11).build(), ProgressListener.NONE);
    for (PointResult p : result.points()) {
      assertThat(p.completionVsReference()).as(p.strategy() + " at " + p.clients()).isGreaterThanOrEqualTo(1);
    }
  }

  @Test
  void completion_occWithoutBackoff_finishesBelowTheReference() {
    // Why the report calls N x 40 a reference: attempts overlap, so a run can finish well before it.
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().clients("100").strategies("none")
        .runs(10).seed(5).build(), ProgressListener.NONE);
    assertThat(result.point("none", 100).completionVsReference()).isLessThan(0.8);
    assertThat(result.report().summary()).contains("vs Nx40").contains("a reference, not a bound")
        .doesNotContain("limit");
  }

  @Test
  void summary_singleServer_callsItsDenominatorALowerBound() {
    SweepResult result = SweepSimulation.simulate(SimulationConfig.builder().model("single-server").clients("5")
        .strategies("full-jitter").runs(2).build(), ProgressListener.NONE);
    assertThat(result.report().summary()).contains("vs Nx10").contains("a lower bound of the mean");
  }

  @Test
  void overload_withoutOutage_printsNotApplicableForRecovery() {
    OverloadConfig config = OverloadConfig.builder().rate(50).capacity(100).queue(100).outage(5, 0, 0)
        .horizon(20).policies("no-retry,retries").runs(2).seed(1).build();
    OverloadResult result = OverloadSimulation.simulate(config, ProgressListener.NONE);
    String summary = result.report().summary();
    assertThat(summary.lines().filter(l -> l.startsWith("no-retry") || l.startsWith("retries")))
        .hasSize(2).allSatisfy(line -> assertThat(line).endsWith("n/a           n/a"));
    assertThat(summary).contains("recovery: n/a, there is no outage");
    assertThat(result.report().table("summary.csv").csv().lines().skip(1)).allSatisfy(line -> assertThat(line).endsWith(",,,,"));
    assertThat(result.report().table("runs.csv").csv().lines().skip(1)).allSatisfy(line -> assertThat(line).endsWith(",,"));
  }

  @Test
  void overload_withOutage_keepsRecoveryTimes() {
    OverloadConfig config = OverloadConfig.builder().rate(100).capacity(125).queue(250).timeout(1)
        .outage(5, 5, 0).horizon(30).policies("no-retry").runs(2).seed(1).build();
    String summary = OverloadSimulation.simulate(config, ProgressListener.NONE).report().summary();
    assertThat(summary).doesNotContain("n/a").contains("2/2");
  }
}
