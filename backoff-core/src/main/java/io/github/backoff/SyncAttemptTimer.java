package io.github.backoff;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Interrupts a synchronous attempt that outlives the per-attempt timeout, and lets the driver tell afterwards,
 * without a race, whether it did (so the driver can clear exactly the interrupt it caused).
 */
final class SyncAttemptTimer extends AtomicInteger implements Runnable {
  private static final long serialVersionUID = 1L;
  private static final int RUNNING = 0;
  private static final int DISARMED = 1;
  private static final int INTERRUPTING = 2;
  private static final int INTERRUPTED = 3;

  private final transient Thread thread;

  SyncAttemptTimer(Thread thread) {
    this.thread = thread;
  }

  @Override
  public void run() {
    if (compareAndSet(RUNNING, INTERRUPTING)) {
      thread.interrupt();
      set(INTERRUPTED);
    }
  }

  /**
   * Called by the attempt's thread once the attempt is over. Returns whether the timer fired; if it did, the
   * interrupt it delivered has been cleared.
   */
  boolean disarm() {
    if (compareAndSet(RUNNING, DISARMED)) {
      return false;
    }
    while (get() != INTERRUPTED) {
      Thread.onSpinWait();
    }
    Thread.interrupted();
    return true;
  }
}
