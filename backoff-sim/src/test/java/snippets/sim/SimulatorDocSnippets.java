package snippets.sim;

// tag::registry[]
import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.Simulation;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.util.Map;
// end::registry[]
// tag::models[]
import io.github.backoff.sim.ProgressBar;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadReports;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadSimulator;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SimulationResult;
import io.github.backoff.sim.sweep.Simulator;
import io.github.backoff.sim.sweep.SummaryTable;
import java.nio.file.Path;
// end::models[]

/**
 * The code blocks of docs/simulator.md ("API"), compiled here; they run full-size studies that write into the
 * working directory, so {@link ApiExampleTest} runs the same calls, smaller, into a temporary directory.
 */
final class SimulatorDocSnippets {
  private SimulatorDocSnippets() {}

  static void registry() throws Exception {
    // tag::registry[]
    Study study = Simulation.study(ModelRegistry.defaults(), "overload",
        Settings.of(Map.of("rate", "900", "policies", "retries,ratio", "out", "storm")), StrategyLookup.NONE);
    Simulation.Outcome outcome = Simulation.run(study, ProgressListener.NONE); // runs, writes the reports
    System.out.print(outcome.summary());
    // end::registry[]
  }

  static double models() throws Exception {
    // tag::models[]
    SimulationConfig config = SimulationConfig.builder()
        .model("occ").clients("10..190:10").strategies("none,full-jitter")
        .runs(100).seed(42).out(Path.of("out"))
        .build();                                   // IllegalArgumentException: "<parameter>: <problem>"
    SimulationResult result = Simulator.run(config, new ProgressBar(System.err)); // writes the four files
    System.out.print(SummaryTable.format(result));

    OverloadConfig storm = OverloadConfig.builder()             // the overload model
        .rate(800).capacity(1000).queue(2000).timeout(1).outage(30, 10, 0).horizon(180)
        .policies("retries,token-bucket").maxAttempts(4).out(Path.of("storm"))
        .build();
    OverloadResult stormResult = OverloadSimulator.run(storm, ProgressListener.NONE); // writes the seven files
    System.out.print(OverloadReports.summary(stormResult));

    OverloadConfig throttled = OverloadConfig.builder()         // a throttling server, adaptive mode
        .server("throttling").throttleRate(600).outage(0, 0, 0).horizon(60)
        .policies("retries,retry-quota-2026,adaptive").out(Path.of("throttled"))
        .build();
    OverloadResult throttledResult = OverloadSimulator.simulate(throttled, ProgressListener.NONE);
    double adaptiveWait = throttledResult.point("adaptive", "full-jitter").limiterWaitPerRequest().mean(); // seconds
    // end::models[]
    return adaptiveWait;
  }
}
