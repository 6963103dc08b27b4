package io.github.backoff.strategy;

import java.util.Arrays;

/** The one-sample Kolmogorov–Smirnov test against the uniform distribution on [0, 1]. */
final class KolmogorovSmirnov {
  private KolmogorovSmirnov() {}

  /** {@code D = sup |F_n(x) - x|} of the samples, which must lie in [0, 1]. */
  static double statistic(double[] samples) {
    double[] x = samples.clone();
    Arrays.sort(x);
    int n = x.length;
    double d = 0;
    for (int i = 0; i < n; i++) {
      d = Math.max(d, Math.max((i + 1.0) / n - x[i], x[i] - (double) i / n));
    }
    return d;
  }

  /**
   * The asymptotic critical value of D at significance {@code alpha}: {@code sqrt(-ln(alpha/2)/2) / sqrt(n)}
   * (about 0.019 for n = 20,000 and alpha = 1e-6). A uniform sample exceeds it with probability about alpha.
   */
  static double criticalValue(int n, double alpha) {
    return Math.sqrt(-Math.log(alpha / 2) / 2) / Math.sqrt(n);
  }
}
