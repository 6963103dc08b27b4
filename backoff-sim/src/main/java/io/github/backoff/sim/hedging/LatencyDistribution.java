package io.github.backoff.sim.hedging;

import io.github.backoff.sim.engine.Normal;
import java.util.random.RandomGenerator;

/**
 * The service time of one attempt: a lognormal with median {@code medianMs} and shape {@code sigma}, and with
 * probability {@code slowShare} a slow episode (a GC pause, a busy disk, a slow replica) that multiplies it by
 * {@code slowFactor}. Attempts are independent, which is what makes hedging work.
 *
 * <pre>{@code
 * LatencyDistribution x = new LatencyDistribution(10, 0.5, 0.02, 10);
 * double p99 = x.quantile(0.99);          // milliseconds
 * double sample = x.sample(random);
 * }</pre>
 *
 * <p>An immutable value; thread-safe.
 *
 * @param medianMs the lognormal's median, in milliseconds
 * @param sigma the lognormal's shape (standard deviation of the log)
 * @param slowShare the probability that an attempt is slow, in {@code [0, 1)}
 * @param slowFactor how much slower a slow attempt is, at least 1
 */
public record LatencyDistribution(double medianMs, double sigma, double slowShare, double slowFactor) {

  /** Validates the parameters. */
  public LatencyDistribution {
    if (!(medianMs > 0) || !(sigma >= 0) || !(slowShare >= 0 && slowShare < 1) || !(slowFactor >= 1)) {
      throw new IllegalArgumentException("bad latency distribution: median " + medianMs + " ms, sigma " + sigma
          + ", slowShare " + slowShare + ", slowFactor " + slowFactor);
    }
  }

  /** One attempt's service time, in milliseconds. */
  public double sample(RandomGenerator random) {
    double x = medianMs * StrictMath.exp(sigma * Normal.draw(random));
    return random.nextDouble() < slowShare ? x * slowFactor : x;
  }

  /** The mean, in milliseconds. */
  public double mean() {
    return medianMs * StrictMath.exp(sigma * sigma / 2) * (1 - slowShare + slowShare * slowFactor);
  }

  /** {@code P(X > t)}. */
  public double survival(double t) {
    if (t <= 0) {
      return 1;
    }
    return (1 - slowShare) * lognormalSurvival(t) + slowShare * lognormalSurvival(t / slowFactor);
  }

  /** The {@code p}-quantile, in milliseconds: the {@code t} with {@code P(X > t) = 1 - p}. */
  public double quantile(double p) {
    return solve(t -> survival(t), 1 - p);
  }

  private double lognormalSurvival(double t) {
    if (sigma == 0) {
      return t < medianMs ? 1 : 0;
    }
    double z = StrictMath.log(t / medianMs) / sigma;
    return 0.5 * erfc(z / Math.sqrt(2));
  }

  /** The {@code t} at which the decreasing function {@code survival} equals {@code target}, by bisection. */
  static double solve(java.util.function.DoubleUnaryOperator survival, double target) {
    double lo = 0;
    double hi = 1;
    while (survival.applyAsDouble(hi) > target) {
      hi *= 2;
    }
    for (int i = 0; i < 200; i++) {
      double mid = (lo + hi) / 2;
      if (survival.applyAsDouble(mid) > target) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** The complementary error function, to a relative error below 1.2e-7 (Numerical Recipes' erfcc). */
  static double erfc(double x) {
    double z = Math.abs(x);
    double t = 1 / (1 + 0.5 * z);
    double r = t * StrictMath.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
        + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
        + t * (-0.82215223 + t * 0.17087277)))))))));
    return x >= 0 ? r : 2 - r;
  }
}
