package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ScheduleCommandTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir
  Path tmp;

  @Test
  void table_capAsGiven_printsItInTheUnitGiven() {
    // Issue 23: "--cap 64s" printed "capped at 1.067 min".
    CliRun run = CliRun.of("schedule", "full-jitter", "--cap", "64s", "--samples", "10", "--seed", "1");

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines().get(0)).contains("capped at 64 s").doesNotContain("min");
    assertThat(CliRun.of("schedule", "full-jitter", "--cap", "2m", "--samples", "10").outLines().get(0))
        .contains("capped at 2 min");
  }

  @Test
  void table_default_oneRowPerRetryWithHeader() {
    CliRun run = CliRun.of("schedule", "full-jitter", "--base", "100ms", "--cap", "20s", "--seed", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    List<String> lines = run.outLines();
    int header = lines.indexOf(lines.stream().filter(l -> l.strip().startsWith("retry")).findFirst().orElseThrow());
    assertThat(lines.get(header)).contains("min", "max", "median", "p90", "worst-case total");
    assertThat(lines.subList(header + 1, lines.size())).hasSize(ScheduleCommand.DEFAULT_ATTEMPTS);
    assertThat(lines.get(header + 1).strip()).startsWith("1 ").contains("100 ms");
    assertThat(lines.get(header + 10).strip()).startsWith("10 ").contains("20 s");
    assertThat(run.out()).contains("seed 1", "1000 sampled sequences");
  }

  @Test
  void table_preset_rowsFollowThePresetsAttemptLimit() {
    CliRun run = CliRun.of("schedule", "google-drive", "--seed", "3");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("google-drive", "sampled sequences of 5 retries");
    assertThat(run.outLines().get(run.outLines().size() - 1).strip()).startsWith("5 ").contains("16 s", "17 s");
  }

  @Test
  void table_attemptsOption_overridesTheDefault() {
    CliRun run = CliRun.of("schedule", "exponential", "--max-attempts", "4", "--seed", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines().get(run.outLines().size() - 1).strip()).startsWith("3 ");
  }

  @Test
  void csv_headerAndOneRowPerSamplePerRetry() {
    CliRun run = CliRun.of("schedule", "ethernet", "--format", "csv", "--samples", "1000", "--seed", "7");
    assertThat(run.exitCode()).isZero();
    List<String> lines = run.outLines();
    assertThat(lines.get(0)).isEqualTo("retry,delay_ms");
    assertThat(lines).hasSize(1 + 15 * 1000);
    BigDecimal slot = new BigDecimal("0.0512");
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",");
      int retry = Integer.parseInt(cells[0]);
      BigDecimal ms = new BigDecimal(cells[1]);
      BigDecimal[] slots = ms.divideAndRemainder(slot);
      assertThat(slots[1].signum()).as(line).isZero();
      assertThat(slots[0].intValue()).as(line).isBetween(0, (1 << Math.min(retry, 10)) - 1);
    }
  }

  @Test
  void csv_sequencesInRetryOrder() {
    CliRun run = CliRun.of("schedule", "constant", "--base", "1.5s", "--format", "csv", "--max-attempts", "4",
        "--samples", "2");
    assertThat(run.outLines()).containsExactly("retry,delay_ms", "1,1500", "2,1500", "3,1500", "1,1500", "2,1500",
        "3,1500");
  }

  @Test
  void seed_sameSeed_sameOutput() {
    String[] args = {"schedule", "decorrelated-jitter", "--base", "50ms", "--cap", "10s", "--format", "csv",
        "--samples", "200", "--seed", "42"};
    CliRun a = CliRun.of(args);
    CliRun b = CliRun.of(args);
    assertThat(a.exitCode()).isZero();
    assertThat(a.out()).isEqualTo(b.out());
    args[args.length - 1] = "43";
    assertThat(CliRun.of(args).out()).isNotEqualTo(a.out());
  }

  @Test
  void seed_sameSeed_sameTable() {
    assertThat(CliRun.of("schedule", "aws-sdk-standard", "--seed", "9").out())
        .isEqualTo(CliRun.of("schedule", "aws-sdk-standard", "--seed", "9").out());
  }

  @Test
  void json_rowsWithMilliseconds() {
    CliRun run = CliRun.of("schedule", "linear", "--base", "1s", "--step", "500ms", "--max-attempts", "3", "--seed",
        "5", "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("{").contains("\"strategy\": \"linear\"", "\"seed\": 5", "\"retries\": 2")
        .contains("{\"retry\": 1, \"min_ms\": 1000, \"max_ms\": 1000, \"median_ms\": 1000, \"p90_ms\": 1000, "
            + "\"worst_case_cumulative_ms\": 1000}")
        .contains("{\"retry\": 2, \"min_ms\": 1500, \"max_ms\": 1500, \"median_ms\": 1500, \"p90_ms\": 1500, "
            + "\"worst_case_cumulative_ms\": 2500}");
    assertThat(run.out().strip()).endsWith("}");
  }

  @Test
  void throttling_awsPreset_showsTheThrottlingStrategy() {
    CliRun run = CliRun.of("schedule", "aws-sdk-legacy", "--throttling", "--seed", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("throttling", "250 ms", "500 ms");
  }

  @Test
  void awsSdk2026_showsFiftyMillisAndWithThrottlingOneSecond() {
    CliRun run = CliRun.of("schedule", "aws-sdk-2026", "--seed", "1");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("from 2026", "50 ms", "100 ms").contains("sequences of 2 retries");
    CliRun throttling = CliRun.of("schedule", "aws-dynamodb-2026", "--throttling", "--seed", "1");
    assertThat(throttling.exitCode()).isZero();
    assertThat(throttling.out()).contains("throttling errors", "1 s", "4 s").contains("sequences of 3 retries");
  }

  @Test
  void truncatedBinary_takesTruncateAfterAndCap() {
    CliRun run = CliRun.of("schedule", "truncated-binary", "--truncate-after", "4", "--cap", "8s", "--seed", "1",
        "--format", "json");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("{\"retry\": 1, \"min_ms\": 0, \"max_ms\": 1000,")
        .contains("{\"retry\": 4, \"min_ms\": 0, \"max_ms\": 8000,");
  }

  @Test
  void chart_writesAPng() throws IOException {
    Path png = tmp.resolve("schedule.png");
    CliRun run = CliRun.of("schedule", "google-drive", "--seed", "1", "--samples", "200", "--chart", png.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).contains("chart: " + png);
    byte[] bytes = Files.readAllBytes(png);
    assertThat(bytes).startsWith(PNG_MAGIC);
    assertThat(bytes.length).isGreaterThan(10_000);
  }

  @Test
  void chart_withCsv_keepsStdoutPureCsv() throws IOException {
    Path png = tmp.resolve("ethernet.png");
    CliRun run = CliRun.of("schedule", "ethernet", "--seed", "1", "--samples", "10", "--format", "csv", "--chart",
        png.toString());
    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).hasSize(1 + 15 * 10);
    assertThat(Files.readAllBytes(png)).startsWith(PNG_MAGIC);
  }

  @ParameterizedTest
  @MethodSource("allNames")
  void everyStrategyAndPreset_runs(String name) {
    CliRun run = CliRun.of("schedule", name, "--samples", "50", "--seed", "1");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith(name + ": ");
  }

  static Stream<String> allNames() {
    return Stream.concat(BackoffSpec.NAMES.stream(), Preset.names().stream());
  }

  static Stream<Arguments> badInputs() {
    return Stream.of(
        Arguments.of(List.of("schedule", "fibonacci"), "unknown strategy 'fibonacci'"),
        Arguments.of(List.of("schedule", "google-drvie"), "unknown strategy 'google-drvie' (did you mean "
            + "'google-drive'?): expected one of"),
        Arguments.of(List.of("schedule", "full-jitter", "--bas", "100ms"), "unknown option '--bas' (did you mean "
            + "'--base'?); the options are --base,"),
        Arguments.of(List.of("schedule", "exponential", "--base", "-5ms"), "\"-5ms\" is negative"),
        Arguments.of(List.of("schedule", "exponential", "--max-attempts", "abc"), "'abc' is not an int"),
        Arguments.of(List.of("schedule", "full-jitter", "--base", "1s", "--cap", "500ms"),
            "cap must be >= base: 500 ms < 1 s"),
        Arguments.of(List.of("schedule", "exponential", "--base", "5"),
            "\"5\" has no unit: write 5ms, 5s, 1m30s or PT5S"),
        Arguments.of(List.of("schedule", "exponential", "--base", "5 parsecs"),
            "\"5 parsecs\" is not a duration: write 250ms,"),
        Arguments.of(List.of("schedule", "exponential", "--attempts", "3"), "unknown option '--attempts'"),
        Arguments.of(List.of("schedule", "exponential", "--samples", "-3"), "--samples must be >= 1: -3"),
        Arguments.of(List.of("schedule", "exponential", "--samples", "100000000"), "(--max-attempts - 1) x --samples"),
        Arguments.of(List.of("schedule", "exponential", "--max-attempts", "11", "--samples", "100000000"),
            "(--max-attempts - 1) x --samples must be <= "),
        Arguments.of(List.of("schedule", "exponential", "--format", "xml"), "'xml'"),
        Arguments.of(List.of("schedule", "exponential", "--multiplier", "0.5"), "multiplier must be >= 1"),
        Arguments.of(List.of("schedule", "randomized", "--factor", "2"), "factor must be in [0, 1]: 2.0"),
        Arguments.of(List.of("schedule", "exponential", "--truncate-after", "0"), "truncateAfter must be >= 1: 0"),
        Arguments.of(List.of("schedule", "constant", "--multiplier", "3"),
            "multiplier does not apply to strategy constant"),
        Arguments.of(List.of("schedule", "google-drive", "--base", "1s"), "--base does not apply to preset"),
        Arguments.of(List.of("schedule", "ethernet", "--throttling"), "no separate throttling strategy"),
        Arguments.of(List.of("schedule", "exponential", "--throttling"), "--throttling applies only to presets"),
        Arguments.of(List.of("schedule", "exponential", "--seed", "x"), "'x' is not a long"),
        Arguments.of(List.of("schedule", "exponential", "--bogus"), "unknown option '--bogus'; the options are --base,"),
        Arguments.of(List.of("schedule"), "Missing required parameter: 'STRATEGY'"),
        Arguments.of(List.of("schedule", "exponential", "--chart", "/nonexistent-dir-for-backoff/x.png"),
            "cannot write --chart file /nonexistent-dir-for-backoff/x.png: directory"));
  }

  @ParameterizedTest
  @MethodSource("badInputs")
  void badInput_oneLineOnStderrExitTwo(List<String> args, String expected) {
    assertBadUsage(CliRun.of(args.toArray(new String[0])), expected);
  }

  @Test
  void chart_pathIsADirectory_oneLineExitTwo() {
    assertBadUsage(CliRun.of("schedule", "exponential", "--chart", tmp.toString()), "it is a directory");
  }

  @Test
  void chart_parentIsAFile_oneLineExitTwo() throws IOException {
    Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
    assertBadUsage(CliRun.of("schedule", "exponential", "--chart", file.resolve("x.png").toString()),
        "cannot write --chart file");
  }

  private static void assertBadUsage(CliRun run, String expected) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.err()).startsWith("backoff schedule: ").contains(expected)
        .doesNotContain("Exception", "\tat ", "Usage:");
  }
}
