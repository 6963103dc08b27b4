package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.github.backoff.sim.advise.Scenario;
import io.github.backoff.sim.internal.ScenarioSystems;
import io.github.backoff.sim.overload.NetworkLatency;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSystem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link TestbedMain}'s options, checks and printed lines on a fake machine: a fixed load average, a made-up loopback
 * measurement and testbed runs that return made-up results (the simulator runs for real, on tiny scenarios). No
 * server, no sleeping.
 */
class TestbedMainOptionsTest {
  private static final String N = System.lineSeparator();
  /** A scenario the simulator runs in an instant: 2 s at 20 requests/s, no outage. */
  private static final String[] TINY = {"--rate", "20", "--capacity", "50", "--queue", "20", "--outage-start", "0",
      "--outage-length", "0", "--horizon", "2s"};
  private static final LoopbackLatency.Measurement LOOPBACK = new LoopbackLatency.Measurement(500, 0.0002, 0.0001,
      0.00018, 0.0006);

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  /** What the fake machine was asked, in order. */
  private final List<String> calls = new ArrayList<>();
  /** The configurations the fake testbed ran. */
  private final List<OverloadConfig> configs = new ArrayList<>();
  private LoopbackLatency.Measurement overhead = new LoopbackLatency.Measurement(10, 0.004, 0.002, 0.0035, 0.009);
  private double load = 0.5;

  private final TestbedMain.Machine machine = new TestbedMain.Machine(() -> load,
      (count, spacing) -> {
        calls.add("loopback " + count + " " + spacing);
        return LOOPBACK;
      },
      (scenario, policy, strategy, run, timeScale) -> {
        calls.add("testbed " + policy + " " + strategy + " " + run + " " + timeScale);
        configs.add(scenario);
        return new TestbedResult(policy, strategy, run, 40, 44, 38, 2, 0, 0, 0.25, 0.5, 0.3, Double.NaN, 1.25, 3,
            2.5, overhead);
      });

  private int run(String... args) {
    return TestbedMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), machine);
  }

  private static String[] tiny(String... more) {
    return Stream.concat(Stream.of(TINY), Stream.of(more)).toArray(String[]::new);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private void assertFails(String message, String... args) {
    err.reset();
    assertThat(run(args)).as("%s", List.of(args)).isEqualTo(2);
    assertThat(err()).isEqualTo("error: " + message + N);
  }

  private void assertRuns(String... args) {
    err.reset();
    assertThat(run(args)).as("%s", List.of(args)).isZero();
    assertThat(err()).isEmpty();
  }

  @Test
  void run_help_printsTheUsageAndExits0() {
    assertThat(run("--rate", "20", "-h")).isZero();
    assertThat(run("--help")).isZero();

    String usage = "usage: TestbedMain [--scenario FILE] [--candidate \"[LABEL:] OPTIONS\"]... [--time-scale F] "
        + "[--calibrate S] [--measure N] [--strategies LIST] [--runs R] [--seed S] [--base D] [--cap D]";
    assertThat(out()).startsWith(usage + " [--").contains(" [--rate N]", " [--drop-expired]")
        .doesNotContain("[--drop-expired ").endsWith("]" + N);
    assertThat(out().split(N)).hasSize(2);
    assertThat(calls).isEmpty();
  }

  @Test
  void run_unknownOrIncompleteOptions_fail2NamingThem() {
    assertFails("unknown option: rate", "rate", "20");
    assertFails("unknown option: --clients", "--clients", "10");
    assertFails("unknown option: -r", "-r", "10");
    assertFails("--horizon: missing value", "--rate", "20", "--horizon");
    assertFails("--candidate: missing value", "--candidate");
    assertThat(out()).isEmpty();
    assertThat(calls).isEmpty();
  }

  @Test
  void run_timeScale_mustBeANumberInZeroToHundred() {
    assertFails("time-scale: must be in (0, 100]: 0", "--time-scale", "0");
    assertFails("time-scale: must be in (0, 100]: -1", "--time-scale", "-1");
    assertFails("time-scale: must be in (0, 100]: 100.5", "--time-scale", "100.5");
    assertFails("time-scale: must be in (0, 100]: NaN", "--time-scale", "NaN");
    assertFails("time-scale: not a number: 'fast'", "--time-scale", "fast");
    assertRuns(tiny("--time-scale", "100", "--measure", "0", "--calibrate", "0"));
    assertRuns(tiny("--time-scale", "0.01", "--measure", "0", "--calibrate", "0"));
  }

  @Test
  void run_measure_mustBe0OrAWholeNumberFrom10To100000() {
    String message = "measure: must be 0 or a whole number in [10, 100000]: ";
    assertFails(message + "9", "--measure", "9");
    assertFails(message + "1", "--measure", "1");
    assertFails(message + "-10", "--measure", "-10");
    assertFails(message + "10.5", "--measure", "10.5");
    assertFails(message + "100001", "--measure", "100001");
    assertFails("measure: not a number: 'many'", "--measure", "many");
    assertThat(calls).isEmpty();

    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--network-latency", "0"));
    assertRuns(tiny("--measure", "10", "--calibrate", "0", "--network-latency", "0"));
    assertRuns(tiny("--measure", "100000", "--calibrate", "0", "--network-latency", "0"));
    assertThat(calls).filteredOn(c -> c.startsWith("loopback")).containsExactly("loopback 10 PT0.002S",
        "loopback 100000 PT0.002S");
  }

  @Test
  void run_calibrate_mustBeWholeSecondsUpTo3600() {
    String message = "calibrate: must be whole seconds in [0, 3600]: ";
    assertFails(message + "1.5", "--calibrate", "1.5");
    assertFails(message + "-1", "--calibrate", "-1");
    assertFails(message + "3601", "--calibrate", "3601");
    assertFails("calibrate: not a number: 'x'", "--calibrate", "x");

    assertRuns(tiny("--measure", "0", "--calibrate", "3600"));
    assertThat(configs.get(0).horizon()).isEqualTo(3600);
    assertRuns(tiny("--measure", "0", "--calibrate", "0"));
  }

  @Test
  void run_scenarioChecks_fail2NamingTheOption() {
    assertFails("drop-expired: the testbed's server cannot tell that a client gave up", tiny("--drop-expired"));
    assertFails("policies: 'adaptive' has a rate limiter, which the testbed does not run",
        tiny("--policies", "retries,adaptive"));
    assertFails("policies: 'adaptive' has a rate limiter, which the testbed does not run",
        tiny("--candidate", "x: --policies adaptive"));
    assertThat(calls).isEmpty();
  }

  @Test
  void run_badCandidates_fail2NamingThem() {
    assertFails("candidate 'x': must come to one strategy and one policy, not 2 and 1",
        tiny("--candidate", "x: --strategies full-jitter,equal-jitter"));
    assertFails("candidate 'x': must come to one strategy and one policy, not 1 and 2",
        tiny("--candidate", "x: --policies retries,no-retry"));
    err.reset();
    assertThat(run(tiny("--candidate", "x: --strategies nope"))).isEqualTo(2);
    assertThat(err()).startsWith("error: candidate 'x': strategies: unknown strategy 'nope'");
    assertFails("candidate 'x': time-scale: strategy 'aws-sdk-standard' keeps its own durations; only the study "
        + "strategies (" + String.join(", ", io.github.backoff.sim.StrategyRegistry.STUDY_NAMES) + ") scale: use "
        + "--time-scale 1", tiny("--time-scale", "0.5", "--candidate", "x: --strategies aws-sdk-standard"));
    assertThat(calls).isEmpty();
  }

  @Test
  void run_candidateOfAPreset_atTimeScale1_runs() {
    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--candidate", "x: --strategies aws-sdk-standard"));
    assertThat(calls).containsExactly("testbed retries aws-sdk-standard 0 1.0");
  }

  @Test
  void run_candidateOfAStudyStrategy_atAnotherTimeScale_runs() {
    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--time-scale", "0.5", "--candidate",
        "x: --strategies equal-jitter"));
    assertThat(calls).containsExactly("testbed retries equal-jitter 0 0.5");
  }

  @Test
  void run_candidates_leaveTheSharedPoliciesUnchecked() {
    // Each candidate names its own policy; the shared one is not run.
    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--policies", "adaptive", "--candidate",
        "x: --policies token-bucket"));
    assertThat(calls).containsExactly("testbed token-bucket full-jitter 0 1.0");
  }

  @Test
  void run_noMeasureNoCalibration_printsTheMachineZeroLatencyTheRunsTheTableAndTheLoad() {
    load = -1;

    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--policies", "no-retry"));

    assertThat(calls).containsExactly("testbed no-retry full-jitter 0 1.0");
    String[] lines = out().split(N, -1);
    assertThat(lines[0]).isEqualTo("machine: " + Runtime.getRuntime().availableProcessors()
        + " cores; load average n/a");
    assertThat(lines[1]).isEqualTo("network latency given to the simulator (model time): 0");
    assertThat(lines[2]).startsWith("no-retry / full-jitter run 0: testbed 40 requests, 44 at the server, 2 lost, "
        + "p50 250.0 ms, p99 500.0 ms (simulator: ");
    assertThat(lines[3]).isEmpty();
    assertThat(lines[4]).isEqualTo("| policy | metric | simulator | testbed | difference |");
    assertThat(lines[lines.length - 2]).isEqualTo("load average after: n/a");
    assertThat(lines[lines.length - 1]).isEmpty();
    assertThat(out()).contains("| `no-retry` | requests at the server |", "| `no-retry` | lost | ",
        "rate=20 capacity=50 queue=20", "policies=[no-retry]", "runs=1", "; time scale 1.0 (real = model x 1.0)")
        .doesNotContain("recovery");
  }

  @Test
  void run_defaults_compareThreePoliciesOverOneRun() {
    assertRuns(tiny("--measure", "0", "--calibrate", "0"));

    assertThat(calls).containsExactly("testbed retries full-jitter 0 1.0", "testbed retry-quota full-jitter 0 1.0",
        "testbed token-bucket full-jitter 0 1.0");
    assertThat(out()).contains("policies=[retries, retry-quota, token-bucket]", "| `retry-quota` | lost |");
  }

  @Test
  void run_runsAndStrategies_runEachPolicyStrategyAndRun() {
    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--policies", "no-retry", "--runs", "2", "--strategies",
        "full-jitter,equal-jitter"));

    assertThat(calls).containsExactly("testbed no-retry full-jitter 0 1.0", "testbed no-retry full-jitter 1 1.0",
        "testbed no-retry equal-jitter 0 1.0", "testbed no-retry equal-jitter 1 1.0");
    assertThat(out()).contains("| `no-retry / equal-jitter` | lost |");
  }

  @Test
  void run_loopbackMeasured_givesItToTheSimulatorInModelTime() {
    assertRuns(tiny("--measure", "20", "--calibrate", "0", "--policies", "no-retry", "--time-scale", "0.5"));

    NetworkLatency expected = LOOPBACK.asLognormal().scaled(2);
    String given = OverloadConfig.builder().networkLatency(expected.toString()).build().networkLatency().toString();
    assertThat(calls).containsExactly("loopback 20 PT0.002S", "testbed no-retry full-jitter 0 0.5");
    assertThat(out().split(N)).contains("loopback latency, sequential requests (real): " + LOOPBACK,
        "network latency given to the simulator (model time): " + given);
  }

  @Test
  void run_calibration_runsNoRetryWithoutOutageAndGivesItsOverheadToTheSimulator() {
    load = 1.234;

    assertRuns(tiny("--measure", "20", "--calibrate", "7", "--policies", "retries", "--time-scale", "0.5",
        "--runs", "3", "--outage-start", "1s", "--outage-length", "1s"));

    assertThat(calls).containsExactly("loopback 20 PT0.002S",
        "testbed no-retry full-jitter " + TestbedMain.CALIBRATION_RUN + " 0.5",
        "testbed retries full-jitter 0 0.5", "testbed retries full-jitter 1 0.5", "testbed retries full-jitter 2 0.5");
    OverloadConfig calibration = configs.get(0);
    assertThat(calibration.policies()).extracting(p -> p.name()).containsExactly("no-retry");
    assertThat(calibration.outageStart()).isZero();
    assertThat(calibration.outageLength()).isZero();
    assertThat(calibration.horizon()).isEqualTo(7);
    assertThat(calibration.runs()).isEqualTo(1);
    assertThat(calibration.rate()).isEqualTo(20);
    NetworkLatency expected = overhead.asLognormal().scaled(2);
    String given = OverloadConfig.builder().networkLatency(expected.toString()).build().networkLatency().toString();
    assertThat(configs.get(1).networkLatency().toString()).isEqualTo(given);
    assertThat(configs.get(1).outageLength()).isEqualTo(1);
    assertThat(out().split(N)).contains("machine: " + Runtime.getRuntime().availableProcessors()
            + " cores; load average 1.23 (1 min)",
        "network time in situ, calibration run (no-retry, no outage, 7 s; real): " + overhead
            + "; send lag mean 1.25 ms",
        "network latency given to the simulator (model time): " + given,
        "load average after: 1.23 (1 min)");
    assertThat(out()).contains("| `retries` | recovery (s) |");
  }

  @Test
  void run_calibrationOfFewerThan10Successes_keepsTheLoopbackLatency() {
    overhead = new LoopbackLatency.Measurement(9, 0.004, 0.002, 0.0035, 0.009);

    assertRuns(tiny("--measure", "20", "--calibrate", "3", "--policies", "retries"));

    String given = OverloadConfig.builder().networkLatency(LOOPBACK.asLognormal().toString()).build()
        .networkLatency().toString();
    assertThat(out().split(N)).contains("network latency given to the simulator (model time): " + given);
  }

  @Test
  void run_calibrationWithoutLoopback_ofFewerThan10Successes_givesZero() {
    overhead = new LoopbackLatency.Measurement(9, 0.004, 0.002, 0.0035, 0.009);

    assertRuns(tiny("--measure", "0", "--calibrate", "3", "--policies", "retries"));

    assertThat(out().split(N)).contains("network latency given to the simulator (model time): 0");
  }

  @Test
  void run_networkLatencyGiven_skipsTheCalibration() {
    assertRuns(tiny("--measure", "0", "--calibrate", "5", "--policies", "retries", "--network-latency", "2ms"));

    assertThat(calls).containsExactly("testbed retries full-jitter 0 1.0");
    assertThat(out()).doesNotContain("calibration run");
    assertThat(configs.get(0).networkLatency().toString()).isEqualTo(OverloadConfig.builder()
        .networkLatency("2ms").build().networkLatency().toString());
  }

  @Test
  void run_candidates_runEachWithItsOptionsAndNameThemByLabel() {
    assertRuns(tiny("--measure", "0", "--calibrate", "0", "--base", "80ms",
        "--candidate", "advised: --strategies equal-jitter --max-attempts 3 --policies retry-quota",
        "--candidate", "--strategies full-jitter --cap 1s --policies token-bucket"));

    assertThat(calls).containsExactly("testbed retry-quota equal-jitter 0 1.0",
        "testbed token-bucket full-jitter 0 1.0");
    assertThat(configs.get(0).maxAttempts()).isEqualTo(3);
    assertThat(configs.get(0).base()).isEqualTo(80);
    assertThat(configs.get(1).cap()).isEqualTo(1000);
    assertThat(configs.get(1).maxAttempts()).isEqualTo(4);
    assertThat(out().split(N)).contains(
        "candidate advised: {strategies=equal-jitter, max-attempts=3, policies=retry-quota}",
        "candidate full-jitter ..1s token-bucket: {strategies=full-jitter, cap=1s, policies=token-bucket}");
    assertThat(out()).contains("| `advised` | lost |", "| `full-jitter ..1s token-bucket` | lost |",
        "each candidate has its own strategies", "policies=[retries]");
  }

  @Test
  void run_scenarioFile_givesTheSharedOptionsAndTheCommandLineOverridesThem(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("tiny.properties");
    Files.writeString(file, """
        clients.arrival = steady
        clients.rate = 20
        clients.timeout = 1s
        service.capacity = 50
        service.queue = 20
        horizon = 2s
        """);

    assertRuns("--scenario", file.toString(), "--capacity", "60", "--measure", "0", "--calibrate", "0",
        "--policies", "no-retry");

    assertThat(configs.get(0).rate()).isEqualTo(20);
    assertThat(configs.get(0).capacity()).isEqualTo(60);
    assertThat(configs.get(0).horizon()).isEqualTo(2);
    assertThat(out()).contains("rate=20 capacity=60 queue=20");
  }

  @Test
  void run_burstScenarioFile_fails2(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("burst.properties");
    Files.writeString(file, "clients.arrival = burst\nclients.count = 10\n");

    assertFails("scenario: " + file + " is a burst scenario; the testbed runs steady ones", "--scenario",
        file.toString());
    assertFails("scenario: no such file: " + dir.resolve("nope"), "--scenario", dir.resolve("nope").toString());
  }

  @Test
  void scenarioSystem_steadyFile_isTheAdvisorsOwnSystem_noTextRoundTrip(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("steady.properties");
    Files.writeString(file, """
        clients.arrival = steady
        clients.rate = 80
        service.capacity = 100
        service.queue = 200
        service.failure = throttling
        service.retry_after = 1s
        service.outage.start = 10s
        service.outage.length = 30s
        horizon = 60s
        """);

    OverloadSystem system = TestbedMain.scenarioSystem(file.toString());
    assertThat(system).isEqualTo(ScenarioSystems.of(Scenario.load(file)));
    assertThat(system.rate()).isEqualTo(80);
    assertThat(system.throttleRate()).isEqualTo(100);
    assertThat(system.retryAfter()).hasToString("1s");
    assertThat(system.outageEnd()).isEqualTo(40);
    assertThat(system.horizon()).isEqualTo(60);
  }

  @Test
  void candidate_withLabel_takesTheLabelAndTheOptionsInOrder() {
    TestbedMain.CandidateOptions c = TestbedMain.candidate("  my pick :  --policies retry-quota   --base 25 ");

    assertThat(c.label()).isEqualTo("my pick");
    assertThat(c.options()).containsExactly(entry("policies", "retry-quota"), entry("base", "25"));
    assertThatThrownBy(() -> c.options().put("cap", "1")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void candidate_withoutLabel_isNamedByItsOptions() {
    assertThat(TestbedMain.candidate("--base 50ms").label()).isEqualTo("full-jitter 50ms.. retries");
    assertThat(TestbedMain.candidate("--cap 900ms").label()).isEqualTo("full-jitter ..900ms retries");
    assertThat(TestbedMain.candidate("--strategies equal-jitter").label()).isEqualTo("equal-jitter retries");
    assertThat(TestbedMain.candidate("--max-attempts 3 --policies token-bucket").label())
        .isEqualTo("full-jitter x3 token-bucket");
    assertThat(TestbedMain.candidate("--policies no-retry --cap 20s --base 50ms --max-attempts 5 --strategies "
        + "decorrelated-jitter").label()).isEqualTo("decorrelated-jitter 50ms..20s x5 no-retry");
  }

  @Test
  void candidate_badValues_failNamingThem() {
    assertThatThrownBy(() -> TestbedMain.candidate("advised")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("candidate: no options in 'advised' (give --strategies NAME --base MS --cap MS --max-attempts N "
            + "--policies P)");
    assertThatThrownBy(() -> TestbedMain.candidate("advised --base 5"))
        .hasMessage("candidate: expected 'LABEL: --option value ...': 'advised --base 5'");
    assertThatThrownBy(() -> TestbedMain.candidate(" : --base 5"))
        .hasMessage("candidate: expected 'LABEL: --option value ...': ' : --base 5'");
    assertThatThrownBy(() -> TestbedMain.candidate("--base 5 --rate 5"))
        .hasMessage("candidate: unknown option '--rate' in '--base 5 --rate 5' (a candidate takes --strategies, "
            + "--base, --cap, --max-attempts, --policies)");
    assertThatThrownBy(() -> TestbedMain.candidate("--base 5 cap 5"))
        .hasMessageStartingWith("candidate: unknown option 'cap' in '--base 5 cap 5'");
    assertThatThrownBy(() -> TestbedMain.candidate("--base --cap 5"))
        .hasMessage("candidate: --base: missing value in '--base --cap 5'");
    assertThatThrownBy(() -> TestbedMain.candidate("x: --cap 5 --base"))
        .hasMessage("candidate: --base: missing value in 'x: --cap 5 --base'");
    assertThatThrownBy(() -> TestbedMain.candidate("--base 5 --base 6"))
        .hasMessage("candidate: --base given twice in '--base 5 --base 6'");
  }

  @Test
  void loadAverage_isTwoDecimalsOrNaWhenUnknown() {
    assertThat(TestbedMain.loadAverage(-1)).isEqualTo("n/a");
    assertThat(TestbedMain.loadAverage(-0.001)).isEqualTo("n/a");
    assertThat(TestbedMain.loadAverage(0)).isEqualTo("0.00 (1 min)");
    assertThat(TestbedMain.loadAverage(3.456)).isEqualTo("3.46 (1 min)");
  }
}
