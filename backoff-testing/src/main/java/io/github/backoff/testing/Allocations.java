package io.github.backoff.testing;

import java.lang.management.ManagementFactory;

/**
 * Measures the heap bytes a piece of code allocates on the current thread, to check that a hot path (such as a
 * retried call that succeeds at once) allocates nothing.
 *
 * <pre>{@code
 * double perCall = Allocations.bytesPerCall(1_000_000, () -> retrier.call(callable));
 * assertThat(perCall).isLessThan(0.5);
 * }</pre>
 *
 * <p>Needs a JVM that supports per-thread allocation counting (HotSpot does). Thread-safe.
 */
public final class Allocations {
  private Allocations() {}

  /** Bytes allocated so far by the current thread. */
  public static long allocatedByCurrentThread() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  /**
   * Runs {@code body} {@code calls} times to warm up, then {@code calls} more times, and returns the average bytes
   * allocated per call in the second round.
   *
   * @throws IllegalArgumentException if {@code calls < 1}
   */
  public static double bytesPerCall(int calls, Runnable body) {
    if (calls < 1) {
      throw new IllegalArgumentException("calls must be >= 1: " + calls);
    }
    for (int i = 0; i < calls; i++) {
      body.run();
    }
    long before = allocatedByCurrentThread();
    for (int i = 0; i < calls; i++) {
      body.run();
    }
    return (double) (allocatedByCurrentThread() - before) / calls;
  }
}
