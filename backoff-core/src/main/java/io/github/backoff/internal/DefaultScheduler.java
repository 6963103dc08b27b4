package io.github.backoff.internal;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The one shared scheduler of retriers, hedgers and HTTP clients built without one: <b>one</b> timer thread,
 * {@value #TIMER_THREAD}, for the whole JVM, created on first use. Not part of the API.
 *
 * <p><b>The timer only keeps time.</b> When a task is due, the timer thread hands it to a worker and goes back to
 * its queue; it never runs a task itself. Tasks are async retries' wake-ups (which call the user's supplier), the
 * attempt timeouts (which complete the caller's future, running its dependent stages and the listeners), hedges
 * and the HTTP clients' per-attempt limits: any of them can block, and one that blocked the only timer thread
 * would delay every other retry in the JVM. The workers ({@value #WORKER_PREFIX}N) are a cached pool of daemon
 * threads: an idle one is reused, a new one is started when every worker is busy (so a blocked task never delays
 * another), and one idle for {@value #WORKER_KEEP_ALIVE_SECONDS} s ends. No thread is held while a retry waits:
 * a pending task is an entry in the timer's queue. Should a worker not be available (the JVM can start no more
 * threads), the timer runs the task itself rather than lose it.
 *
 * <p>{@code schedule(Runnable, ...)} returns the timer's future of the hand-off: cancelling it before the task is
 * due removes the task from the queue at once and it never runs; once the task is due and handed off, the future
 * is done and {@code cancel} returns false, as for a task that has started. The callers treat cancellation as
 * best-effort (an attempt timer, a replaced wake-up). Only the operations the core uses are supported: the
 * {@code Callable} and periodic forms of {@code schedule} and the shutdown methods throw
 * {@link UnsupportedOperationException} (the scheduler is shared by the whole JVM and never handed out).
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * ScheduledFuture<?> timer = DefaultScheduler.get().schedule(task, 10, TimeUnit.MILLISECONDS);
 * timer.cancel(false); // not due yet: the task never runs
 * }</pre>
 */
public final class DefaultScheduler {
  /** The name of the one timer thread. */
  public static final String TIMER_THREAD = "backoff-scheduler";
  /** The prefix of the workers' names, followed by a number. */
  public static final String WORKER_PREFIX = "backoff-worker-";
  /** How long an idle worker lives, in seconds. */
  public static final int WORKER_KEEP_ALIVE_SECONDS = 30;

  private DefaultScheduler() {}

  /** The shared scheduler. */
  public static ScheduledExecutorService get() {
    return Holder.INSTANCE;
  }

  private static final class Holder {
    static final ScheduledExecutorService INSTANCE = new HandOff(timer(), workers());

    private static ScheduledThreadPoolExecutor timer() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemon(n -> TIMER_THREAD));
      // Cancelled tasks (attempt timers, replaced retry wake-ups) leave the queue at once instead of at their due time.
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }

    private static ThreadPoolExecutor workers() {
      return new ThreadPoolExecutor(0, Integer.MAX_VALUE, WORKER_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
          new SynchronousQueue<>(), daemon(n -> WORKER_PREFIX + n));
    }

    private static ThreadFactory daemon(IntFunction<String> name) {
      AtomicInteger count = new AtomicInteger();
      return r -> {
        Thread t = new Thread(r, name.apply(count.incrementAndGet()));
        t.setDaemon(true);
        return t;
      };
    }
  }

  /** The timer, handing every due task to the workers. */
  static final class HandOff extends AbstractExecutorService implements ScheduledExecutorService {
    private final ScheduledThreadPoolExecutor timer;
    private final ThreadPoolExecutor workers;

    HandOff(ScheduledThreadPoolExecutor timer, ThreadPoolExecutor workers) {
      this.timer = timer;
      this.workers = workers;
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
      Checks.requireNonNull(command, "command");
      return timer.schedule(() -> execute(command), delay, unit);
    }

    /** Runs {@code command} on a worker, or on the calling thread if no worker can be had. */
    @Override
    public void execute(Runnable command) {
      try {
        workers.execute(command);
      } catch (RejectedExecutionException | OutOfMemoryError e) { // no thread could be started: run it, don't lose it
        command.run();
      }
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
      throw unsupported();
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
      throw unsupported();
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
        TimeUnit unit) {
      throw unsupported();
    }

    @Override
    public void shutdown() {
      throw unsupported();
    }

    @Override
    public List<Runnable> shutdownNow() {
      throw unsupported();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return false;
    }

    /** For tests: the tasks waiting in the timer's queue. */
    int queued() {
      return timer.getQueue().size();
    }

    private static UnsupportedOperationException unsupported() {
      return new UnsupportedOperationException("the shared default scheduler supports schedule(Runnable, delay, "
          + "unit) and execute only");
    }

    @Override
    public String toString() {
      return "DefaultScheduler[one timer thread, " + workers.getPoolSize() + " workers, " + queued() + " queued]";
    }
  }
}
