package io.github.backoff.sim.advise;

/**
 * A metric's estimate from independent seeds: the mean of the per-seed values and its 95 % confidence interval,
 * the Student t-interval {@code mean ± t(0.975, n-1) · sd / sqrt(n)} (no interval from one seed: {@code low} and
 * {@code high} are the mean).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Estimate e = Estimate.of(new double[] {1, 2, 3, 4, 5}); // mean 3, 3 ± 2.776 · 1.581 / sqrt(5)
 * boolean clearlyBelow = e.high() < 4;
 * }</pre>
 *
 * @param mean the mean over the seeds
 * @param low the interval's lower end
 * @param high the interval's upper end
 * @param n the number of seeds
 */
public record Estimate(double mean, double low, double high, int n) {
  /** t(0.975, df) for df = 1..30. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060,
      2.056, 2.052, 2.048, 2.045, 2.042};

  /**
   * The estimate from the first {@code n} of {@code values}, one per seed.
   *
   * @throws IllegalArgumentException if {@code n < 1} or larger than the array
   */
  public static Estimate of(double[] values, int n) {
    if (n < 1 || n > values.length) {
      throw new IllegalArgumentException("n: must be in [1, " + values.length + "]: " + n);
    }
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += values[i];
    }
    double mean = sum / n;
    if (n == 1) {
      return new Estimate(mean, mean, mean, 1);
    }
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double d = values[i] - mean;
      squares += d * d;
    }
    double half = t975(n - 1) * Math.sqrt(squares / (n - 1) / n);
    return new Estimate(mean, mean - half, mean + half, n);
  }

  /** The estimate from every value. */
  public static Estimate of(double[] values) {
    return of(values, values.length);
  }

  /**
   * The 0.975 quantile of Student's t distribution with {@code df} degrees of freedom: the table for 1 to 30,
   * then interpolated linearly in 1/df between 30 (2.042), 40 (2.021), 60 (2.000), 120 (1.980) and infinity
   * (1.960).
   *
   * @throws IllegalArgumentException if {@code df < 1}
   */
  public static double t975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("df: must be >= 1: " + df);
    }
    if (df <= 30) {
      return T975[df - 1];
    }
    double[] dfs = {30, 40, 60, 120, Double.POSITIVE_INFINITY};
    double[] ts = {2.042, 2.021, 2.000, 1.980, 1.960};
    double x = 1.0 / df;
    for (int i = 1; i < dfs.length; i++) {
      if (df <= dfs[i]) {
        double x0 = 1 / dfs[i - 1];
        double x1 = 1 / dfs[i];
        return ts[i - 1] + (ts[i] - ts[i - 1]) * (x - x0) / (x1 - x0);
      }
    }
    return 1.960;
  }

  /** Half the interval's width. */
  public double halfWidth() {
    return (high - low) / 2;
  }
}
