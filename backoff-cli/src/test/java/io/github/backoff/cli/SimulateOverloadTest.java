package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulateOverloadTest {
  @TempDir
  Path dir;

  private static final String[] SMALL = {"simulate", "--model", "overload", "--rate", "200", "--capacity", "250",
      "--queue", "500", "--timeout", "1s", "--outage-start", "10s", "--outage-length", "10s", "--horizon", "60s",
      "--runs", "2", "-q"};

  private static String[] with(String... more) {
    return CliRun.concat(SMALL, more);
  }

  @Test
  void overload_smallStorm_writesCsvChartsAndReportAndPrintsTheSummary() throws Exception {
    CliRun run = CliRun.of(with("--policies", "no-retry,retries,token-bucket", "--max-attempts", "4",
        "--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("model overload").contains("no-retry").contains("token-bucket")
        .contains("never").contains("wrote ");
    assertThat(Files.readAllLines(dir.resolve("timeseries.csv")).get(0)).startsWith("policy,strategy,time_s,");
    assertThat(Files.readAllLines(dir.resolve("timeseries.csv"))).hasSize(1 + 3 * 60);
    assertThat(Files.readAllLines(dir.resolve("summary.csv"))).hasSize(1 + 3)
        .element(2).asString().startsWith("retries,full-jitter,2,");
    assertThat(Files.readAllLines(dir.resolve("runs.csv"))).hasSize(1 + 3 * 2);
    for (String png : List.of("goodput.png", "overload.png")) {
      assertThat(Files.readAllBytes(dir.resolve(png))).startsWith(0x89, 'P', 'N', 'G');
    }
    assertThat(Files.readString(dir.resolve("report.html"))).contains("data:image/png;base64,");
    assertThat(dir.resolve("results.csv")).doesNotExist();
  }

  @Test
  void overload_optionsReachTheModel() throws Exception {
    CliRun run = CliRun.of(with("--policies", "ratio", "--strategies", "none,decorrelated-jitter", "--base", "20ms",
        "--cap", "1s", "--outage-capacity", "50%", "--drop-expired", "--seed", "3", "--threads", "2",
        "--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("λ 200/s, μ 250/s, queue 500, timeout 1 s, outage 10..20 s at 50% capacity, "
        + "horizon 60 s, 2 runs, seed 3").contains("ratio/none").contains("ratio/decorrelated-jitter");
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).contains("server drops expired requests</th><td>yes");
  }

  @Test
  void overload_sameSeedDifferentThreads_byteIdenticalCsv() throws Exception {
    Path one = dir.resolve("one");
    Path two = dir.resolve("two");
    CliRun.of(with("--policies", "retries,retry-quota", "--threads", "1", "--out", one.toString()));
    CliRun.of(with("--policies", "retries,retry-quota", "--threads", "3", "--out", two.toString()));

    for (String csv : List.of("timeseries.csv", "summary.csv", "runs.csv")) {
      assertThat(Files.readAllBytes(two.resolve(csv))).as(csv).isEqualTo(Files.readAllBytes(one.resolve(csv)));
    }
  }

  @Test
  void overload_badValues_oneLineExitTwo() {
    for (String[] bad : List.of(
        new String[] {"--rate", "0"},
        new String[] {"--rate", "-5"},
        new String[] {"--rate", "fast"},
        new String[] {"--capacity", "0"},
        new String[] {"--queue", "-1"},
        new String[] {"--queue", "x"},
        new String[] {"--timeout", "0"},
        new String[] {"--timeout", "-1"},
        new String[] {"--timeout", "soon"},
        new String[] {"--outage-start", "55s"},
        new String[] {"--outage-length", "-3"},
        new String[] {"--outage-capacity", "150%"},
        new String[] {"--outage-capacity", "-0.1"},
        new String[] {"--horizon", "0"},
        new String[] {"--horizon", "1.5s"},
        new String[] {"--policies", "retries,bogus"},
        new String[] {"--policies", "retries,retries"},
        new String[] {"--max-attempts", "0"},
        new String[] {"--max-attempts", "101"},
        new String[] {"--runs", "0"},
        new String[] {"--strategies", "nope"},
        new String[] {"--base", "100ms", "--cap", "10ms"},
        new String[] {"--clients", "10"})) {
      String[] args = with(bad);
      CliRun run = CliRun.of(args);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).as(String.join(" ", bad)).startsWith("backoff simulate: ").doesNotContain("\tat ");
    }
  }

  @Test
  void overload_throttlingServerWithAdaptive_writesLatencyCsvAndPrintsTheTable() throws Exception {
    CliRun run = CliRun.of(with("--server", "throttling", "--throttle-rate", "150",
        "--policies", "retries,retry-quota-2026,adaptive", "--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("adaptive").contains("retry-quota-2026").contains("throttled %")
        .contains("limiter wait/req (ms)");
    List<String> latency = Files.readAllLines(dir.resolve("latency.csv"));
    assertThat(latency.get(0)).startsWith("policy,strategy,runs,throttled_mean,");
    assertThat(latency).hasSize(1 + 3);
    assertThat(Files.readString(dir.resolve("report.html"))).contains("throttling at 150 attempts/s");
  }

  @Test
  void overload_badServerOptions_oneLineExitTwoNoClassNames() {
    for (String[] bad : List.of(
        new String[] {"--server", "bogus"},
        new String[] {"--server", ""},
        new String[] {"--throttle-rate", "0"},
        new String[] {"--throttle-rate", "-1"},
        new String[] {"--throttle-rate", "fast"},
        new String[] {"--throttle-rate", "100"},
        new String[] {"--server", "queueing", "--throttle-rate", "100"},
        new String[] {"--policies", "adaptive,adaptive"})) {
      CliRun run = CliRun.of(with(bad));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).as(String.join(" ", bad)).startsWith("backoff simulate: ").doesNotContain("\tat ")
          .doesNotContain("Exception").doesNotContain("java.").doesNotContain("io.github");
    }
    assertThat(CliRun.of(with("--server", "bogus")).err()).contains("server: must be queueing or throttling");
    assertThat(CliRun.of(with("--throttle-rate", "100")).err())
        .contains("throttle-rate: applies to --server throttling only");
  }

  @Test
  void overload_retryAfterOnTheThrottlingServer_showsInTheReport() throws Exception {
    CliRun run = CliRun.of(with("--server", "throttling", "--throttle-rate", "150", "--retry-after", "1s",
        "--policies", "retries", "--out", dir.toString()));

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(Files.readString(dir.resolve("report.html"))).contains("Retry-After 1000 ms");
  }

  @Test
  void overload_badRetryAfter_oneLineExitTwoNoClassNames() {
    for (String[] bad : List.of(
        new String[] {"--retry-after", "1s"},
        new String[] {"--server", "queueing", "--retry-after", "millis:500ms"},
        new String[] {"--server", "throttling", "--retry-after", "1"},
        new String[] {"--server", "throttling", "--retry-after", "-1s"},
        new String[] {"--server", "throttling", "--retry-after", "2h"},
        new String[] {"--server", "throttling", "--retry-after", "millis:0.5ms"})) {
      CliRun run = CliRun.of(with(bad));
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).as(String.join(" ", bad)).startsWith("backoff simulate: retry-after: ")
          .doesNotContain("Exception").doesNotContain("java.").doesNotContain("io.github");
    }
    assertThat(CliRun.of(with("--retry-after", "1s")).err())
        .contains("retry-after: applies to --server throttling only");
    CliRun other = CliRun.of("simulate", "--model", "single-server", "--retry-after", "1s");
    assertThat(other.exitCode()).isEqualTo(2);
    assertThat(other.err()).contains("applies to --model overload only");
  }

  @Test
  void overloadOptions_withAnotherModel_areRejected() {
    for (String[] bad : List.of(
        new String[] {"simulate", "--rate", "5"},
        new String[] {"simulate", "--model", "single-server", "--outage-length", "5s"},
        new String[] {"simulate", "--policies", "retries"},
        new String[] {"simulate", "--drop-expired"},
        new String[] {"simulate", "--server", "throttling"},
        new String[] {"simulate", "--model", "single-server", "--throttle-rate", "5"})) {
      CliRun run = CliRun.of(bad);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).contains("applies to --model overload only");
    }
  }

}
