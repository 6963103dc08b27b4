package io.github.backoff.strategy;

import java.util.random.RandomGenerator;

/** Retry {@code r} waits what retry {@code min(r, n)} of the inner strategy would. */
record Truncated(Backoff inner, int n) implements Backoff {

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    Retries.check(retry);
    return inner.delayNanos(Math.min(retry, n), previousDelayNanos, random);
  }

  @Override
  public long minDelayNanos(int retry) {
    Retries.check(retry);
    return inner.minDelayNanos(Math.min(retry, n));
  }

  @Override
  public long maxDelayNanos(int retry) {
    Retries.check(retry);
    return inner.maxDelayNanos(Math.min(retry, n));
  }

  @Override
  public String toString() {
    return inner + " truncated after " + n + " retries";
  }
}
