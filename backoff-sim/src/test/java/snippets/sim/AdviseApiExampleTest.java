package snippets.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.advise.Advice;
import io.github.backoff.sim.advise.AdviceProgress;
import io.github.backoff.sim.advise.Advisor;
import io.github.backoff.sim.advise.Objective;
import io.github.backoff.sim.advise.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calls of {@link AdviseDocSnippets}, smaller, from the module's directory, into a temporary directory. */
class AdviseApiExampleTest {
  @Test
  void advisor_asDocumented_recommendsAndWritesTheReport(@TempDir Path dir) throws Exception {
    Scenario scenario = Scenario.load(Path.of("../docs/scenarios/throttling.properties"))
        .with(Map.of("clients.rate", "420", "search.candidates", "20", "search.final_reps", "3",
            "search.max_reps", "2", "search.strategies", "decorrelated-jitter,full-jitter"));
    Objective objective = Objective.parse("min completion_p99", List.of("lost<=10%", "max_attempts<=4"));
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Advice advice = Advisor.builder().seed(42).threads(2)
        .progress(AdviceProgress.bar(new PrintStream(progress, true))).build()
        .advise(scenario, objective);
    assertThat(advice.met()).isTrue();
    Advice.Entry best = advice.recommendation().orElseThrow();
    assertThat(best.figure("completion_p99").n()).isEqualTo(3);
    assertThat(best.candidate().javaCode()).contains("RetryPolicy<Object> policy =");
    assertThat(progress.toString()).contains("candidates left (search)", "(final check)").endsWith("\n");
    advice.write(dir);
    assertThat(dir.resolve("report.html")).isNotEmptyFile();
  }
}
