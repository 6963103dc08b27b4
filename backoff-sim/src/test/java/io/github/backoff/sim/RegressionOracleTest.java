package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SweepSimulation;
import org.junit.jupiter.api.Test;

/**
 * Seeded sweeps pinned byte for byte: any change to the models, the engine's event order, the seeding or the
 * number formatting shows up here. If a change is intended, regenerate with
 * {@code SimulationMain --clients 3,8 --runs 4 --seed 1} (and {@code --model single-server --strategies
 * none,full-jitter}) and say why in the commit. Last regenerated when the models' normal draws moved from the JDK's
 * {@code nextGaussian()} (whose bits changed between JDK 17 and 25) to {@code engine.Normal} (the same bits on
 * every JDK). The overload oracle is the configuration in its test, printed as
 * {@code report().table("summary.csv")}.
 */
class RegressionOracleTest {

  @Test
  void occSeed1_matchesPinnedResults() {
    SimulationConfig config = SimulationConfig.builder().clients("3,8").runs(4).seed(1).build();
    assertThat(SweepSimulation.simulate(config, ProgressListener.NONE).report().table("results.csv").csv()).isEqualTo(
      "model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,completion_mean,completion_sd,completion_p50,completion_p95\n"
      + "occ,none,3,4,6.000,0.000,6.000,6.000,125.399,7.451,125.854,132.835\n"
      + "occ,none,8,4,32.000,3.367,32.000,35.550,282.892,42.683,289.624,322.538\n"
      + "occ,exponential,3,4,6.000,0.000,6.000,6.000,150.346,1.370,149.991,151.955\n"
      + "occ,exponential,8,4,36.000,0.000,36.000,36.000,1600.982,9.641,1599.024,1611.897\n"
      + "occ,full-jitter,3,4,6.000,0.000,6.000,6.000,145.908,11.020,145.135,158.061\n"
      + "occ,full-jitter,8,4,28.750,1.708,28.500,30.700,335.255,50.373,339.902,384.342\n"
      + "occ,equal-jitter,3,4,6.000,0.000,6.000,6.000,150.417,14.090,152.732,163.090\n"
      + "occ,equal-jitter,8,4,30.750,1.500,31.000,32.000,573.882,174.119,495.515,785.497\n"
      + "occ,decorrelated-jitter,3,4,6.000,0.000,6.000,6.000,159.837,5.633,158.254,166.573\n"
      + "occ,decorrelated-jitter,8,4,28.250,2.872,28.000,31.400,401.935,66.628,389.583,478.862\n");
  }

  @Test
  void singleServerSeed1_matchesPinnedResults() {
    SimulationConfig config = SimulationConfig.builder().model("single-server").clients("3,8")
        .strategies("none,full-jitter").runs(4).seed(1).build();
    assertThat(SweepSimulation.simulate(config, ProgressListener.NONE).report().table("results.csv").csv()).isEqualTo(
      "model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,completion_mean,completion_sd,completion_p50,completion_p95\n"
      + "single-server,none,3,4,6.000,0.000,6.000,6.000,77.123,6.035,77.893,82.823\n"
      + "single-server,none,8,4,29.000,3.367,29.000,32.550,144.046,27.427,140.890,174.055\n"
      + "single-server,full-jitter,3,4,5.750,0.500,6.000,6.000,76.177,11.258,75.940,87.482\n"
      + "single-server,full-jitter,8,4,25.250,1.258,25.000,26.700,168.675,30.303,159.600,205.043\n");
  }

  @Test
  void overloadSeed1_matchesPinnedSummary() {
    OverloadConfig config = OverloadConfig.builder().rate(100).capacity(125).queue(250).timeout(1)
        .outage(5, 5, 0).horizon(30).runs(2).seed(1).build();
    assertThat(OverloadSimulation.simulate(config, ProgressListener.NONE).report().table("summary.csv").csv()).isEqualTo(
      "policy,strategy,runs,requests_mean,attempts_mean,amplification_mean,amplification_max,lost_mean,lost_share_mean,budget_denied_mean,wasted_mean,max_queue,recovered_runs,recovery_s_mean,recovery_s_p50,recovery_s_max\n"
      + "no-retry,full-jitter,2,3011.000,3011.000,1.000,1.000,963.000,0.320,0.000,700.000,250,2,7.500,7.500,10.000\n"
      + "retries,full-jitter,2,3011.000,10280.500,3.414,3.416,2343.000,0.778,0.000,2532.000,250,0,,,\n"
      + "token-bucket,full-jitter,2,3011.000,3060.000,1.016,1.016,963.000,0.320,963.000,700.000,250,2,7.500,7.500,10.000\n"
      + "retry-quota,full-jitter,2,3011.000,3061.500,1.017,1.017,962.500,0.320,962.500,700.000,250,2,7.500,7.500,10.000\n"
      + "ratio,full-jitter,2,3011.000,3330.000,1.106,1.110,948.000,0.315,912.500,700.000,250,2,6.000,6.000,7.000\n");
  }
}
