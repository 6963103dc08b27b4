package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code min(cap, t)}. */
record Capped(Backoff inner, long cap) implements Backoff {

  static Backoff of(Backoff inner, long cap) {
    if (inner instanceof Constant) {
      return ((Constant) inner).nanos <= cap ? inner : Constant.of(cap);
    }
    boolean nonDecreasing = inner instanceof Exponential || inner instanceof Linear || inner instanceof TruncatedBinary;
    if (nonDecreasing && inner.minDelayNanos(1) >= cap) {
      return Constant.of(cap);
    }
    if (inner instanceof Capped) {
      Capped c = (Capped) inner;
      return new Capped(c.inner, Math.min(c.cap, cap));
    }
    return new Capped(inner, cap);
  }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    return Math.min(cap, inner.delayNanos(retry, previousDelayNanos, random));
  }

  @Override
  public long minDelayNanos(int retry) {
    return Math.min(cap, inner.minDelayNanos(retry));
  }

  @Override
  public long maxDelayNanos(int retry) {
    return Math.min(cap, inner.maxDelayNanos(retry));
  }

  @Override
  public String toString() {
    return inner + " capped at " + Durations.format(cap);
  }
}
