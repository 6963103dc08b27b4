package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.sim.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverloadSimulatorTest {
  @TempDir
  Path dir;

  /** The documented storm, scaled down: 80 % load, 10 s down, 60 s runs. */
  private static OverloadConfig.Builder small() {
    return OverloadConfig.builder().rate(200).capacity(250).queue(500).timeout(1).outage(10, 10, 0).horizon(60)
        .runs(3).seed(7);
  }

  private static OverloadResult storm;

  /** The full comparison, computed once for the tests that only read it. */
  private static synchronized OverloadResult storm() {
    if (storm == null) {
      storm = OverloadSimulator.simulate(small().build(), ProgressListener.NONE);
    }
    return storm;
  }

  @Test
  void simulate_storm_onlyRetriesWithoutBudgetStayDown() {
    OverloadResult result = storm();

    assertThat(result.points()).extracting(p -> p.policy().name()).containsExactlyElementsOf(OverloadPolicy.NAMES);
    OverloadPoint retries = result.point("retries", "full-jitter");
    assertThat(retries.recoveredRuns()).isZero();
    assertThat(retries.amplification().mean()).isGreaterThan(2.5);
    for (String policy : List.of("no-retry", "token-bucket", "retry-quota", "ratio")) {
      OverloadPoint p = result.point(policy, "full-jitter");
      assertThat(p.recoveredRuns()).as(policy).isEqualTo(3);
      assertThat(p.amplification().mean()).as(policy).isLessThan(1.1);
    }
    assertThat(result.point("no-retry", "full-jitter").amplification().p95()).isEqualTo(1.0);
    assertThat(result.report().summary()).contains("retries").contains("never").contains("3/3");
  }

  @Test
  void simulate_everyPolicyFacesTheSameRequests() {
    OverloadResult result = storm();
    for (int r = 0; r < 3; r++) {
      int run = r;
      assertThat(result.points()).extracting(p -> p.runs().get(run).requests()).containsOnly(
          result.points().get(0).runs().get(run).requests());
    }
  }

  @Test
  void simulate_sameSeedDifferentThreads_byteIdenticalCsv() {
    OverloadConfig.Builder config = small().policies("retries,ratio").runs(3);
    OverloadResult one = OverloadSimulator.simulate(config.threads(1).build(), ProgressListener.NONE);
    OverloadResult four = OverloadSimulator.simulate(config.threads(4).build(), ProgressListener.NONE);

    assertThat(four.report().table("timeseries.csv").csv()).isEqualTo(one.report().table("timeseries.csv").csv());
    assertThat(four.report().table("summary.csv").csv()).isEqualTo(one.report().table("summary.csv").csv());
    assertThat(four.report().table("runs.csv").csv()).isEqualTo(one.report().table("runs.csv").csv());
  }

  @Test
  void simulate_progress_countsEveryRun() {
    List<Long> seen = new ArrayList<>();
    OverloadSimulator.simulate(small().policies("no-retry,ratio").build(), (done, total) -> {
      assertThat(total).isEqualTo(6);
      seen.add(done);
    });
    assertThat(seen).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
  }

  @Test
  void run_writesCsvChartsAndReport() throws Exception {
    OverloadConfig config = small().policies("no-retry,retries").strategies("full-jitter,none").runs(2).out(dir)
        .build();
    OverloadSimulator.run(config, ProgressListener.NONE);

    List<String> series = Files.readAllLines(dir.resolve("timeseries.csv"));
    assertThat(series.get(0)).isEqualTo("policy,strategy,time_s,requests_per_s,attempts_per_s,retries_per_s,"
        + "goodput_per_s,timeouts_per_s,rejected_per_s,lost_per_s,queue_mean,capacity_per_s");
    assertThat(series).hasSize(1 + 4 * 60);
    assertThat(series.get(1)).startsWith("no-retry,full-jitter,0,");
    assertThat(series.get(12)).startsWith("no-retry,full-jitter,11,").endsWith(",0.000");
    List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
    assertThat(summary.get(0)).isEqualTo("policy,strategy,runs,"
        + "requests_mean,attempts_mean,amplification_mean,amplification_max,lost_mean,lost_share_mean,"
        + "budget_denied_mean,wasted_mean,max_queue,recovered_runs,recovery_s_mean,recovery_s_p50,recovery_s_max");
    assertThat(summary).hasSize(5);
    assertThat(summary.get(3)).startsWith("retries,full-jitter,2,").endsWith(",0,,,");
    List<String> runs = Files.readAllLines(dir.resolve("runs.csv"));
    assertThat(runs.get(0)).isEqualTo("policy,strategy,run,requests,attempts,retries,successes,timeouts,rejected,"
        + "lost,budget_denied,wasted,amplification,max_queue,recovered,recovery_s");
    assertThat(runs).hasSize(1 + 4 * 2);
    for (String png : List.of("goodput.png", "overload.png")) {
      assertThat(Files.readAllBytes(dir.resolve(png))).startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n');
    }
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).contains("id=\"goodput-chart\"").contains("id=\"overload-chart\"")
        .contains("data:image/png;base64,").contains(">never<").doesNotContain("<script");
  }
}
