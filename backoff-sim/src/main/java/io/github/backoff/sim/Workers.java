package io.github.backoff.sim;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one worker body on {@code threads} threads (the caller's among them) and rethrows the first failure any
 * of them recorded: the fan-out shared by the simulators. The body takes its work from a shared queue and records
 * a failure with {@code failure.compareAndSet(null, t)}.
 */
final class Workers {
  private Workers() {}

  /**
   * @throws CancellationException if the calling thread is interrupted while waiting (its flag is set again)
   * @throws RuntimeException or {@link Error} the first failure recorded, as it was thrown
   * @throws IllegalStateException wrapping a recorded checked failure
   */
  static void runAll(Runnable worker, int threads, String namePrefix, AtomicReference<Throwable> failure) {
    Thread[] helpers = new Thread[Math.max(0, threads - 1)];
    for (int t = 0; t < helpers.length; t++) {
      helpers[t] = new Thread(worker, namePrefix + (t + 1));
      helpers[t].setDaemon(true);
      helpers[t].start();
    }
    worker.run();
    try {
      for (Thread helper : helpers) {
        helper.join();
      }
    } catch (InterruptedException e) {
      failure.compareAndSet(null, e);
      Thread.currentThread().interrupt();
      throw new CancellationException("simulation interrupted");
    }
    Throwable t = failure.get();
    if (t instanceof RuntimeException) {
      throw (RuntimeException) t;
    } else if (t instanceof Error) {
      throw (Error) t;
    } else if (t != null) {
      throw new IllegalStateException("simulation failed", t);
    }
  }
}
