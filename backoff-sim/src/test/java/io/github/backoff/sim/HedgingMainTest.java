package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.hedging.HedgingSimModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Model {@code hedging} through {@link SimulationMain}: registered, its options offered, its reports written. */
class HedgingMainTest {
  private static final List<String> FILES = List.of("results.csv", "latency_p50.png", "latency_p99.png",
      "latency_p999.png", "hedges.png", "extra_load.png", "report.html");
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    return SimulationMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String[] small(Path dir, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("--model", "hedging", "--load", "0.3,0.9", "--requests",
        "3000", "--runs", "2", "--out", dir.toString(), "--quiet"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void registry_defaults_containHedging() {
    assertThat(ModelRegistry.defaults().get("hedging")).isSameAs(HedgingSimModel.INSTANCE);
    assertThat(ModelRegistry.defaults().names()).contains("hedging");
    assertThat(ModelRegistry.defaults().modelsTaking("max-hedges")).containsExactly("hedging");
  }

  @Test
  void run_hedging_writesCsvChartsAndHtmlAndPrintsTheTable(@TempDir Path dir) throws Exception {
    assertThat(run(small(dir, "--max-hedges", "2", "--hedge-delay", "20ms", "--server-cancels")))
        .as(err.toString(StandardCharsets.UTF_8)).isZero();

    for (String file : FILES) {
      assertThat(dir.resolve(file)).exists();
    }
    List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
    assertThat(csv).hasSize(1 + 2 * 4);
    assertThat(csv.get(0)).startsWith("model,mode,load,runs,latency_p50_mean,");
    assertThat(csv.get(1)).startsWith("hedging,none,0.3,2,");
    assertThat(csv.get(8)).startsWith("hedging,budgeted,0.9,2,");
    assertThat(Files.readString(dir.resolve("report.html"))).contains("<tr><th>max hedges</th><td>2</td></tr>")
        .contains("<tr><th>server cancels losers</th><td>yes</td></tr>").contains("20.00 ms")
        .contains("id=\"latency_p99-chart\"");
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("model hedging: M/G/16")
        .contains("max hedges 2").contains("zero-load formula").contains("fixed hedging raises the p99")
        .contains("16 runs, ");
  }

  @Test
  void run_sameSeedOneOrTwoThreads_byteIdenticalFiles(@TempDir Path dir) throws Exception {
    assertThat(run(small(dir.resolve("1"), "--threads", "1"))).isZero();
    String summary = out.toString(StandardCharsets.UTF_8);
    assertThat(run(small(dir.resolve("2"), "--threads", "2"))).isZero();

    for (String file : FILES) {
      assertThat(Files.readAllBytes(dir.resolve("2").resolve(file))).as(file)
          .isEqualTo(Files.readAllBytes(dir.resolve("1").resolve(file)));
    }
    assertThat(summary.substring(0, summary.indexOf("16 runs")))
        .isEqualTo(out.toString(StandardCharsets.UTF_8).substring(0, summary.indexOf("16 runs")));
  }

  @Test
  void run_badValues_oneLineExitTwo(@TempDir Path dir) {
    for (String[] bad : List.of(
        new String[] {"--load", "1.0"},
        new String[] {"--load", "0"},
        new String[] {"--load", "x"},
        new String[] {"--load", "0.3,0.3"},
        new String[] {"--modes", "fixed,bogus"},
        new String[] {"--servers", "0"},
        new String[] {"--requests", "10"},
        new String[] {"--hedge-delay", "-1"},
        new String[] {"--hedge-percentile", "100"},
        new String[] {"--max-hedges", "11"},
        new String[] {"--max-hedges", "two"},
        new String[] {"--hedge-budget", "101"},
        new String[] {"--runs", "0"},
        new String[] {"--threads", "0"},
        new String[] {"--strategies", "full-jitter"},
        new String[] {"--rate", "5"})) {
      assertThat(run(small(dir, bad))).as(String.join(" ", bad)).isEqualTo(2);
      String message = err.toString(StandardCharsets.UTF_8);
      assertThat(message.lines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(message).as(String.join(" ", bad)).startsWith("error: " + bad[0].substring(2) + ": ")
          .doesNotContain("Exception").doesNotContain("io.github");
    }
  }
}
