package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code min(cap, U[base, 3·previous])}, previous starting at base. */
record DecorrelatedJitter(long base, long cap) implements Backoff {

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    Retries.check(retry);
    long previous = Math.max(base, previousDelayNanos);
    long high = Durations.multiplySaturated(previous, 3);
    return Math.min(cap, Jitter.between(base, high, random.nextDouble()));
  }

  @Override
  public long minDelayNanos(int retry) {
    Retries.check(retry);
    return base;
  }

  @Override
  public long maxDelayNanos(int retry) {
    Retries.check(retry);
    return base == 0 ? 0 : Math.min(cap, Durations.saturate(base * Math.pow(3, retry)));
  }

  @Override
  public String toString() {
    return "decorrelated-jitter(base=" + Durations.format(base) + ", cap=" + Durations.format(cap) + ")";
  }
}
