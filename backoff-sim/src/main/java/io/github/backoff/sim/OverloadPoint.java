package io.github.backoff.sim;

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
 * OverloadPoint p = result.point("retries", "full-jitter");
 * double[] goodput = p.series(OverloadMetric.GOODPUT);
 * long recovered = p.recoveredRuns();
 * }</pre>
 */
public final class OverloadPoint {
  private final OverloadPolicy policy;
  private final String strategy;
  private final List<OverloadRun> runs;
  private final double[][] means;

  /**
   * Copies the arrays.
   *
   * @param means per {@link OverloadMetric} (by ordinal), the per-second mean over the runs of each bucket
   */
  public OverloadPoint(OverloadPolicy policy, String strategy, List<OverloadRun> runs, double[][] means) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.strategy = Objects.requireNonNull(strategy, "strategy");
    this.runs = List.copyOf(runs);
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
  public List<OverloadRun> runs() {
    return runs;
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
    return Stats.of(runs.stream().mapToDouble(OverloadRun::amplification).toArray());
  }

  /** Requests lost per run. */
  public Stats lost() {
    return Stats.of(runs.stream().mapToDouble(OverloadRun::lost).toArray());
  }

  /** Requests lost as a share of requests, per run. */
  public Stats lostShare() {
    return Stats.of(runs.stream().mapToDouble(r -> r.requests() == 0 ? 0 : r.lost() / (double) r.requests())
        .toArray());
  }

  /** How many runs recovered before the horizon. */
  public long recoveredRuns() {
    return runs.stream().filter(OverloadRun::recovered).count();
  }

  /** Recovery time over the runs that recovered; {@link Stats#NONE} if none did. */
  public Stats recovery() {
    double[] r = runs.stream().filter(OverloadRun::recovered).mapToDouble(OverloadRun::recovery).toArray();
    return r.length == 0 ? Stats.NONE : Stats.of(r);
  }

  /** The longest queue over all runs. */
  public int maxQueue() {
    return runs.stream().mapToInt(OverloadRun::maxQueue).max().orElse(0);
  }

  @Override
  public String toString() {
    return "OverloadPoint[" + policy.name() + "/" + strategy + ", runs=" + runs.size() + ", buckets="
        + Arrays.stream(means).mapToInt(m -> m.length).max().orElse(0) + "]";
  }
}
