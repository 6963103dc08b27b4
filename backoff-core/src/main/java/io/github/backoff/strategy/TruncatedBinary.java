package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code max·2^(min(r,n)-n)}: reaches {@code max} exactly at retry {@code n}, then stays there. */
record TruncatedBinary(int n, long max) implements Backoff {

  private long value(int retry) {
    Retries.check(retry);
    if (retry >= n) {
      return max;
    }
    // Integer shifts are exact: max·2^(retry-n) rounded half up, without rounding max or a base to a double.
    int shift = n - retry;
    if (shift >= 64) {
      return 0; // max < 2^63, so max / 2^64 < 1/2 (and >> would take the shift modulo 64)
    }
    return (max >> shift) + ((max >> (shift - 1)) & 1);
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
  public String toString() {
    return "truncated-binary(truncateAfter=" + n + ", max=" + Durations.format(max) + ")";
  }
}
