package io.github.backoff.internal;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one shared scheduler of retriers and hedgers built without one: daemon threads, created on first use. Not part
 * of the API.
 */
public final class DefaultScheduler {
  private DefaultScheduler() {}

  public static ScheduledExecutorService get() {
    return Holder.INSTANCE;
  }

  private static final class Holder {
    static final ScheduledExecutorService INSTANCE = create();

    private static ScheduledExecutorService create() {
      AtomicInteger count = new AtomicInteger();
      int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
      ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(threads, r -> {
        Thread t = new Thread(r, "backoff-scheduler-" + count.incrementAndGet());
        t.setDaemon(true);
        return t;
      });
      // Cancelled tasks (attempt timers, replaced retry wake-ups) leave the queue at once instead of at their due time.
      executor.setRemoveOnCancelPolicy(true);
      return executor;
    }
  }
}
