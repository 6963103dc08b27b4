package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;

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
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("error: network-latency: 'fast' is not a duration");
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
        "0", "--horizon", "2", "--policies", "no-retry", "--measure", "0", "--calibrate", "0")).isZero();
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("network latency given to the simulator (model time): 0",
        "| `no-retry` | requests at the server |", "| rank by (within 5 %: a tie) | simulator | testbed | same |");
  }
}
