package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSimulator;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.Simulator;
import org.junit.jupiter.api.Test;

/**
 * Seeded sweeps pinned byte for byte: any change to the models, the engine's event order, the seeding or the
 * number formatting shows up here. If a change is intended, regenerate with
 * {@code SimulatorMain --clients 3,8 --runs 4 --seed 1} (and {@code --model single-server --strategies
 * none,full-jitter}) and say why in the commit. The overload oracle is the configuration in its test, printed as
 * {@code report().table("summary.csv")}.
 */
class RegressionOracleTest {

  @Test
  void occSeed1_matchesPinnedResults() {
    SimulationConfig config = SimulationConfig.builder().clients("3,8").runs(4).seed(1).build();
    assertThat(Simulator.simulate(config, ProgressListener.NONE).report().table("results.csv").csv()).isEqualTo(
      "model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,completion_mean,completion_sd,completion_p50,completion_p95\n"
      + "occ,none,3,4,6.000,0.000,6.000,6.000,126.755,7.203,129.232,131.995\n"
      + "occ,none,8,4,34.750,2.500,36.000,36.000,325.210,22.113,335.083,338.258\n"
      + "occ,exponential,3,4,6.000,0.000,6.000,6.000,151.194,0.980,151.049,152.316\n"
      + "occ,exponential,8,4,35.250,1.500,36.000,36.000,1431.625,347.415,1602.928,1609.606\n"
      + "occ,full-jitter,3,4,6.000,0.000,6.000,6.000,146.329,8.962,143.918,157.020\n"
      + "occ,full-jitter,8,4,29.000,1.414,28.500,30.700,419.921,69.931,446.155,468.097\n"
      + "occ,equal-jitter,3,4,6.000,0.000,6.000,6.000,155.014,8.918,155.419,164.115\n"
      + "occ,equal-jitter,8,4,30.500,1.915,31.000,32.000,557.123,182.037,478.181,778.840\n"
      + "occ,decorrelated-jitter,3,4,6.000,0.000,6.000,6.000,161.968,5.415,160.116,168.495\n"
      + "occ,decorrelated-jitter,8,4,27.500,1.291,27.500,28.850,415.657,129.711,355.838,572.826\n");
  }

  @Test
  void singleServerSeed1_matchesPinnedResults() {
    SimulationConfig config = SimulationConfig.builder().model("single-server").clients("3,8")
        .strategies("none,full-jitter").runs(4).seed(1).build();
    assertThat(Simulator.simulate(config, ProgressListener.NONE).report().table("results.csv").csv()).isEqualTo(
      "model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,completion_mean,completion_sd,completion_p50,completion_p95\n"
      + "single-server,none,3,4,6.000,0.000,6.000,6.000,77.197,3.999,76.729,81.712\n"
      + "single-server,none,8,4,31.750,2.986,32.000,34.700,155.325,17.690,157.731,171.940\n"
      + "single-server,full-jitter,3,4,5.750,0.500,6.000,6.000,74.684,14.053,77.056,87.136\n"
      + "single-server,full-jitter,8,4,26.250,2.872,26.000,29.400,233.179,95.588,196.727,348.205\n");
  }

  @Test
  void overloadSeed1_matchesPinnedSummary() {
    OverloadConfig config = OverloadConfig.builder().rate(100).capacity(125).queue(250).timeout(1)
        .outage(5, 5, 0).horizon(30).runs(2).seed(1).build();
    assertThat(OverloadSimulator.simulate(config, ProgressListener.NONE).report().table("summary.csv").csv()).isEqualTo(
      "policy,strategy,runs,requests_mean,attempts_mean,amplification_mean,amplification_max,lost_mean,lost_share_mean,budget_denied_mean,wasted_mean,max_queue,recovered_runs,recovery_s_mean,recovery_s_p50,recovery_s_max\n"
      + "no-retry,full-jitter,2,3011.000,3011.000,1.000,1.000,963.000,0.320,0.000,700.000,250,2,7.500,7.500,10.000\n"
      + "retries,full-jitter,2,3011.000,10280.500,3.414,3.416,2343.000,0.778,0.000,2532.000,250,0,,,\n"
      + "token-bucket,full-jitter,2,3011.000,3060.000,1.016,1.016,963.000,0.320,963.000,700.000,250,2,7.500,7.500,10.000\n"
      + "retry-quota,full-jitter,2,3011.000,3061.500,1.017,1.017,962.500,0.320,962.500,700.000,250,2,7.500,7.500,10.000\n"
      + "ratio,full-jitter,2,3011.000,3330.000,1.106,1.110,948.000,0.315,912.500,700.000,250,2,6.000,6.000,7.000\n");
  }
}
