package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateCommandTest {
  @TempDir
  Path dir;

  @Test
  void simulate_smallSweep_writesTheFourOutputsAndASummary() throws Exception {
    CliRun run = CliRun.of("simulate", "--clients", "10,20", "--runs", "5", "--out", dir.toString(), "--quiet");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("full-jitter").contains("decorrelated-jitter").contains("wrote ");
    List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
    assertThat(csv.get(0)).isEqualTo("model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,"
        + "completion_mean,completion_sd,completion_p50,completion_p95");
    assertThat(csv).hasSize(1 + 5 * 2);
    for (String png : List.of("work.png", "completion.png")) {
      byte[] bytes = Files.readAllBytes(dir.resolve(png));
      assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
    }
    assertThat(Files.readString(dir.resolve("report.html"))).contains("<img").contains("data:image/png;base64,");
  }

  @Test
  void simulate_durationsGiven_reportShowsThemAsGiven() throws Exception {
    CliRun run = CliRun.of("simulate", "--clients", "10", "--runs", "2", "--base", "10ms", "--cap", "2s", "--out",
        dir.toString(), "--quiet");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(dir.resolve("report.html")))
        .contains("<tr><th>base, cap</th><td>10 ms, 2 s</td></tr>").doesNotContain("time units");
  }

  @Test
  void simulate_presetsAndCoreStrategiesByName_areSimulated() throws Exception {
    CliRun run = CliRun.of("simulate", "--clients", "10", "--runs", "3", "--out", dir.toString(), "--quiet",
        "--strategies", "full-jitter,decorrelated-jitter-v2,aws-sdk-standard,constant");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readAllLines(dir.resolve("results.csv")))
        .extracting(line -> line.split(",")[1])
        .containsExactly("strategy", "full-jitter", "decorrelated-jitter-v2", "aws-sdk-standard", "constant");
  }

  @Test
  void simulate_sameSeedDifferentThreads_byteIdenticalCsv() throws Exception {
    Path one = dir.resolve("one");
    Path two = dir.resolve("two");
    CliRun.of("simulate", "--clients", "10..30:10", "--runs", "4", "--threads", "1", "--out", one.toString(), "-q");
    CliRun.of("simulate", "--clients", "10..30:10", "--runs", "4", "--threads", "3", "--out", two.toString(), "-q");

    assertThat(Files.readAllBytes(one.resolve("results.csv"))).isEqualTo(Files.readAllBytes(two.resolve("results.csv")));
  }

  @Test
  void simulate_badArguments_oneLineExitTwo() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    for (String[] bad : List.of(
        new String[] {"simulate", "--model", "bogus"},
        new String[] {"simulate", "--clients", "10..x"},
        new String[] {"simulate", "--runs", "0"},
        new String[] {"simulate", "--runs", "abc"},
        new String[] {"simulate", "--strategies", "full-jitter,nope"},
        new String[] {"simulate", "--base", "-5"},
        new String[] {"simulate", "--base", "100ms", "--cap", "10ms"},
        new String[] {"simulate", "--out", file.resolve("sub").toString()})) {
      CliRun run = CliRun.of(bad);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).doesNotContain("\tat ");
    }
  }

  @Test
  void simulate_bareNumber_isRefusedWithTheUnitForms() {
    for (String[] args : List.of(new String[] {"occ", "--base"}, new String[] {"occ", "--cap"},
        new String[] {"overload", "--timeout"}, new String[] {"overload", "--horizon"},
        new String[] {"hedging", "--hedge-delay"})) {
      CliRun run = CliRun.of("simulate", "--model", args[0], args[1], "20", "--out", dir.toString(), "-q");
      assertThat(run.exitCode()).as(args[1]).isEqualTo(2);
      assertThat(run.err()).as(args[1]).contains("\"20\" has no unit: write 20ms, 20s, 1m30s or PT20S");
    }
  }

  @Test
  void simulate_misspelledStrategy_suggestsTheNameAndListsEveryAcceptedOne() {
    CliRun run = CliRun.of("simulate", "--strategies", "none,full-jiter", "--out", dir.toString(), "-q");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(SimulateCommand.strategyNames()).hasSizeGreaterThanOrEqualTo(19)
        .containsAll(io.github.backoff.strategy.BackoffSpec.NAMES)
        .containsAll(io.github.backoff.preset.Preset.names());
    assertThat(run.err()).contains("unknown strategy 'full-jiter' (did you mean 'full-jitter'?); the strategies are "
        + String.join(", ", SimulateCommand.strategyNames()));
  }

  @Test
  void simulate_misspelledOption_suggestsTheOption() {
    CliRun run = CliRun.of("simulate", "--bas", "100ms", "--out", dir.toString(), "-q");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.err()).contains("unknown option '--bas' (did you mean '--base'?); the options are ")
        .contains("--hedge-delay", "--outage-capacity");
  }
}
