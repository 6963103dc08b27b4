package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;

/**
 * The jitter formulas as pure functions of a uniform draw {@code u} in {@code [0, 1)}, so they can be tested as
 * tables. Every function saturates and returns a value in {@code [0, Long.MAX_VALUE]}.
 */
final class Jitter {
  private Jitter() {}

  /** {@code U[0, t]}: {@code floor(t·u)}. */
  static long full(long t, double u) {
    return Math.min(t, (long) (t * u));
  }

  /** {@code t/2 + U[0, t/2]}: {@code ceil(t/2) + floor(floor(t/2)·u)}, never above {@code t}. */
  static long equal(long t, double u) {
    long half = t / 2;
    return (t - half) + full(half, u);
  }

  /** {@code t·U[1-f, 1+f]}: {@code t·(1 - f + 2fu)}, saturated. */
  static long proportional(long t, double factor, double u) {
    return Durations.saturate(t * (1.0 - factor + 2.0 * factor * u));
  }

  /** {@code t + U[0, j]}, saturated. */
  static long additive(long t, long j, double u) {
    return Durations.addSaturated(t, full(j, u));
  }

  /** {@code U[lo, hi]} for {@code 0 <= lo <= hi}: {@code lo + floor((hi-lo)·u)}. */
  static long between(long lo, long hi, double u) {
    return lo + full(hi - lo, u);
  }
}
