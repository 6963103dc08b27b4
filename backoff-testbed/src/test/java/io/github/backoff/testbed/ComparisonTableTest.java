package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadLatency;
import io.github.backoff.sim.overload.OverloadMetric;
import io.github.backoff.sim.overload.OverloadPointResult;
import io.github.backoff.sim.overload.OverloadPolicy;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadRunTotals;
import io.github.backoff.testbed.Comparison.Figures;
import io.github.backoff.testbed.Comparison.Row;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Comparison}'s arithmetic and text on hand-made simulator and testbed results: no simulator, no server. The
 * values are binary fractions, so the means are exact.
 */
class ComparisonTableTest {
  private static final String N = System.lineSeparator();
  private static final LoopbackLatency.Measurement OVERHEAD = new LoopbackLatency.Measurement(12, 0.0005, 0.00025,
      0.0004, 0.002);

  private static OverloadConfig scenario(String policies, String strategies, double outageLength) {
    return OverloadConfig.builder().policies(policies).strategies(strategies).runs(2).outage(10, outageLength, 0)
        .horizon(60).build();
  }

  private static TestbedResult testbed(String policy, int run, long requests, long attempts, long lost, double p50,
      double p99, double mean, double recovery) {
    return new TestbedResult(policy, "full-jitter", run, requests, attempts, requests - lost, lost, 0, 0, p50, p99,
        mean, recovery, 0.125, 2.5, 61.25, OVERHEAD);
  }

  private static OverloadRunTotals simRun(int run, long requests, long attempts, long lost, double recovery) {
    return new OverloadRunTotals(run, requests, attempts, attempts - requests, requests - lost, 0, 0, lost, 0, 0, 7,
        recovery, 1000);
  }

  private static OverloadLatency simLatency(int run, double p50, double p99, double mean) {
    return new OverloadLatency(run, 0, 0, 0, 0, mean, p50, p99);
  }

  private static OverloadPointResult point(OverloadPolicy policy, String strategy, List<OverloadRunTotals> runs,
      List<OverloadLatency> latency) {
    return new OverloadPointResult(policy, strategy, runs, latency, new double[OverloadMetric.values().length][0]);
  }

  /** A figure of each side with only the metric that ranks set: requests 1, the rest 0. */
  private static Figures lost(double lost) {
    return new Figures(1, 1, lost, 0, 0, 0, 0);
  }

  private static Row row(String policy, Figures sim, Figures testbed) {
    return new Row(policy, "full-jitter", sim, testbed, List.of());
  }

  @Test
  void testbedFigures_twoRuns_areTheMeansOfEachFigure() {
    Figures f = Comparison.testbedFigures(List.of(
        testbed("retries", 0, 100, 150, 10, 0.25, 1.5, 0.125, 4),
        testbed("retries", 1, 300, 250, 30, 0.75, 2.5, 0.375, 8)));

    assertThat(f).isEqualTo(new Figures(200, 200, 20, 0.5, 2, 0.25, 6));
  }

  @Test
  void testbedFigures_aRunThatDidNotRecover_hasNoRecovery() {
    Figures f = Comparison.testbedFigures(List.of(
        testbed("retries", 0, 100, 150, 10, 0.25, 1.5, 0.125, 4),
        testbed("retries", 1, 300, 250, 30, 0.75, 2.5, 0.375, Double.NaN)));

    assertThat(f.recovery()).isNaN();
    assertThat(f.requests()).isEqualTo(200);
  }

  @Test
  void simFigures_twoRuns_areTheMeansOfEachFigure() {
    OverloadPolicy retries = scenario("retries", "full-jitter", 10).policies().get(0);
    OverloadPointResult p = point(retries, "full-jitter",
        List.of(simRun(0, 100, 150, 10, 4), simRun(1, 300, 250, 30, 8)),
        List.of(simLatency(0, 0.25, 1.5, 0.125), simLatency(1, 0.75, 2.5, 0.375)));

    assertThat(Comparison.simFigures(p)).isEqualTo(new Figures(200, 200, 20, 0.5, 2, 0.25, 6));
  }

  @Test
  void amplification_isAttemptsOverRequests() {
    assertThat(new Figures(200, 300, 0, 0, 0, 0, 0).amplification()).isEqualTo(1.5);
    assertThat(new Figures(0, 300, 0, 0, 0, 0, 0).amplification()).isInfinite();
  }

  @Test
  void compare_twoPoliciesTwoRuns_meansEachSideAndPrintsARunPerLine() {
    OverloadConfig scenario = scenario("no-retry,retries", "full-jitter", 10);
    OverloadPointResult noRetry = point(scenario.policies().get(0), "full-jitter",
        List.of(simRun(0, 100, 100, 20, 4), simRun(1, 300, 300, 40, 8)),
        List.of(simLatency(0, 0.25, 1.5, 0.125), simLatency(1, 0.75, 2.5, 0.375)));
    OverloadPointResult retries = point(scenario.policies().get(1), "full-jitter",
        List.of(simRun(0, 100, 200, 2, 2), simRun(1, 300, 400, 4, 6)),
        List.of(simLatency(0, 0.5, 3.5, 0.25), simLatency(1, 1.5, 4.5, 0.75)));
    OverloadResult sim = new OverloadResult(scenario, List.of(noRetry, retries), 2000, Duration.ofMillis(5));
    List<String> calls = new ArrayList<>();
    ByteArrayOutputStream progress = new ByteArrayOutputStream();

    Comparison c = Comparison.compare(scenario, 0.5, new PrintStream(progress, true, StandardCharsets.UTF_8), sim,
        (s, policy, strategy, run, timeScale) -> {
          assertThat(s).isSameAs(scenario);
          calls.add(policy + " " + strategy + " " + run + " " + timeScale);
          long k = run + 1;
          return testbed(policy, run, 100 * k, 120 * k, 5 * k, 0.25 * k, 1.5 * k, 0.125 * k, 2 * k);
        });

    assertThat(calls).containsExactly("no-retry full-jitter 0 0.5", "no-retry full-jitter 1 0.5",
        "retries full-jitter 0 0.5", "retries full-jitter 1 0.5");
    assertThat(c.rows()).extracting(Row::policy).containsExactly("no-retry", "retries");
    assertThat(c.rows()).extracting(Row::strategy).containsExactly("full-jitter", "full-jitter");
    assertThat(c.rows().get(0).sim()).isEqualTo(new Figures(200, 200, 30, 0.5, 2, 0.25, 6));
    assertThat(c.rows().get(1).sim()).isEqualTo(new Figures(200, 300, 3, 1, 4, 0.5, 4));
    assertThat(c.rows().get(1).testbed()).isEqualTo(new Figures(150, 180, 7.5, 0.375, 2.25, 0.1875, 3));
    assertThat(c.rows().get(1).runs()).extracting(TestbedResult::run).containsExactly(0, 1);
    assertThat(c.labels()).containsExactly("no-retry", "retries");
    assertThat(progress.toString(StandardCharsets.UTF_8)).isEqualTo(
        "no-retry / full-jitter run 0: testbed 100 requests, 120 at the server, 5 lost, p50 250.0 ms, p99 1500.0 ms "
            + "(simulator: 100, 20 lost, p50 250.0 ms, p99 1500.0 ms); send lag mean 0.13 ms, max 2.5 ms; "
            + "network time in situ: " + OVERHEAD + "; 61.3 s" + N
            + "no-retry / full-jitter run 1: testbed 200 requests, 240 at the server, 10 lost, p50 500.0 ms, "
            + "p99 3000.0 ms (simulator: 300, 40 lost, p50 750.0 ms, p99 2500.0 ms); send lag mean 0.13 ms, max 2.5 ms; "
            + "network time in situ: " + OVERHEAD + "; 61.3 s" + N
            + "retries / full-jitter run 0: testbed 100 requests, 120 at the server, 5 lost, p50 250.0 ms, p99 1500.0 ms "
            + "(simulator: 200, 2 lost, p50 500.0 ms, p99 3500.0 ms); send lag mean 0.13 ms, max 2.5 ms; "
            + "network time in situ: " + OVERHEAD + "; 61.3 s" + N
            + "retries / full-jitter run 1: testbed 200 requests, 240 at the server, 10 lost, p50 500.0 ms, "
            + "p99 3000.0 ms (simulator: 400, 4 lost, p50 1500.0 ms, p99 4500.0 ms); send lag mean 0.13 ms, "
            + "max 2.5 ms; network time in situ: " + OVERHEAD + "; 61.3 s" + N);
  }

  @Test
  void compare_noProgress_printsNothingAndStillRuns() {
    OverloadConfig scenario = scenario("retries", "full-jitter", 10);
    OverloadPointResult retries = point(scenario.policies().get(0), "full-jitter",
        List.of(simRun(0, 100, 200, 2, 2), simRun(1, 300, 400, 4, 6)),
        List.of(simLatency(0, 0.5, 3.5, 0.25), simLatency(1, 1.5, 4.5, 0.75)));
    OverloadResult sim = new OverloadResult(scenario, List.of(retries), 2000, Duration.ofMillis(5));

    Comparison c = Comparison.compare(scenario, 1.0, null, sim,
        (s, policy, strategy, run, timeScale) -> testbed(policy, run, 100, 120, 5, 0.25, 1.5, 0.125, 2));

    assertThat(c.rows()).singleElement().extracting(r -> r.runs().size()).isEqualTo(2);
  }

  @Test
  void labels_severalStrategies_namePolicyAndStrategy() {
    OverloadConfig scenario = scenario("retries", "full-jitter,equal-jitter", 10);
    Figures f = lost(1);

    Comparison c = new Comparison(scenario, 1.0, List.of(new Row("retries", "full-jitter", f, f, List.of()),
        new Row("retries", "equal-jitter", f, f, List.of())));

    assertThat(c.labels()).containsExactly("retries / full-jitter", "retries / equal-jitter");
  }

  @Test
  void labels_combined_areTheCandidatesLabels() {
    OverloadConfig scenario = scenario("retries", "full-jitter", 10);
    Comparison part = new Comparison(scenario, 1.0, List.of(row("retries", lost(1), lost(2))));

    Comparison c = Comparison.combine(scenario, 1.0, List.of(part, part), List.of("advised", "current"));

    assertThat(c.labels()).containsExactly("advised", "current");
    assertThat(c.rows()).hasSize(2);
  }

  @Test
  void ranks_withinTheTie_shareARankAndJustOutsideDoNot() {
    // 95 is exactly 5 % below 100: a tie; 94.9 is not. 94.9 and 95 tie; 200 is above all three.
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(
        row("a", lost(100), lost(1)), row("b", lost(95), lost(1)), row("c", lost(94.9), lost(1)),
        row("d", lost(200), lost(1))));

    assertThat(c.ranks("lost", true)).containsExactly(2, 1, 1, 4);
  }

  @Test
  void ranks_bySide_readThatSidesFigures() {
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(
        row("a", lost(1), lost(30)), row("b", lost(2), lost(20)), row("c", lost(3), lost(10))));

    assertThat(c.ranks("lost", true)).containsExactly(1, 2, 3);
    assertThat(c.ranks("lost", false)).containsExactly(3, 2, 1);
  }

  @Test
  void ranks_byMetric_readThatMetric() {
    Figures few = new Figures(100, 100, 9, 0, 0.5, 0, 0);
    Figures many = new Figures(100, 300, 1, 0, 0.25, 0, 0);
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(
        row("a", few, few), row("b", many, many)));

    assertThat(c.ranks("requests at the server", true)).containsExactly(1, 2);
    assertThat(c.ranks("lost", true)).containsExactly(2, 1);
    assertThat(c.ranks("p99 completion (ms)", true)).containsExactly(2, 1);
    assertThat(c.ranks("amplification", false)).containsExactly(1, 2);
  }

  @Test
  void ranks_infiniteValues_tieWithEachOtherAndWithEverythingBelow() {
    // The tie is relative to the larger value: infinity is within 5 % of anything (as it stands).
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(
        row("a", lost(Double.POSITIVE_INFINITY), lost(1)), row("b", lost(Double.POSITIVE_INFINITY), lost(1)),
        row("c", lost(5), lost(1))));

    assertThat(c.ranks("lost", true)).containsExactly(1, 1, 1);
  }

  @Test
  void ranks_unknownMetric_failsNamingIt() {
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(row("a", lost(1), lost(1))));

    assertThatThrownBy(() -> c.ranks("goodput", true)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("metric: unknown 'goodput'");
  }

  @Test
  void table_twoPolicies_isTheSideBySideTableAndTheRanks() {
    OverloadConfig scenario = scenario("no-retry,retries", "full-jitter", 10);
    Comparison c = new Comparison(scenario, 0.5, List.of(
        row("no-retry", new Figures(100, 100, 0, 0.0125, 0.25, 0.015, Double.NaN),
            new Figures(100, 100, 0, 0.0125, 0.2, 0.02, Double.NaN)),
        row("retries", new Figures(100, 12500, 5, 0.5, 1.5, 0.75, 3),
            new Figures(100, 10000, 0, 0.25, 1.25, 1, 2))));

    assertThat(c.table()).isEqualTo("""
        | policy | metric | simulator | testbed | difference |
        | --- | --- | --- | --- | --- |
        | `no-retry` | requests at the server | 100.0 | 100.0 | +0.0 % |
        | `no-retry` | amplification | 1.000x | 1.000x | +0.0 % |
        | `no-retry` | lost | 0.0 | 0.0 | +0.0 % |
        | `no-retry` | p50 completion (ms) | 12.5 | 12.5 | +0.0 % |
        | `no-retry` | p99 completion (ms) | 250.0 | 200.0 | +25.0 % |
        | `no-retry` | mean completion (ms) | 15.0 | 20.0 | -25.0 % |
        | `no-retry` | recovery (s) | n/a | n/a | n/a |
        | `retries` | requests at the server | 12,500.0 | 10,000.0 | +25.0 % |
        | `retries` | amplification | 125.000x | 100.000x | +25.0 % |
        | `retries` | lost | 5.0 | 0.0 | ∞ |
        | `retries` | p50 completion (ms) | 500.0 | 250.0 | +100.0 % |
        | `retries` | p99 completion (ms) | 1500.0 | 1250.0 | +20.0 % |
        | `retries` | mean completion (ms) | 750.0 | 1000.0 | -25.0 % |
        | `retries` | recovery (s) | 3.0 | 2.0 | +50.0 % |

        | rank by (within 5 %: a tie) | simulator | testbed | same |
        | --- | --- | --- | --- |
        | requests at the server | no-retry 1, retries 2 | no-retry 1, retries 2 | yes |
        | lost | no-retry 1, retries 2 | no-retry 1, retries 1 | no |
        | p99 completion (ms) | no-retry 1, retries 2 | no-retry 1, retries 2 | yes |
        """.replace("\n", N) + N + "scenario (model units): " + scenario + "; time scale 0.5 (real = model x 0.5)"
        + N);
  }

  @Test
  void table_noOutage_leavesRecoveryOut() {
    Figures f = new Figures(100, 100, 0, 0.0125, 0.25, 0.015, Double.NaN);
    Comparison c = new Comparison(scenario("retries", "full-jitter", 0), 1.0, List.of(row("retries", f, f)));

    assertThat(c.table()).doesNotContain("recovery").contains("| `retries` | mean completion (ms) | 15.0 | 15.0 |");
  }

  @Test
  void table_combined_namesTheCandidatesAndSaysEachHasItsOwnPolicy() {
    OverloadConfig scenario = scenario("retries", "full-jitter", 10);
    Comparison part = new Comparison(scenario, 2.0, List.of(row("retries", lost(1), lost(1))));

    String table = Comparison.combine(scenario, 2.0, List.of(part), List.of("advised")).table();

    assertThat(table).contains("| `advised` | lost | 1.0 | 1.0 | +0.0 % |",
        "| lost | advised 1 | advised 1 | yes |")
        .endsWith(N + "scenario (model units; each candidate has its own strategies, base, cap, max-attempts and "
            + "policies): " + scenario + "; time scale 2.0 (real = model x 2.0)" + N);
  }

  @Test
  void table_negativeDifference_andLargeTimes_areFormatted() {
    Figures sim = new Figures(3, 1234567, 0.5, 2.5, 12.5, 0.001, 0.25);
    Figures testbed = new Figures(3, 2469134, 1, 1.25, 25, 0.002, 0.5);
    Comparison c = new Comparison(scenario("retries", "full-jitter", 10), 1.0, List.of(row("retries", sim, testbed)));

    assertThat(c.table()).contains(
        "| `retries` | requests at the server | 1,234,567.0 | 2,469,134.0 | -50.0 % |",
        "| `retries` | amplification | 411522.333x | 823044.667x | -50.0 % |",
        "| `retries` | lost | 0.5 | 1.0 | -50.0 % |",
        "| `retries` | p50 completion (ms) | 2500.0 | 1250.0 | +100.0 % |",
        "| `retries` | p99 completion (ms) | 12500.0 | 25000.0 | -50.0 % |",
        "| `retries` | mean completion (ms) | 1.0 | 2.0 | -50.0 % |",
        "| `retries` | recovery (s) | 0.3 | 0.5 | -50.0 % |");
  }
}
