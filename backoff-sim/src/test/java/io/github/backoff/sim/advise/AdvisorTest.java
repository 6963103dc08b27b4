package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.sim.report.ReportWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdvisorTest {
  /** Small sizes for the build: fewer candidates, seeds and rounds than the shipped files. */
  private static final Map<String, String> SMALL = Map.of("search.candidates", "24", "search.final_reps", "4",
      "search.max_reps", "4", "search.finalists", "3");

  private static Scenario shipped(String name) {
    return Scenario.load(Path.of("../docs/scenarios/" + name + ".properties"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"aws-contention", "outage-80", "throttling"})
  void advise_shippedScenario_recommendationIsAtLeastAsGoodAsEveryPreset(String name) {
    Scenario scenario = shipped(name).with(SMALL);
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    assertThat(advice.met()).as("%s\n%s", name, advice.report().summary()).isTrue();
    Advice.Entry best = advice.recommendation().orElseThrow();
    String metric = scenario.objective().metric();
    double mine = best.figure(metric).mean();
    assertThat(advice.references()).isNotEmpty();
    for (Advice.Entry preset : advice.references()) {
      // every preset that meets the constraints as surely as the recommendation does
      if (best.confident() ? preset.confident() : preset.feasible()) {
        Estimate theirs = preset.figure(metric);
        assertThat(mine).as("%s: %s against %s", name, best.candidate().label(), preset.candidate().label())
            .isLessThanOrEqualTo(theirs.high());
      }
    }
    assertThat(best.figure(metric).n()).isEqualTo(4); // on the final check's fresh seeds
    assertThat(advice.searched()).hasSizeGreaterThanOrEqualTo(20);
  }

  @Test
  void summary_completionObjective_explainsWhatThePercentileCountsAndComparesWithAPreset() {
    Scenario scenario = shipped("throttling").with(SMALL);
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    List<String> why = AdviceReport.why(advice);
    assertThat(why).anyMatch(w -> w.startsWith("against the best-ranked preset or default, "))
        .anyMatch(w -> w.startsWith("completion_p99 counts the requests that succeeded only"));
    assertThat(advice.report().summary()).contains("\n  why: completion_p99 counts the requests that succeeded");
  }

  @Test
  void advise_sameSeed_sameAdviceWhateverTheThreads() {
    Scenario scenario = Scenario.parse("clients.arrival=burst\nclients.count=40\nsearch.candidates=30\n"
        + "search.final_reps=3\nsearch.presets=google-drive,aws-sdk-standard");
    Advice one = Advisor.builder().seed(7).threads(1).build().advise(scenario, scenario.objective());
    Advice two = Advisor.builder().seed(7).threads(2).build().advise(scenario, scenario.objective());
    assertThat(describe(two)).isEqualTo(describe(one));
    Advice other = Advisor.builder().seed(8).threads(2).build().advise(scenario, scenario.objective());
    assertThat(describe(other)).isNotEqualTo(describe(one));
  }

  private static List<String> describe(Advice advice) {
    List<String> lines = new ArrayList<>();
    for (Advice.Entry e : advice.ranked()) {
      lines.add(e.rank() + " " + e.candidate().label() + " " + e.figures().get("attempts") + " "
          + e.figures().get("completion"));
    }
    advice.searched().forEach(s -> lines.add(s.candidate().label() + " " + s.seeds() + " " + s.means()));
    return lines;
  }

  @Test
  void advise_impossibleConstraint_namesTheBindingOneAndByHowMuch() {
    Scenario scenario = Scenario.parse("clients.arrival=burst\nclients.count=40\nsearch.candidates=12\n"
        + "search.final_reps=3\nsearch.presets=none\nconstraints=completion<=10ms");
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    assertThat(advice.met()).isFalse();
    assertThat(advice.recommendation()).isEmpty();
    assertThat(advice.binding()).hasSize(1);
    Advice.Binding b = advice.binding().get(0);
    assertThat(b.constraint().metric()).isEqualTo("completion");
    assertThat(b.best()).isGreaterThan(0.01);
    assertThat(b.excess()).isEqualTo((b.best() - 0.01) / 0.01);
    assertThat(b.text()).matches("completion<=10ms: best [0-9.]+ m?s, [0-9]+ % over");
    assertThat(advice.report().summary()).contains("no candidate meets the constraints:\n  completion<=10ms: best ");
  }

  @Test
  void advise_maxAttemptsConstraint_leavesLongerLimitsOut() {
    Scenario scenario = Scenario.parse("clients.arrival=steady\nclients.rate=100\nservice.capacity=200\nhorizon=10s\n"
        + "search.max_attempts=2,5\nsearch.budgets=none\nsearch.strategies=full-jitter\nsearch.final_reps=2\n"
        + "search.presets=aws-sdk-legacy\nconstraints=max_attempts<=3");
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    assertThat(advice.searched()).allSatisfy(s -> assertThat(s.candidate().maxAttempts()).isEqualTo(2));
    Advice.Entry legacy = advice.references().get(0);
    assertThat(legacy.candidate().maxAttempts()).isEqualTo(4);
    assertThat(legacy.feasible()).isFalse();
  }

  @Test
  void advise_noCandidateWithinTheAttemptLimit_saysSo() {
    Scenario scenario = Scenario.parse("clients.arrival=steady\nclients.rate=100\nservice.capacity=200\nhorizon=10s\n"
        + "search.max_attempts=2,3\nsearch.presets=none\nconstraints=max_attempts<=1");
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    assertThat(advice.met()).isFalse();
    assertThat(advice.ranked()).isEmpty();
    assertThat(advice.binding()).extracting(Advice.Binding::text)
        .containsExactly("max_attempts<=1: no candidate has such an attempt limit");
    assertThat(advice.report().summary()).contains("no candidate meets the constraints:");
  }

  @Test
  void advise_objectiveTheScenarioDoesNotMeasure_isRejected() {
    Scenario scenario = Scenario.parse("clients.arrival=burst");
    assertThatThrownBy(() -> Advisor.builder().build().advise(scenario,
        Objective.parse("min lost", List.of()))).isInstanceOf(InvalidParameterException.class)
        .hasMessage("objective: unknown metric 'lost' for a burst scenario (known: attempts, amplification, "
            + "completion)");
    assertThatThrownBy(() -> Advisor.builder().threads(0)).hasMessage("threads: must be in [1, 1024]: 0");
  }

  @Test
  void report_writesTheFilesWithTheParetoTable(@TempDir Path dir) throws Exception {
    Scenario scenario = Scenario.parse("clients.arrival=burst\nclients.count=40\nsearch.candidates=20\n"
        + "search.final_reps=3\nconstraints=completion<=10s");
    Advice advice = Advisor.builder().threads(2).build().advise(scenario, scenario.objective());
    ReportWriter.write(advice.report(), dir);
    for (String file : List.of("report.html", "candidates.csv", "search.csv", "pareto.png")) {
      assertThat(dir.resolve(file)).as(file).isNotEmptyFile();
    }
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).contains("<table id=\"pareto\"", "Recommended", "backoff.policies.advised.strategy=",
        "RetryPolicy&lt;Object&gt; policy = ", "backoff exec --strategy");
    assertThat(advice.paretoFront()).isNotEmpty();
    for (Advice.Entry e : advice.paretoFront()) {
      assertThat(html).contains(e.candidate().label());
    }
    List<String> csv = Files.readAllLines(dir.resolve("candidates.csv"));
    assertThat(csv.get(0)).startsWith("rank,candidate,reference,feasible,pareto,seeds,attempts_mean,attempts_low,"
        + "attempts_high,amplification_mean");
    assertThat(csv).hasSize(advice.ranked().size() + 1);
    assertThat(Files.readAllLines(dir.resolve("search.csv")).get(0))
        .isEqualTo("candidate,seeds,round_left,why,attempts_mean,amplification_mean,completion_mean");
  }

  @Test
  void pareto_dominatedPoints_areLeftOut() {
    double[] x = {1, 2, 3, 2.5, 4};
    double[] y = {5, 3, 1, 4, 0.5};
    assertThat(Advice.pareto(x, y)).containsExactly(0, 1, 2, 4);
  }
}
