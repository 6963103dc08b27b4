package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.strategy.Backoff;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The study's invariants, checked on a reduced sweep with a fixed seed. */
class SweepSimulationTest {
  private static SweepResult study;

  @BeforeAll
  static void runStudy() {
    study = SweepSimulation.simulate(SimulationConfig.builder().clients("1,25,50,100").runs(30).seed(2015).build(),
        ProgressListener.NONE);
  }

  @Test
  void simulate_oneClient_writesOnceAndTakesFourHops() {
    for (String strategy : StrategyRegistry.STUDY_NAMES) {
      PointResult p = study.point(strategy, 1);
      assertThat(p.work().mean()).isEqualTo(1);
      assertThat(p.work().sd()).isZero();
      assertThat(p.completion().mean()).isBetween(38.0, 42.0);
    }
  }

  @Test
  void simulate_anyPoint_workAtLeastClients() {
    for (PointResult p : study.points()) {
      assertThat(p.work().mean()).isGreaterThanOrEqualTo(p.clients());
      assertThat(p.work().p50()).isGreaterThanOrEqualTo(p.clients());
    }
  }

  @Test
  void simulate_noBackoff_workGrowsRoughlyQuadratically() {
    double w25 = study.point("none", 25).work().mean();
    double w50 = study.point("none", 50).work().mean();
    double w100 = study.point("none", 100).work().mean();
    // doubling N about quadruples the work
    assertThat(w50 / w25).isBetween(3.0, 5.0);
    assertThat(w100 / w50).isBetween(3.0, 5.0);
  }

  @Test
  void simulate_jitteredStrategies_finishFarSoonerThanPlainExponential() {
    for (int n : new int[] {50, 100}) {
      double exponential = study.point("exponential", n).completion().mean();
      for (String jittered : List.of("full-jitter", "equal-jitter", "decorrelated-jitter")) {
        assertThat(study.point(jittered, n).completion().mean()).as("%s at %d", jittered, n)
            .isLessThan(exponential / 3);
      }
    }
  }

  @Test
  void simulate_fullAndEqualJitter_doLessWorkThanNoBackoff() {
    for (int n : new int[] {25, 50, 100}) {
      double none = study.point("none", n).work().mean();
      assertThat(study.point("full-jitter", n).work().mean()).isLessThan(none);
      assertThat(study.point("equal-jitter", n).work().mean()).isLessThan(none);
    }
  }

  @Test
  void simulate_points_areStrategyMajorInConfigOrder() {
    assertThat(study.points()).hasSize(20);
    assertThat(study.points().get(0).strategy()).isEqualTo("none");
    assertThat(study.points().get(0).clients()).isEqualTo(1);
    assertThat(study.points().get(4).strategy()).isEqualTo("exponential");
    assertThat(study.events()).isPositive();
    assertThat(study.eventsPerSecond()).isPositive();
  }

  @Test
  void simulate_threadsOneOrFour_byteIdenticalCsv() {
    SimulationConfig.Builder builder = SimulationConfig.builder().clients("5..45:20").runs(23).seed(99);
    String one = SweepSimulation.simulate(builder.threads(1).build(), ProgressListener.NONE).report().table("results.csv").csv();
    String four = SweepSimulation.simulate(builder.threads(4).build(), ProgressListener.NONE).report().table("results.csv").csv();
    assertThat(four).isEqualTo(one);
  }

  @Test
  void simulate_singleServerThreadsOneOrThree_identicalResults() {
    SimulationConfig.Builder builder = SimulationConfig.builder().model("single-server").clients("10,30").runs(12);
    SweepResult one = SweepSimulation.simulate(builder.threads(1).build(), ProgressListener.NONE);
    SweepResult three = SweepSimulation.simulate(builder.threads(3).build(), ProgressListener.NONE);
    assertThat(three.points()).isEqualTo(one.points());
    assertThat(one.point("none", 30).utilisation().mean()).isBetween(0.0, 1.0);
  }

  @Test
  void simulate_otherSeed_otherResults() {
    SimulationConfig.Builder builder = SimulationConfig.builder().clients("20").strategies("full-jitter").runs(5);
    SweepResult a = SweepSimulation.simulate(builder.seed(1).build(), ProgressListener.NONE);
    SweepResult b = SweepSimulation.simulate(builder.seed(2).build(), ProgressListener.NONE);
    assertThat(a.points()).isNotEqualTo(b.points());
  }

  @Test
  void simulate_progress_increasesStrictlyToTotal() {
    List<long[]> calls = new ArrayList<>();
    SimulationConfig config = SimulationConfig.builder().clients("5,10").strategies("none,full-jitter").runs(25)
        .threads(2).build();
    SweepSimulation.simulate(config, (completed, total) -> calls.add(new long[] {completed, total}));
    assertThat(calls).isNotEmpty();
    for (int i = 0; i < calls.size(); i++) {
      assertThat(calls.get(i)[1]).isEqualTo(100);
      if (i > 0) {
        assertThat(calls.get(i)[0]).isGreaterThan(calls.get(i - 1)[0]);
      }
    }
    assertThat(calls.get(calls.size() - 1)[0]).isEqualTo(100);
  }

  @Test
  void simulate_registeredStrategy_isEvaluated() {
    Backoff constant = Backoff.constant(SimulationConfig.units(40));
    SimulationConfig config = SimulationConfig.builder().register("constant-40", constant)
        .strategies("constant-40").clients("10").runs(5).build();
    PointResult p = SweepSimulation.simulate(config, ProgressListener.NONE).point("constant-40", 10);
    assertThat(p.work().mean()).isGreaterThanOrEqualTo(10);
  }

  @Test
  void simulate_strategyThatThrows_propagatesTheFailure() {
    Backoff broken = new Backoff() {
      @Override
      public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
        throw new IllegalStateException("broken strategy");
      }

      @Override
      public long minDelayNanos(int retry) {
        return 0;
      }

      @Override
      public long maxDelayNanos(int retry) {
        return 0;
      }
    };
    SimulationConfig config = SimulationConfig.builder().register("broken", broken).strategies("broken")
        .clients("10").runs(30).threads(2).build();
    assertThatThrownBy(() -> SweepSimulation.simulate(config, ProgressListener.NONE))
        .isInstanceOf(IllegalStateException.class).hasMessage("broken strategy");
  }
}
