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

/**
 * The registry block of docs/simulator.md ("API"), compiled here (the model API block is {@link SimSnippets}); it
 * runs a full-size study that writes into the working directory, so {@link ApiExampleTest} runs the same calls,
 * smaller, into a temporary directory.
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
}
