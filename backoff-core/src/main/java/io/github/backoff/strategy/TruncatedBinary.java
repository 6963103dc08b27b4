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
    // scalb is exact: max·2^(retry-n) without rounding an intermediate base.
    return Durations.saturate(Math.scalb((double) max, retry - n));
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
