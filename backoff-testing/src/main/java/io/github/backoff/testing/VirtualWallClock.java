package io.github.backoff.testing;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.LongSupplier;

/** A UTC wall clock that reads {@code epoch} plus a virtual-time reading; immutable and thread-safe. */
final class VirtualWallClock extends Clock {
  private final LongSupplier nanoTime;
  private final Instant epoch;

  VirtualWallClock(LongSupplier nanoTime, Instant epoch) {
    this.nanoTime = nanoTime;
    this.epoch = epoch;
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return epoch.plusNanos(nanoTime.getAsLong());
  }

  @Override
  public String toString() {
    return "VirtualWallClock[" + instant() + "]";
  }
}
