package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A model registered and nothing else: the command line, the runner and the reports take it as it is. */
class NewModelTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final ModelRegistry registry =
      ModelRegistry.defaults().with(new ToyModel(true)).with(new ToyModel(false));

  private int run(String... args) {
    return SimulationMain.run(registry, args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void run_registeredModel_writesCsvChartsAndHtmlFromItsMetrics(@TempDir Path dir) throws Exception {
    assertThat(run("--model", "toy", "--loads", "1,2", "--strategies", "a,b", "--runs", "2", "--loud", "--out",
        dir.toString(), "--quiet")).as(err.toString(StandardCharsets.UTF_8)).isZero();

    assertThat(Files.readAllLines(dir.resolve("results.csv"))).hasSize(5).first().isEqualTo("model,strategy,load,runs,"
        + "extra_load_mean,extra_load_sd,extra_load_p50,extra_load_p95,"
        + "latency_p99_mean,latency_p99_sd,latency_p99_p50,latency_p99_p95");
    assertThat(Files.readAllLines(dir.resolve("results.csv")).get(4)).startsWith("toy,b,2,2,20.")
        .endsWith(",2.500,0.707,2.500,2.950");
    assertThat(Files.readAllLines(dir.resolve("timeseries.csv"))).hasSize(1 + 4 * 3)
        .contains("model,strategy,load,bucket,queue", "toy,b,2,2,4.000");
    for (String png : List.of("extra_load.png", "latency_p99.png", "queue.png")) {
      assertThat(Files.readAllBytes(dir.resolve(png))).startsWith(0x89, 'P', 'N', 'G');
    }
    assertThat(Files.readString(dir.resolve("report.html"))).contains("<table id=\"results\">")
        .contains("<tr><th>loud</th><td>true</td></tr>").contains("id=\"latency_p99-chart\"");
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("model toy, 2 runs per point")
        .contains("extra_load").contains("8 runs, 8 events");
  }

  @Test
  void run_modelWithoutXAxis_reportsEveryPoint(@TempDir Path dir) throws Exception {
    assertThat(run("--model", "toy-flat", "--loads", "1", "--out", dir.toString(), "--quiet")).isZero();
    assertThat(Files.readAllLines(dir.resolve("results.csv")).get(0)).startsWith("model,strategy,runs,");
    assertThat(Files.readAllBytes(dir.resolve("extra_load.png"))).startsWith(0x89, 'P', 'N', 'G');
  }

  @Test
  void run_sameStudyOnMoreThreads_byteIdenticalCsv(@TempDir Path dir) throws Exception {
    run("--model", "toy", "--loads", "1,2,3,4", "--runs", "7", "--threads", "1", "--out",
        dir.resolve("1").toString(), "--quiet");
    run("--model", "toy", "--loads", "1,2,3,4", "--runs", "7", "--threads", "3", "--out",
        dir.resolve("3").toString(), "--quiet");
    for (String csv : List.of("results.csv", "timeseries.csv")) {
      assertThat(Files.readAllBytes(dir.resolve("3").resolve(csv)))
          .isEqualTo(Files.readAllBytes(dir.resolve("1").resolve(csv)));
    }
  }

  @Test
  void run_anotherModelsOption_namesTheModelsItAppliesTo() {
    assertThat(run("--model", "occ", "--loads", "1")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("error: loads: applies to --model toy or toy-flat only" + System.lineSeparator());
  }

  @Test
  void registry_unknownModel_namesTheKnownOnes() {
    assertThat(run("--model", "nope")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("error: model: unknown model 'nope' (known: occ, single-server, overload, hedging, toy, toy-flat)");
  }
}
