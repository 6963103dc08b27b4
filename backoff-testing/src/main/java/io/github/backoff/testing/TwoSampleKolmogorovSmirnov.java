package io.github.backoff.testing;

import java.util.Arrays;
import java.util.Objects;

/**
 * The two-sample Kolmogorov–Smirnov test: do two samples come from the same distribution? For checking that a
 * jitter draws what another library's draws (a preset against its real client), or that it does not (full jitter
 * told apart from the preset), with a significance level chosen so low that the test cannot flake.
 *
 * <pre>{@code
 * long[] ours = ...;     // 20,000 waits drawn by the preset, in microseconds
 * long[] theirs = ...;   // 20,000 waits drawn by the library's own code
 * assertThat(TwoSampleKolmogorovSmirnov.statistic(ours, theirs))
 *     .isLessThan(TwoSampleKolmogorovSmirnov.criticalValue(ours.length, theirs.length, 1e-9));
 * }</pre>
 *
 * <p>Stateless and thread-safe; the samples are copied, never changed.
 */
public final class TwoSampleKolmogorovSmirnov {
  private TwoSampleKolmogorovSmirnov() {}

  /**
   * The statistic {@code D = sup_x |F_a(x) - F_b(x)|}, the largest distance between the two samples' empirical
   * distribution functions: 0 for samples of the same values in the same proportions, 1 for samples that do not
   * overlap. Ties, within a sample or across the two, are handled exactly (both functions step past a shared value
   * together), so whole milliseconds or microseconds can be compared as they are.
   *
   * @param a one sample
   * @param b the other sample
   * @return {@code D}, in {@code [0, 1]}
   * @throws NullPointerException if {@code a} or {@code b} is null
   * @throws IllegalArgumentException if {@code a} or {@code b} is empty
   */
  public static double statistic(long[] a, long[] b) {
    long[] x = sorted(a, "a");
    long[] y = sorted(b, "b");
    int i = 0;
    int j = 0;
    double d = 0;
    while (i < x.length && j < y.length) {
      long v = Math.min(x[i], y[j]);
      while (i < x.length && x[i] == v) {
        i++;
      }
      while (j < y.length && y[j] == v) {
        j++;
      }
      d = Math.max(d, Math.abs((double) i / x.length - (double) j / y.length));
    }
    return d;
  }

  /**
   * The asymptotic critical value of {@code D} for samples of sizes {@code n} and {@code m} at significance
   * {@code alpha}: {@code sqrt(-ln(alpha / 2) / 2) * sqrt((n + m) / (n * m))}, about 0.033 for
   * {@code n = m = 20,000} and {@code alpha = 1e-9}. Two samples of one continuous distribution exceed it with
   * probability about {@code alpha}; of one discrete distribution (whole milliseconds), with less. Asymptotic: meant
   * for samples of hundreds or more.
   *
   * @param n the size of one sample
   * @param m the size of the other sample
   * @param alpha the significance level: the chance of a false alarm that the test accepts
   * @return the value of {@code D} above which the samples are told apart
   * @throws IllegalArgumentException if {@code n} or {@code m} is below 1, or {@code alpha} is not in
   *     {@code (0, 1)}
   */
  public static double criticalValue(int n, int m, double alpha) {
    if (n < 1 || m < 1) {
      throw new IllegalArgumentException("sample sizes must be at least 1: n = " + n + ", m = " + m);
    }
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1): " + alpha);
    }
    return Math.sqrt(-Math.log(alpha / 2) / 2) * Math.sqrt((double) (n + m) / ((double) n * m));
  }

  private static long[] sorted(long[] sample, String name) {
    Objects.requireNonNull(sample, name);
    if (sample.length == 0) {
      throw new IllegalArgumentException(name + " must not be empty");
    }
    long[] copy = sample.clone();
    Arrays.sort(copy);
    return copy;
  }
}
