package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code initial + step·(r-1)}, saturated. */
record Linear(long initial, long step) implements Backoff {

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

  private long value(int retry) {
    Retries.check(retry);
    return Durations.addSaturated(initial, Durations.multiplySaturated(step, retry - 1L));
  }

  @Override
  public String toString() {
    return "linear(initial=" + Durations.format(initial) + ", step=" + Durations.format(step) + ")";
  }
}
