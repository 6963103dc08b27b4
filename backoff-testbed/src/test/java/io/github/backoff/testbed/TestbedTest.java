package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.NetworkLatency;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadPointResult;
import io.github.backoff.sim.overload.OverloadRunTotals;
import io.github.backoff.sim.overload.OverloadSimulation;
import org.junit.jupiter.api.Test;

/**
 * The small, fast version of the comparison (docs/advise.md, "Checked against a real server"): a short outage at
 * 80 % load, run for real and simulated on the same seed. Only what does not depend on the machine's speed is compared, with room for a
 * loaded 2-core machine: the requests (the same arrival stream), the load at the server and the requests lost. The
 * latency comparison is the documented full run's.
 */
class TestbedTest {
  /**
   * 40 requests/s at a server of 50/s (80 %), a queue of 1 s of work, a 0.5 s timeout; down from 1 s to 3 s; 6 s in
   * all. Retries without a budget keep the queue full after the outage (a storm); the token bucket does not.
   */
  private static OverloadConfig scenario(String policies) {
    return OverloadConfig.builder().rate(40).capacity(50).queue(50).timeout(0.5).outage(1, 2, 0).horizon(6)
        .policies(policies).maxAttempts(4).runs(1).seed(42).networkLatency(NetworkLatency.parse("2ms")).build();
  }

  @Test
  void run_outageScenario_matchesTheSimulatorsRequestsLoadAndLoss() {
    OverloadConfig scenario = scenario("retries,token-bucket");
    var sim = OverloadSimulation.simulate(scenario, ProgressListener.NONE);
    long[] load = new long[2];
    String[] policies = {"retries", "token-bucket"};
    for (int p = 0; p < 2; p++) {
      String policy = policies[p];
      TestbedResult real = Testbed.run(scenario, policy, "full-jitter", 0, 1.0);
      OverloadPointResult point = sim.point(policy, "full-jitter");
      OverloadRunTotals model = point.runs().get(0);

      assertThat(real.requests()).as(policy).isEqualTo(model.requests()); // the same arrivals
      assertThat((double) real.attempts()).as(policy + ": requests at the server")
          .isCloseTo(model.attempts(), within(0.2 * model.attempts() + 10));
      assertThat((double) real.lost()).as(policy + ": lost")
          .isCloseTo(model.lost(), within(0.25 * model.lost() + 15));
      assertThat(real.successes() + real.lost()).as(policy + ": finished").isLessThanOrEqualTo(real.requests());
      // The run's own figures, with room for a loaded machine: 6 model seconds at time scale 1.
      assertThat(real.wallSeconds()).as(policy + ": wall").isBetween(6.0, 60.0);
      assertThat(real.lagMaxMs()).as(policy + ": latest send, ms").isBetween(0.0, 5_000.0);
      assertThat(real.lagMeanMs()).as(policy + ": mean lag, ms").isBetween(0.0, real.lagMaxMs());
      if (policy.equals("token-bucket")) {
        // Under the storm (retries) no request after the warm-up may succeed at its first attempt; with the
        // budget some 40 do.
        assertThat(real.overhead().count()).as(policy + ": first-attempt successes after the warm-up").isPositive();
        assertThat(real.overhead().mean()).as(policy + ": network time, s").isBetween(0.0, 1.0);
      }
      load[p] = real.attempts();
    }
    // The simulator has 3.2x against 1.2x: the storm is real, and the budget stops it.
    assertThat(load[0]).as("retries against token-bucket at the server").isGreaterThan(2 * load[1]);
  }

  @Test
  void run_timeScaleHalf_runsTwiceAsFastWithTheSameRequests() {
    // 40 % load: at twice the speed a loaded machine's slower service must not tip the run into a storm (at 80 %
    // it once sent 564 requests to the model's 167).
    OverloadConfig scenario = OverloadConfig.builder().rate(20).capacity(50).queue(50).timeout(1).outage(0, 0, 0)
        .horizon(4).policies("retries").runs(1).seed(7).build();
    TestbedResult real = Testbed.run(scenario, "retries", "full-jitter", 0, 0.5);
    OverloadRunTotals model = OverloadSimulation.simulate(scenario, ProgressListener.NONE).point("retries", "full-jitter")
        .runs().get(0);

    assertThat(real.wallSeconds()).isBetween(2.0, 30.0); // 4 model seconds at 0.5 real seconds each
    assertThat(real.requests()).isEqualTo(model.requests());
    assertThat((double) real.attempts()).isCloseTo(model.attempts(), within(0.2 * model.attempts() + 10));
    assertThat(real.latencyP50()).as("in model seconds").isLessThan(1.0);
  }
}
