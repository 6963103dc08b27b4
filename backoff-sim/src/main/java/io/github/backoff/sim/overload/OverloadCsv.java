package io.github.backoff.sim.overload;

import io.github.backoff.sim.Stats;
import io.github.backoff.sim.report.Numbers;

/**
 * The {@code overload} model's CSV files: {@code timeseries.csv} (per policy, strategy and one-second bucket, the
 * means over the runs), {@code summary.csv} (per policy and strategy) and {@code runs.csv} (per run). Numbers have
 * three decimals with {@code .}; an empty field means "not applicable" (a recovery time when the run did not
 * recover; every recovery field when there is no outage, {@code --outage-length 0}); lines end with {@code \n}. The content depends only on the configuration.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Files.writeString(dir.resolve("timeseries.csv"), OverloadCsv.timeSeries(result));
 * }</pre>
 */
public final class OverloadCsv {
  /** The header of {@code timeseries.csv}. */
  public static final String TIMESERIES_HEADER = "policy,strategy,time_s,requests_per_s,attempts_per_s,"
      + "retries_per_s,goodput_per_s,timeouts_per_s,rejected_per_s,lost_per_s,queue_mean,capacity_per_s";
  /** The header of {@code summary.csv}. */
  public static final String SUMMARY_HEADER = "policy,strategy,runs,requests_mean,attempts_mean,"
      + "amplification_mean,amplification_max,lost_mean,lost_share_mean,budget_denied_mean,wasted_mean,max_queue,"
      + "recovered_runs,recovery_s_mean,recovery_s_p50,recovery_s_max";
  /** The header of {@code runs.csv}. */
  public static final String RUNS_HEADER = "policy,strategy,run,requests,attempts,retries,successes,timeouts,"
      + "rejected,lost,budget_denied,wasted,amplification,max_queue,recovered,recovery_s";

  /** The header of {@code latency.csv}. */
  public static final String LATENCY_HEADER = "policy,strategy,runs,throttled_mean,throttled_share_mean,"
      + "limiter_wait_per_request_ms_mean,limiter_wait_max_ms,limiter_gave_up_mean,latency_mean_ms,latency_p50_ms,"
      + "latency_p99_ms";

  private OverloadCsv() {}

  /**
   * The text of {@code latency.csv}: per policy and strategy, the means over the runs of the attempts throttled
   * (and their share of attempts), the rate limiter's wait per request, the requests given up waiting for it, and
   * the latency of the successful requests (mean, median, 99th percentile); the longest limiter wait of any run.
   */
  public static String latency(OverloadResult result) {
    StringBuilder sb = new StringBuilder(LATENCY_HEADER).append('\n');
    for (OverloadPoint p : result.points()) {
      sb.append(p.policy().name()).append(',').append(p.strategy()).append(',').append(p.runs().size()).append(',')
          .append(Numbers.fixed3(p.throttled().mean())).append(',')
          .append(Numbers.fixed3(p.throttledShare().mean())).append(',')
          .append(Numbers.fixed3(1000 * p.limiterWaitPerRequest().mean())).append(',')
          .append(Numbers.fixed3(1000 * p.latency().stream().mapToDouble(OverloadLatency::limiterWaitMax).max()
              .orElse(0))).append(',')
          .append(Numbers.fixed3(p.latency().stream().mapToLong(OverloadLatency::limiterGaveUp).average()
              .orElse(0))).append(',')
          .append(Numbers.fixed3(1000 * meanOf(p, OverloadLatency::latencyMean))).append(',')
          .append(Numbers.fixed3(1000 * meanOf(p, OverloadLatency::latencyP50))).append(',')
          .append(Numbers.fixed3(1000 * meanOf(p, OverloadLatency::latencyP99))).append('\n');
    }
    return sb.toString();
  }

  private static double meanOf(OverloadPoint p, java.util.function.ToDoubleFunction<OverloadLatency> f) {
    return p.latency().stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
  }

  /** The text of {@code timeseries.csv}. */
  public static String timeSeries(OverloadResult result) {
    StringBuilder sb = new StringBuilder(TIMESERIES_HEADER).append('\n');
    for (OverloadPoint p : result.points()) {
      for (int b = 0; b < p.buckets(); b++) {
        sb.append(p.policy().name()).append(',').append(p.strategy()).append(',').append(b);
        for (OverloadMetric m : OverloadMetric.values()) {
          sb.append(',').append(Numbers.fixed3(p.mean(m, b)));
        }
        sb.append(',').append(Numbers.fixed3(OverloadCharts.capacityAt(result.config(), b))).append('\n');
      }
    }
    return sb.toString();
  }

  /** The text of {@code summary.csv}. */
  public static String summary(OverloadResult result) {
    StringBuilder sb = new StringBuilder(SUMMARY_HEADER).append('\n');
    boolean noOutage = OverloadReports.noOutage(result.config());
    for (OverloadPoint p : result.points()) {
      Stats recovery = p.recovery();
      double maxRecovery = p.runs().stream().filter(OverloadRun::recovered).mapToDouble(OverloadRun::recovery)
          .max().orElse(Double.NaN);
      sb.append(p.policy().name()).append(',').append(p.strategy()).append(',').append(p.runs().size()).append(',')
          .append(Numbers.fixed3(mean(p, OverloadRun::requests))).append(',')
          .append(Numbers.fixed3(mean(p, OverloadRun::attempts))).append(',')
          .append(Numbers.fixed3(p.amplification().mean())).append(',')
          .append(Numbers.fixed3(p.runs().stream().mapToDouble(OverloadRun::amplification).max().orElse(0)))
          .append(',')
          .append(Numbers.fixed3(p.lost().mean())).append(',')
          .append(Numbers.fixed3(p.lostShare().mean())).append(',')
          .append(Numbers.fixed3(mean(p, OverloadRun::budgetDenied))).append(',')
          .append(Numbers.fixed3(mean(p, OverloadRun::wasted))).append(',')
          .append(p.maxQueue()).append(',')
          .append(noOutage ? "" : Integer.toString((int) p.recoveredRuns())).append(',')
          .append(noOutage ? "" : Numbers.fixed3(recovery.mean())).append(',')
          .append(noOutage ? "" : Numbers.fixed3(recovery.p50())).append(',')
          .append(noOutage ? "" : Numbers.fixed3(maxRecovery)).append('\n');
    }
    return sb.toString();
  }

  /** The text of {@code runs.csv}. */
  public static String runs(OverloadResult result) {
    StringBuilder sb = new StringBuilder(RUNS_HEADER).append('\n');
    boolean noOutage = OverloadReports.noOutage(result.config());
    for (OverloadPoint p : result.points()) {
      for (OverloadRun r : p.runs()) {
        sb.append(p.policy().name()).append(',').append(p.strategy()).append(',').append(r.run()).append(',')
            .append(r.requests()).append(',').append(r.attempts()).append(',').append(r.retries()).append(',')
            .append(r.successes()).append(',').append(r.timeouts()).append(',').append(r.rejected()).append(',')
            .append(r.lost()).append(',').append(r.budgetDenied()).append(',').append(r.wasted()).append(',')
            .append(Numbers.fixed3(r.amplification())).append(',').append(r.maxQueue()).append(',')
            .append(noOutage ? "" : r.recovered() ? "yes" : "no").append(',')
            .append(noOutage ? "" : Numbers.fixed3(r.recovery())).append('\n');
      }
    }
    return sb.toString();
  }

  private static double mean(OverloadPoint p, java.util.function.ToLongFunction<OverloadRun> f) {
    return p.runs().stream().mapToLong(f).average().orElse(Double.NaN);
  }
}
