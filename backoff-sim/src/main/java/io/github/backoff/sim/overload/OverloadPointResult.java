package io.github.backoff.sim.overload;

import io.github.backoff.sim.Stats;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The results of one (policy, strategy) of an {@code overload} simulation: every run's totals and the time series
 * averaged over the runs.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * OverloadPointResult p = result.point("retries", "full-jitter");
 * double[] goodput = p.series(OverloadMetric.GOODPUT);
 * long recovered = p.recoveredRuns();
 * }</pre>
 */
public final class OverloadPointResult {
  private final OverloadPolicy policy;
  private final String strategy;
  private final List<OverloadRunTotals> runs;
  private final List<OverloadLatency> latency;
  private final double[][] means;

  /**
   * Copies the arrays.
   *
   * @param means per {@link OverloadMetric} (by ordinal), the per-second mean over the runs of each bucket
   */
  public OverloadPointResult(OverloadPolicy policy, String strategy, List<OverloadRunTotals> runs, double[][] means) {
    this(policy, strategy, runs, runs.stream().map(r -> OverloadLatency.none(r.run())).toList(), means);
  }

  /**
   * Copies the arrays.
   *
   * @param latency per run, in the order of {@code runs}, what it measured of throttling and latency
   * @param means per {@link OverloadMetric} (by ordinal), the per-second mean over the runs of each bucket
   * @throws IllegalArgumentException if {@code latency} and {@code runs} differ in size
   */
  public OverloadPointResult(OverloadPolicy policy, String strategy, List<OverloadRunTotals> runs, List<OverloadLatency> latency,
      double[][] means) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.strategy = Objects.requireNonNull(strategy, "strategy");
    this.runs = List.copyOf(runs);
    this.latency = List.copyOf(latency);
    if (this.latency.size() != this.runs.size()) {
      throw new IllegalArgumentException("latency: one per run expected: " + latency.size() + " != " + runs.size());
    }
    if (means.length != OverloadMetric.values().length) {
      throw new IllegalArgumentException("means: one series per metric expected: " + means.length);
    }
    this.means = new double[means.length][];
    for (int i = 0; i < means.length; i++) {
      this.means[i] = means[i].clone();
    }
  }

  /** The policy. */
  public OverloadPolicy policy() {
    return policy;
  }

  /** The strategy's name. */
  public String strategy() {
    return strategy;
  }

  /** The runs, by index. */
  public List<OverloadRunTotals> runs() {
    return runs;
  }

  /** Per run, in the order of {@link #runs()}, what it measured of throttling and latency. */
  public List<OverloadLatency> latency() {
    return latency;
  }

  /** Attempts throttled per run. */
  public Stats throttled() {
    return Stats.of(latency.stream().mapToDouble(OverloadLatency::throttled).toArray());
  }

  /** Throttled attempts as a share of attempts, per run. */
  public Stats throttledShare() {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      long attempts = runs.get(i).attempts();
      v[i] = attempts == 0 ? 0 : latency.get(i).throttled() / (double) attempts;
    }
    return Stats.of(v);
  }

  /** The rate limiter's wait per request, in seconds, per run. */
  public Stats limiterWaitPerRequest() {
    double[] v = new double[runs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = latency.get(i).limiterWaitPerRequest(runs.get(i).requests());
    }
    return Stats.of(v);
  }

  /** The number of one-second buckets. */
  public int buckets() {
    return means[0].length;
  }

  /** The mean over the runs of {@code metric} in bucket {@code bucket} (per second, or mean queue length). */
  public double mean(OverloadMetric metric, int bucket) {
    return means[metric.ordinal()][bucket];
  }

  /** A copy of the time series of {@code metric}, one value per bucket. */
  public double[] series(OverloadMetric metric) {
    return means[metric.ordinal()].clone();
  }

  /** Amplification (attempts ÷ requests) over the runs. */
  public Stats amplification() {
    return Stats.of(runs.stream().mapToDouble(OverloadRunTotals::amplification).toArray());
  }

  /** Requests lost per run. */
  public Stats lost() {
    return Stats.of(runs.stream().mapToDouble(OverloadRunTotals::lost).toArray());
  }

  /** Requests lost as a share of requests, per run. */
  public Stats lostShare() {
    return Stats.of(runs.stream().mapToDouble(r -> r.requests() == 0 ? 0 : r.lost() / (double) r.requests())
        .toArray());
  }

  /** How many runs recovered before the horizon. */
  public long recoveredRuns() {
    return runs.stream().filter(OverloadRunTotals::recovered).count();
  }

  /** Recovery time over the runs that recovered; {@link Stats#NONE} if none did. */
  public Stats recovery() {
    double[] r = runs.stream().filter(OverloadRunTotals::recovered).mapToDouble(OverloadRunTotals::recovery).toArray();
    return r.length == 0 ? Stats.NONE : Stats.of(r);
  }

  /** The longest queue over all runs. */
  public int maxQueue() {
    return runs.stream().mapToInt(OverloadRunTotals::maxQueue).max().orElse(0);
  }

  @Override
  public String toString() {
    return "OverloadPointResult[" + policy.name() + "/" + strategy + ", runs=" + runs.size() + ", buckets="
        + Arrays.stream(means).mapToInt(m -> m.length).max().orElse(0) + "]";
  }
}
