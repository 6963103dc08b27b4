package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** Polly's {@code DecorrelatedJitterBackoffV2}; see {@link Backoff#decorrelatedJitterV2}. */
record DecorrelatedJitterV2(long medianFirstDelay, long cap) implements Backoff {
  /** Polly's {@code rpScalingFactor}: 1/1.4 makes the median of the first wait close to the requested one. */
  private static final double SCALING = 1 / 1.4;
  /** Beyond this exponent 2^x overflows a double; Polly returns the maximum from there on. */
  private static final double MAX_EXPONENT = 1023;

  static double f(double x) {
    return Math.pow(2, x) * Math.tanh(Math.sqrt(4 * x));
  }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    Retries.check(retry);
    double t = retry - 1 + random.nextDouble();
    if (t > MAX_EXPONENT) {
      return cap;
    }
    double previous = retry == 1 ? 0 : f(retry - 2 + random.nextDouble());
    return Math.min(cap, Durations.saturate((f(t) - previous) * SCALING * medianFirstDelay));
  }

  @Override
  public long minDelayNanos(int retry) {
    Retries.check(retry);
    return 0;
  }

  @Override
  public long maxDelayNanos(int retry) {
    Retries.check(retry);
    if (retry > MAX_EXPONENT) {
      return cap;
    }
    double low = retry == 1 ? 0 : f(retry - 2);
    return Math.min(cap, Durations.saturate((f(retry) - low) * SCALING * medianFirstDelay));
  }

  @Override
  public String toString() {
    return "decorrelated-jitter-v2(medianFirstDelay=" + Durations.format(medianFirstDelay)
        + ", cap=" + Durations.format(cap) + ")";
  }
}
