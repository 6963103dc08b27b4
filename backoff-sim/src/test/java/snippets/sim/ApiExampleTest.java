package snippets.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.Simulation;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SweepResult;
import io.github.backoff.sim.sweep.SweepSimulation;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of docs/simulator.md ("API", compiled as {@link SimulatorDocSnippets} and {@link SimSnippets}), run smaller, into a
 * temporary directory, so that they keep working.
 */
class ApiExampleTest {

  @Test
  void anyModel_throughTheRegistry(@TempDir Path dir) throws Exception {
    Study study = Simulation.study(ModelRegistry.defaults(), "overload",
        Settings.of(Map.of("rate", "90", "capacity", "100", "horizon", "20s", "outage-start", "5s", "runs", "1",
            "policies", "retries,ratio", "out", dir.toString())), StrategyLookup.NONE);
    Simulation.Outcome outcome = Simulation.run(study, ProgressListener.NONE);
    assertThat(outcome.summary()).startsWith("model overload: λ 90/s");
    assertThat(outcome.files()).allSatisfy(file -> assertThat(file).exists());
  }

  @Test
  void modelsOwnApi(@TempDir Path dir) throws Exception {
    SimulationConfig config = SimulationConfig.builder()
        .model("occ").clients("10,20").strategies("none,full-jitter")
        .runs(5).seed(42).out(dir.resolve("out"))
        .build();
    SweepResult result = SweepSimulation.run(config, ProgressListener.NONE);
    assertThat(result.report().summary()).contains("full-jitter");

    OverloadConfig storm = OverloadConfig.builder()
        .rate(80).capacity(100).queue(200).timeout(1).outage(5, 5, 0).horizon(30)
        .policies("retries,token-bucket").maxAttempts(4).runs(1).out(dir.resolve("storm"))
        .build();
    OverloadResult stormResult = OverloadSimulation.run(storm, ProgressListener.NONE);
    assertThat(stormResult.report().summary()).contains("token-bucket");

    OverloadConfig throttled = OverloadConfig.builder()
        .server("throttling").throttleRate(60).rate(80).capacity(100).outage(0, 0, 0).horizon(20)
        .policies("retries,retry-quota-2026,adaptive").runs(1).out(dir.resolve("throttled"))
        .build();
    OverloadResult throttledResult = OverloadSimulation.simulate(throttled, ProgressListener.NONE);
    double adaptiveWait = throttledResult.point("adaptive", "full-jitter").limiterWaitPerRequest().mean();
    assertThat(adaptiveWait).isPositive();
  }
}
