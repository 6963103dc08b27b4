package io.github.backoff.grpc;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The timer interceptors use when given no scheduler: one daemon thread for the JVM, started on first use. It only
 * starts attempts, which never block in grpc-java (a call's start and sends are asynchronous), so one thread is
 * enough; a cancelled wait is removed from its queue at once.
 */
final class GrpcTimer {
  private GrpcTimer() {}

  static ScheduledExecutorService get() {
    return Holder.TIMER;
  }

  private static final class Holder {
    static final ScheduledThreadPoolExecutor TIMER = create();

    private static ScheduledThreadPoolExecutor create() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "backoff-grpc-timer");
        t.setDaemon(true);
        return t;
      });
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }
  }
}
