package io.github.backoff.strategy;

import io.github.backoff.internal.Durations;
import java.util.random.RandomGenerator;

/** {@code d} for every retry. */
final class Constant implements Backoff {
  static final Constant ZERO = new Constant(0);

  final long nanos;

  private Constant(long nanos) {
    this.nanos = nanos;
  }

  static Constant of(long nanos) {
    return nanos == 0 ? ZERO : new Constant(nanos);
  }

  @Override
  public long delayNanos(int retry, long previousDelayNanos, RandomGenerator random) {
    Retries.check(retry);
    return nanos;
  }

  @Override
  public long minDelayNanos(int retry) {
    Retries.check(retry);
    return nanos;
  }

  @Override
  public long maxDelayNanos(int retry) {
    Retries.check(retry);
    return nanos;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Constant && ((Constant) o).nanos == nanos;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(nanos);
  }

  @Override
  public String toString() {
    return nanos == 0 ? "none" : "constant(" + Durations.format(nanos) + ")";
  }
}
