package snippets.sim;

// tag::advisor[]
import io.github.backoff.sim.advise.Advice;
import io.github.backoff.sim.advise.AdviceProgress;
import io.github.backoff.sim.advise.Advisor;
import io.github.backoff.sim.advise.Objective;
import io.github.backoff.sim.advise.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
// end::advisor[]

/**
 * The API block of docs/advise.md, compiled here; it runs a full search from the repository's root and writes into
 * the working directory, so {@link AdviseApiExampleTest} runs the same calls, smaller, into a temporary directory.
 */
final class AdviseDocSnippets {
  private AdviseDocSnippets() {}

  static void advisor() throws Exception {
    // tag::advisor[]
    Scenario scenario = Scenario.load(Path.of("docs/scenarios/throttling.properties"))
        .with(Map.of("clients.rate", "420"));                   // a key overridden, as the command's flags do
    Objective objective = Objective.parse("min completion_p99", List.of("lost<=2%", "max_attempts<=4"));
    Advice advice = Advisor.builder().seed(42).threads(2)
        .progress(AdviceProgress.bar(System.err)).build()
        .advise(scenario, objective);                            // bad values: "<key>: <problem>"
    if (advice.met()) {
      Advice.Entry best = advice.recommendation().orElseThrow();
      System.out.println(best.candidate().label() + ": p99 " + best.figure("completion_p99"));
      System.out.println(best.candidate().javaCode());           // or springProperties("payments"), execFlags()
    } else {
      advice.binding().forEach(b -> System.out.println(b.text())); // which constraint binds, by how much
    }
    advice.write(Path.of("advice"));                            // report.html, candidates.csv, search.csv, pareto.png
    // end::advisor[]
  }
}
