package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/**
 * {@code base·multiplier^(r-1)}, saturated. The first 64 values are precomputed, so evaluating the common retries
 * costs an array read rather than a {@link Math#pow}.
 */
final class Exponential implements Backoff {
  private static final int TABLE_SIZE = 64;

  final long base;
  final double multiplier;
  private final long[] table;

  Exponential(long base, double multiplier) {
    this.base = base;
    this.multiplier = multiplier;
    this.table = new long[TABLE_SIZE];
    for (int i = 0; i < TABLE_SIZE; i++) {
      table[i] = compute(i + 1);
    }
  }

  private long compute(int retry) {
    if (retry == 1) {
      return base; // exact even above 2^53 ns, where base as a double would round
    }
    // pow may overflow to +Infinity: saturate() maps it to Long.MAX_VALUE, and base > 0 rules out 0·Infinity = NaN.
    // max(base, ...) keeps the sequence non-decreasing when rounding base to a double lowered it.
    return Math.max(base, Durations.saturate(base * Math.pow(multiplier, retry - 1.0)));
  }

  private long value(int retry) {
    Retries.check(retry);
    if (retry <= TABLE_SIZE) {
      return table[retry - 1];
    }
    long last = table[TABLE_SIZE - 1];
    return last == Long.MAX_VALUE ? last : compute(retry);
  }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    return value(retry);
  }

  @Override
  public long minDelayNanos(int retry) {
    return value(retry);
  }

  @Override
  public long maxDelayNanos(int retry) {
    return value(retry);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Exponential && ((Exponential) o).base == base
        && Double.compare(((Exponential) o).multiplier, multiplier) == 0;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(base) * 31 + Double.hashCode(multiplier);
  }

  @Override
  public String toString() {
    return "exponential(base=" + Durations.format(base) + ", multiplier=" + multiplier + ")";
  }
}
