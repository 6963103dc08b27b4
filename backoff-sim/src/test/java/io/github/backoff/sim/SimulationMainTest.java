package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return SimulationMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void run_smallSweep_printsSummaryAndWritesReports(@TempDir Path dir) {
    int status = run("--clients", "5,10", "--strategies", "none,full-jitter", "--runs", "3", "--out",
        dir.toString(), "--quiet");
    assertThat(status).isZero();
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed).contains("model occ, 3 runs per point, seed 42, at N = 10 clients:")
        .contains("full-jitter").contains("events/s");
    assertThat(dir.resolve("results.csv")).exists();
    assertThat(dir.resolve("report.html")).exists();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void run_badArgument_exitsTwoWithOneLine() {
    assertThat(run("--runs", "zero")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("error: runs: not a whole number: 'zero'"
        + System.lineSeparator());
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void run_unknownOption_exitsTwo() {
    assertThat(run("--colour", "red")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: unknown option: --colour");
  }

  @Test
  void run_missingValue_exitsTwo() {
    assertThat(run("--seed")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: --seed: missing value");
  }

  @Test
  void run_outIsAFile_exitsOne(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "x");
    assertThat(run("--clients", "2", "--runs", "1", "--out", file.toString(), "--quiet")).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: cannot write reports to");
  }
}
