package io.github.backoff.http;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The timer that ends an attempt whose whole exchange, body included, outlives its limit. It runs in real time,
 * like the client's own request timeout which it completes: the limits are computed with the injected ticker, but
 * an exchange with a real server takes real time. One daemon thread for the whole JVM, started on first use;
 * cancelled timers are removed at once, so finished attempts leave nothing behind. Thread-safe.
 */
final class Timeouts {
  private Timeouts() {}

  private static final class Holder {
    static final ScheduledThreadPoolExecutor TIMER = create();

    private static ScheduledThreadPoolExecutor create() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "backoff-http-timeout");
        t.setDaemon(true);
        return t;
      });
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }
  }

  static ScheduledFuture<?> schedule(Runnable task, long nanos) {
    return Holder.TIMER.schedule(task, nanos, TimeUnit.NANOSECONDS);
  }
}
