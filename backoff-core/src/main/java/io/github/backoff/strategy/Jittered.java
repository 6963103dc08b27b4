package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** One of the jitters of {@link Jitter} applied to the value {@code t} of an inner strategy. */
record Jittered(Backoff inner, Kind kind, double factor, long amount) implements Backoff {

  enum Kind { FULL, EQUAL, PROPORTIONAL, ADDITIVE }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    long t = inner.delayNanos(retry, previousDelayNanos, random);
    double u = random.nextDouble();
    switch (kind) {
      case FULL:
        return Jitter.full(t, u);
      case EQUAL:
        return Jitter.equal(t, u);
      case PROPORTIONAL:
        return Jitter.proportional(t, factor, u);
      default:
        return Jitter.additive(t, amount, u);
    }
  }

  @Override
  public long minDelayNanos(int retry) {
    long t = inner.minDelayNanos(retry);
    switch (kind) {
      case FULL:
        return 0;
      case EQUAL:
        return t - t / 2;
      case PROPORTIONAL:
        return Durations.saturate(t * (1.0 - factor));
      default:
        return t;
    }
  }

  @Override
  public long maxDelayNanos(int retry) {
    long t = inner.maxDelayNanos(retry);
    switch (kind) {
      case FULL:
      case EQUAL:
        return t;
      case PROPORTIONAL:
        return Durations.saturate(t * (1.0 + factor));
      default:
        return Durations.addSaturated(t, amount);
    }
  }

  @Override
  public String toString() {
    switch (kind) {
      case FULL:
        return inner + " with full jitter";
      case EQUAL:
        return inner + " with equal jitter";
      case PROPORTIONAL:
        return inner + " randomized by ±" + factor;
      default:
        return inner + " plus up to " + Durations.format(amount) + " of jitter";
    }
  }
}
