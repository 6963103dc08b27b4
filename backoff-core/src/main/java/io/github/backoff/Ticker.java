package io.github.backoff;

/**
 * A source of monotonic time in nanoseconds, like {@link System#nanoTime()}: only differences between readings
 * are meaningful.
 *
 * <p>Implementations must be thread-safe. Tests inject a fake one, e.g. the testing kit's
 * {@code FakeClock::nanoTime} or {@code ManualScheduler::nanoTime}:
 * <pre>{@code
 * Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
 * }</pre>
 */
@FunctionalInterface
public interface Ticker {
  /** The system ticker, {@link System#nanoTime()}. */
  Ticker SYSTEM = System::nanoTime;

  /** The current reading, in nanoseconds. */
  long read();
}
