package io.github.backoff.sim;

import java.util.Arrays;

/**
 * Summary statistics of one measure over the runs of a point: mean, sample standard deviation ({@code n - 1} in
 * the denominator, 0 for a single run), median and 95th percentile. Percentiles interpolate linearly between the
 * order statistics ({@code x[(n-1)·p]}, the default of R, NumPy and spreadsheets). All {@code NaN} when the
 * measure does not apply (utilisation of the {@code occ} model).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Stats s = Stats.of(new double[] {1, 2, 3, 4}); // mean 2.5, p50 2.5, p95 3.85
 * }</pre>
 *
 * @param mean the arithmetic mean
 * @param sd the sample standard deviation
 * @param p50 the median
 * @param p95 the 95th percentile
 */
public record Stats(double mean, double sd, double p50, double p95) {
  /** Statistics of nothing: every field {@code NaN}. */
  public static final Stats NONE = new Stats(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /**
   * The statistics of {@code values}, summed in array order (so equal arrays give bit-identical results); the
   * array is not modified.
   *
   * @throws IllegalArgumentException if {@code values} is empty
   */
  public static Stats of(double[] values) {
    int n = values.length;
    if (n == 0) {
      throw new IllegalArgumentException("values must not be empty");
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / n;
    double squares = 0;
    for (double v : values) {
      double d = v - mean;
      squares += d * d;
    }
    double sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new Stats(mean, sd, percentile(sorted, 0.5), percentile(sorted, 0.95));
  }

  private static double percentile(double[] sorted, double p) {
    double h = (sorted.length - 1) * p;
    int lo = (int) Math.floor(h);
    int hi = Math.min(lo + 1, sorted.length - 1);
    return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
  }
}
