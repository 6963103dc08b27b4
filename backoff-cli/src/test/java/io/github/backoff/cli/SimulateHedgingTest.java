package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateHedgingTest {
  @TempDir
  Path dir;

  private static final String[] SMALL = {"simulate", "--model", "hedging", "--load", "0.3,0.9", "--requests",
      "3000", "--runs", "2", "-q"};
  private static final List<String> FILES = List.of("results.csv", "latency_p50.png", "latency_p99.png",
      "latency_p999.png", "hedges.png", "extra_load.png", "report.html");

  private static String[] with(String... more) {
    return CliRun.concat(SMALL, more);
  }

  @Test
  void hedging_small_writesCsvChartsAndReportAndPrintsTheTable() throws Exception {
    CliRun run = CliRun.of(with("--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("model hedging: M/G/16").contains("zero-load formula")
        .contains(" load | none ").contains("budgeted hedging raises the p99").contains("wrote ");
    List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
    assertThat(csv).hasSize(1 + 2 * 4);
    assertThat(csv.get(0)).startsWith("model,mode,load,runs,latency_p50_mean,").contains(",latency_p99_mean,")
        .contains(",latency_p999_mean,").contains(",extra_load_mean,");
    assertThat(csv.get(2)).startsWith("hedging,fixed,0.3,2,");
    for (String file : FILES) {
      if (file.endsWith(".png")) {
        assertThat(Files.readAllBytes(dir.resolve(file))).as(file).startsWith(0x89, 'P', 'N', 'G');
      }
    }
    assertThat(Files.readString(dir.resolve("report.html"))).contains("data:image/png;base64,")
        .contains("<table id=\"results\">");
  }

  @Test
  void hedging_optionsReachTheModel() throws Exception {
    CliRun run = CliRun.of(with("--modes", "none,percentile", "--servers", "8", "--hedge-delay", "30ms",
        "--hedge-percentile", "90", "--max-hedges", "2", "--hedge-budget", "5", "--server-cancels", "--seed", "3",
        "--threads", "2", "--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("M/G/8").contains("hedge delay 30.00 ms, percentile p90, max hedges 2, budget 5%, "
        + "server cancels: yes").contains("percentile hedging raises").doesNotContain("fixed");
    assertThat(Files.readString(dir.resolve("report.html"))).contains("<tr><th>seed</th><td>3</td></tr>")
        .contains("<tr><th>modes</th><td>none,percentile</td></tr>");
  }

  @Test
  void hedging_sameSeedOneOrTwoThreads_byteIdenticalOutput() throws Exception {
    Path one = dir.resolve("one");
    Path two = dir.resolve("two");
    CliRun first = CliRun.of(with("--threads", "1", "--out", one.toString()));
    CliRun second = CliRun.of(with("--threads", "2", "--out", two.toString()));

    assertThat(first.exitCode()).isZero();
    assertThat(second.exitCode()).isZero();
    for (String file : FILES) {
      assertThat(Files.readAllBytes(two.resolve(file))).as(file).isEqualTo(Files.readAllBytes(one.resolve(file)));
    }
    String table = first.out().substring(0, first.out().indexOf("wrote "));
    assertThat(second.out()).startsWith(table.replace(one.toString(), two.toString()));
  }

  @Test
  void hedging_badValues_oneLineExitTwo() {
    for (String[] bad : List.of(
        new String[] {"--load", "1.5"},
        new String[] {"--load", "0.3,,0.5"},
        new String[] {"--modes", "fixed,sometimes"},
        new String[] {"--servers", "0"},
        new String[] {"--servers", "many"},
        new String[] {"--requests", "99"},
        new String[] {"--hedge-delay", "-5ms"},
        new String[] {"--hedge-delay", "soon"},
        new String[] {"--hedge-percentile", "0"},
        new String[] {"--max-hedges", "-1"},
        new String[] {"--max-hedges", "11"},
        new String[] {"--hedge-budget", "-1"},
        new String[] {"--runs", "0"},
        new String[] {"--strategies", "full-jitter"},
        new String[] {"--base", "10ms"},
        new String[] {"--rate", "100"})) {
      CliRun run = CliRun.of(with(bad));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).as(String.join(" ", bad)).startsWith("backoff simulate: ").doesNotContain("\tat ")
          .doesNotContain("Exception").doesNotContain("io.github").doesNotContain("java.");
    }
  }

  @Test
  void hedgingOptions_withAnotherModel_areRejected() {
    for (String[] bad : List.of(
        new String[] {"simulate", "--load", "0.5"},
        new String[] {"simulate", "--model", "overload", "--max-hedges", "2"},
        new String[] {"simulate", "--server-cancels"})) {
      CliRun run = CliRun.of(bad);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).contains("applies to --model hedging only");
    }
  }
}
