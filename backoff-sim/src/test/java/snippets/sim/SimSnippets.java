package snippets.sim;

// tag::model-api[]
import io.github.backoff.sim.ProgressBar;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.sim.report.ReportWriter;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.sim.sweep.SweepResult;
import io.github.backoff.sim.sweep.SweepSimulation;
import java.nio.file.Path;
// end::model-api[]

/**
 * The code blocks of docs/simulator.md, compiled (ApiExampleTest runs smaller versions of them). Not a test: the
 * full-size runs take seconds.
 */
final class SimSnippets {
  private SimSnippets() {}

  static void modelApi() throws Exception {
    // tag::model-api[]
    SimulationConfig config = SimulationConfig.builder()
        .model("occ").clients("10..190:10").strategies("none,full-jitter")
        .runs(100).seed(42).base(10).out(Path.of("out"))
        .build();                                   // IllegalArgumentException: "<parameter>: <problem>"
    SweepResult result = SweepSimulation.run(config, new ProgressBar(System.err)); // writes the four files
    System.out.print(result.report().summary());
    String csv = result.report().table("results.csv").csv(); // any table, without writing files
    ReportWriter.write(result.report(), Path.of("again"));    // the same files, elsewhere

    OverloadConfig storm = OverloadConfig.builder()             // the overload model
        .rate(800).capacity(1000).queue(2000).timeout(1).outage(30, 10, 0).horizon(180)
        .policies("retries,token-bucket").maxAttempts(4).out(Path.of("storm"))
        .build();
    OverloadResult stormResult = OverloadSimulation.run(storm, ProgressListener.NONE); // writes the seven files
    System.out.print(stormResult.report().summary());

    OverloadConfig throttled = OverloadConfig.builder()         // a throttling server, adaptive mode
        .server("throttling").throttleRate(600).outage(0, 0, 0).horizon(60)
        .policies("retries,retry-quota-2026,adaptive").out(Path.of("throttled"))
        .build();
    OverloadResult throttledResult = OverloadSimulation.simulate(throttled, ProgressListener.NONE);
    double adaptiveWait = throttledResult.point("adaptive", "full-jitter").limiterWaitPerRequest().mean(); // seconds
    // end::model-api[]
    System.out.println(csv.length() + adaptiveWait);
  }
}
