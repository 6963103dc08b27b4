package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.github.backoff.sim.overload.OverloadSystem;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TestbedMainTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return TestbedMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void run_badOptions_printOneLineAndExit2() {
    assertThat(run("--time-scale", "0")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("error: time-scale: must be in (0, 100]: 0"
        + System.lineSeparator());
    err.reset();
    assertThat(run("--capacity", "-5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: capacity:");
    err.reset();
    assertThat(run("--network-latency", "fast")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: network-latency: \"fast\" is not a duration");
    err.reset();
    assertThat(run("--policies", "adaptive")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("error: policies: 'adaptive' has a rate limiter, which the testbed does not run"
            + System.lineSeparator());
    err.reset();
    assertThat(run("--clients", "10")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: unknown option: --clients");
    err.reset();
    assertThat(run("--calibrate", "1.5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: calibrate: must be whole seconds");
    err.reset();
    assertThat(run("--measure", "5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("error: measure: must be 0 or a whole number in [10, 100000]: 5");
    err.reset();
    assertThat(run("--time-scale", "fast")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: time-scale: not a number: 'fast'");
    err.reset();
    assertThat(run("--retry-after", "1s")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("error: retry-after: applies to --server throttling only");
    err.reset();
    assertThat(run("--server", "throttling", "--retry-after", "1s", "--time-scale", "0.5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("error: retry-after: Retry-After carries whole seconds, and 1s x time-scale 0.5 = 500ms is not");
    err.reset();
    assertThat(run("--rate")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: --rate: missing value");
  }

  @Test
  void run_help_printsTheOptions() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--time-scale F", "--calibrate S",
        "--network-latency DIST", "--rate N", "--retry-after D");
  }

  @Test
  void run_tinyScenario_printsTheSideBySideTable() {
    assertThat(run("--rate", "20", "--capacity", "50", "--queue", "20", "--outage-start", "0", "--outage-length",
        "0", "--horizon", "2s", "--policies", "no-retry", "--measure", "0", "--calibrate", "0")).isZero();
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("network latency given to the simulator (model time): 0",
        "| `no-retry` | requests at the server |", "| rank by (within 5 %: a tie) | simulator | testbed | same |");
  }

  @Test
  void candidate_simulateOptions_parseWithAndWithoutLabel() {
    TestbedMain.CandidateOptions advised = TestbedMain.candidate(
        "advised: --strategies aws-sdk-standard --max-attempts 3 --policies retry-quota");
    assertThat(advised.label()).isEqualTo("advised");
    assertThat(advised.options()).containsExactly(entry("strategies", "aws-sdk-standard"), entry("max-attempts", "3"),
        entry("policies", "retry-quota"));
    TestbedMain.CandidateOptions plain = TestbedMain.candidate(
        "--strategies full-jitter --base 100ms --cap 20s --max-attempts 3 --policies retries");
    assertThat(plain.label()).isEqualTo("full-jitter 100ms..20s x3 retries");
    assertThat(plain.options()).containsEntry("base", "100ms").containsEntry("cap", "20s");
  }

  @Test
  void candidate_badValues_failNamingThem() {
    assertThatThrownBy(() -> TestbedMain.candidate("advised")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("candidate: no options in 'advised'");
    assertThatThrownBy(() -> TestbedMain.candidate("advised --strategies full-jitter"))
        .hasMessageStartingWith("candidate: expected 'LABEL: --option value ...'");
    assertThatThrownBy(() -> TestbedMain.candidate("--strategies full-jitter --rate 5"))
        .hasMessageStartingWith("candidate: unknown option '--rate' in");
    assertThatThrownBy(() -> TestbedMain.candidate("--strategies full-jitter --base"))
        .hasMessageStartingWith("candidate: --base: missing value");
    assertThatThrownBy(() -> TestbedMain.candidate("--base 5 --base 6"))
        .hasMessageStartingWith("candidate: --base given twice");
  }

  @Test
  void run_badCandidates_printOneLineAndExit2() {
    assertThat(run("--candidate", "x: --strategies full-jitter,equal-jitter")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("error: candidate 'x': must come to one strategy and one policy, not 2 and 1"
            + System.lineSeparator());
    err.reset();
    assertThat(run("--candidate", "x: --strategies nope")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: candidate 'x': strategies: unknown strategy "
        + "'nope'");
    err.reset();
    assertThat(run("--candidate", "x: --policies adaptive")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("error: policies: 'adaptive' has a rate limiter, which the testbed does not run");
    err.reset();
    assertThat(run("--time-scale", "0.5", "--candidate", "x: --strategies aws-sdk-standard")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: candidate 'x': time-scale: strategy "
        + "'aws-sdk-standard' keeps its own durations");
    err.reset();
    assertThat(run("--candidate", "--rate 5")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: candidate: unknown option '--rate'");
  }

  @Test
  void run_scenarioFile_takesItsOptionsAndRejectsABurst() {
    OverloadSystem outage = TestbedMain.scenarioSystem("../docs/scenarios/outage-80-testbed.properties");
    assertThat(outage.rate()).isEqualTo(80);
    assertThat(outage.capacity()).isEqualTo(100);
    assertThat(outage.queue()).isEqualTo(200);
    assertThat(outage.outageStart()).isEqualTo(10);
    assertThat(outage.outageLength()).isEqualTo(30);
    assertThat(outage.horizon()).isEqualTo(60);
    OverloadSystem throttling = TestbedMain.scenarioSystem("../docs/scenarios/throttling.properties");
    assertThat(throttling.throttling()).isTrue();
    assertThat(throttling.throttleRate()).isEqualTo(450);
    assertThat(run("--scenario", "../docs/scenarios/aws-contention.properties")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: scenario: ../docs/scenarios/"
        + "aws-contention.properties is a burst scenario");
    err.reset();
    assertThat(run("--scenario", "nope.properties")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("error: scenario: no such file: nope.properties"
        + System.lineSeparator());
  }

  @Test
  void run_candidates_simulatesAndRunsEachAndNamesThemByLabel() {
    assertThat(run("--scenario", "../docs/scenarios/outage-80-testbed.properties", "--rate", "20", "--capacity", "50",
        "--queue", "20", "--outage-start", "0", "--outage-length", "0", "--horizon", "2s", "--measure", "0",
        "--calibrate", "0",
        "--candidate", "advised: --strategies aws-sdk-standard --max-attempts 3 --policies retry-quota",
        "--candidate", "--strategies full-jitter --base 100ms --cap 1s --max-attempts 5 --policies token-bucket"))
        .isZero();
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("| `advised` | requests at the server |",
        "| `full-jitter 100ms..1s x5 token-bucket` | lost |",
        "| requests at the server | advised 1, full-jitter 100ms..1s x5 token-bucket 1 |",
        "each candidate has its own strategies", "rate=20");
  }
}
