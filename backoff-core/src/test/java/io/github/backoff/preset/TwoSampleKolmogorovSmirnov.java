package io.github.backoff.preset;

import java.util.Arrays;

/**
 * The two-sample Kolmogorov–Smirnov test: do two samples come from the same distribution? Used to check that a
 * preset draws the waits its real library draws.
 */
final class TwoSampleKolmogorovSmirnov {
  private TwoSampleKolmogorovSmirnov() {}

  /** {@code D = sup_x |F_a(x) - F_b(x)|} of the two empirical distribution functions (ties handled exactly). */
  static double statistic(long[] a, long[] b) {
    long[] x = a.clone();
    long[] y = b.clone();
    Arrays.sort(x);
    Arrays.sort(y);
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
   * The asymptotic critical value of D at significance {@code alpha}:
   * {@code sqrt(-ln(alpha/2)/2) · sqrt((n + m)/(n·m))} (about 0.033 for n = m = 20,000 and alpha = 1e-9). Samples
   * of one continuous distribution exceed it with probability about alpha; of one discrete distribution (whole
   * milliseconds, as the libraries draw), with less.
   */
  static double criticalValue(int n, int m, double alpha) {
    return Math.sqrt(-Math.log(alpha / 2) / 2) * Math.sqrt((double) (n + m) / ((double) n * m));
  }
}
