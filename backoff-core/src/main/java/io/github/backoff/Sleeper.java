package io.github.backoff;

/**
 * Blocks the calling thread for a number of nanoseconds; the synchronous driver waits through it.
 *
 * <p>Implementations must be thread-safe and must respond to interruption by throwing
 * {@link InterruptedException} (the driver then restores the interrupt flag and stops retrying). The driver never
 * calls a sleeper with zero or a negative duration. Tests inject one that advances a fake clock:
 * <pre>{@code
 * FakeClock clock = new FakeClock();
 * Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
 * }</pre>
 */
@FunctionalInterface
public interface Sleeper {
  /** Sleeps with {@link Thread#sleep(long, int)}. */
  Sleeper SYSTEM = nanos -> Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));

  /**
   * Blocks for {@code nanos} nanoseconds.
   *
   * @param nanos a positive number of nanoseconds
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  void sleep(long nanos) throws InterruptedException;
}
