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
    // Full jitter draws floor(t·u) with u < 1, never t itself (exactly so below 2^52 ns, where t·u rounds below t):
    // the largest whole multiple drawn is the one below t. Without this, Ethernet's k in [0, 2^m - 1] slots would
    // report 2^m slots as its maximum.
    if (t > 0 && t < (1L << 52) && inner instanceof Jittered && ((Jittered) inner).kind() == Jittered.Kind.FULL) {
      t--;
    }
    return t - t % quantum;
  }

  @Override
  public String toString() {
    return inner + " in whole multiples of " + Durations.format(quantum);
  }
}
