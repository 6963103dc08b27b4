package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code floor(t / quantum)·quantum}. */
record Quantized(Backoff inner, long quantum) implements Backoff {

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    long t = inner.delayNanos(retry, previousDelayNanos, random);
    return t - t % quantum;
  }

  @Override
  public long minDelayNanos(int retry) {
    long t = inner.minDelayNanos(retry);
    return t - t % quantum;
  }

  @Override
  public long maxDelayNanos(int retry) {
    long t = inner.maxDelayNanos(retry);
    return t - t % quantum;
  }

  @Override
  public String toString() {
    return inner + " in whole multiples of " + Durations.format(quantum);
  }
}
