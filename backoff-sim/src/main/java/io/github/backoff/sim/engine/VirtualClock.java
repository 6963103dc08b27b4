package io.github.backoff.sim.engine;

/**
 * Simulated time: a {@code double} count of time units that only moves forward, and only when the engine says so.
 * Nothing here reads the system clock.
 *
 * <p>Not thread-safe: a clock belongs to one simulation run on one thread.
 *
 * <pre>{@code
 * VirtualClock clock = new VirtualClock();
 * clock.advanceTo(12.5);
 * double now = clock.now(); // 12.5
 * }</pre>
 */
public final class VirtualClock {
  private double now;

  /** The current simulated time, 0 at the start of a run. */
  public double now() {
    return now;
  }

  /**
   * Moves the clock to {@code time}.
   *
   * @throws IllegalArgumentException if {@code time} is before {@link #now()} or NaN
   */
  public void advanceTo(double time) {
    if (!(time >= now)) {
      throw new IllegalArgumentException("time must be >= now: " + time + " < " + now);
    }
    now = time;
  }

  /** Sets the clock back to 0 for the next run. */
  public void reset() {
    now = 0;
  }
}
