package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/**
 * {@code min(cap, U[base, 3·previous])}, previous starting at base. The previous wait is clamped to
 * {@code [base, maxDelayNanos(r-1)]}, the range this strategy could have produced, so the bounds hold whatever
 * previous wait a caller or an enclosing combinator (randomization, additive jitter, truncation) passes.
 */
record DecorrelatedJitter(long base, long cap) implements Backoff {

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    Retries.check(retry);
    long previous = retry == 1 ? base : Math.max(base, Math.min(previousDelayNanos, maxDelayNanos(retry - 1)));
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
    // min(cap, base·3^r) in exact integer arithmetic (a double would round above 2^53 ns and undercut the draw);
    // base >= 1 reaches the cap within 40 triplings, so the loop is short.
    long max = base;
    for (int i = 0; i < retry && max != 0 && max < cap; i++) {
      max = Durations.multiplySaturated(max, 3);
    }
    return Math.min(cap, max);
  }

  @Override
  public String toString() {
    return "decorrelated-jitter(base=" + Durations.format(base) + ", cap=" + Durations.format(cap) + ")";
  }
}
