package io.github.backoff.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told: {@link #nanoTime()} reads it, {@link #advance} moves it, and {@link #sleep}
 * moves it by the requested amount instead of blocking, recording each sleep.
 *
 * <pre>{@code
 * FakeClock clock = new FakeClock();
 * Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
 * retrier.call(flakyCall);
 * assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200));
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class FakeClock {
  private final AtomicLong nanos;
  private final List<Duration> sleeps = new ArrayList<>();

  /** A clock reading 0. */
  public FakeClock() {
    this(0);
  }

  /** A clock reading {@code startNanos}. */
  public FakeClock(long startNanos) {
    this.nanos = new AtomicLong(startNanos);
  }

  /**
   * A UTC wall clock that reads {@code epoch} plus this virtual time, so that code reading the wall clock (an HTTP
   * {@code Retry-After} date, a log line's time) follows the test's time.
   *
   * <pre>{@code
   * Clock wall = clock.wallClock(Instant.parse("2026-11-21T12:00:00Z"));
   * }</pre>
   *
   * @param epoch the wall-clock time at virtual time 0
   * @return a clock; thread-safe
   * @throws NullPointerException if {@code epoch} is null
   */
  public Clock wallClock(Instant epoch) {
    return new VirtualWallClock(this::nanoTime, Objects.requireNonNull(epoch, "epoch"));
  }

  /** The current reading in nanoseconds. */
  public long nanoTime() {
    return nanos.get();
  }

  /**
   * Moves the clock forward by {@code amount}.
   *
   * @throws IllegalArgumentException if {@code amount} is negative
   */
  public void advance(Duration amount) {
    Objects.requireNonNull(amount, "amount");
    if (amount.isNegative()) {
      throw new IllegalArgumentException("amount must not be negative: " + amount);
    }
    nanos.addAndGet(amount.toNanos());
  }

  /**
   * Moves the clock forward by {@code amount} nanoseconds.
   *
   * @throws IllegalArgumentException if {@code amount} is negative
   */
  public void advanceNanos(long amount) {
    if (amount < 0) {
      throw new IllegalArgumentException("amount must not be negative: " + amount);
    }
    nanos.addAndGet(amount);
  }

  /**
   * Records a sleep and moves the clock forward by {@code sleepNanos}, without blocking.
   *
   * @throws InterruptedException if the calling thread is interrupted (the flag is cleared, as
   *     {@link Thread#sleep} does)
   */
  public void sleep(long sleepNanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted before sleeping " + sleepNanos + " ns");
    }
    synchronized (sleeps) {
      sleeps.add(Duration.ofNanos(sleepNanos));
    }
    advanceNanos(sleepNanos);
  }

  /** The sleeps so far, in order. */
  public List<Duration> sleeps() {
    synchronized (sleeps) {
      return List.copyOf(sleeps);
    }
  }
}
