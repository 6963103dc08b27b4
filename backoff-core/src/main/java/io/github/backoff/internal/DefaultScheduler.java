package io.github.backoff.internal;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The one shared scheduler of retriers, hedgers and HTTP clients built without one: <b>one</b> timer thread,
 * {@value #TIMER_THREAD}, for the whole JVM, created on first use, and its workers, which are also the default
 * executor of async retries ({@link #workers()}). Not part of the API.
 *
 * <p><b>The timer only keeps time.</b> When a task is due, the timer thread hands it to a worker and goes back to
 * its queue; it never runs a task itself. Tasks are the attempt timeouts (which complete the caller's future,
 * running its dependent stages and the listeners), hedges and the HTTP clients' per-attempt limits: any of them
 * can block, and one that blocked the only timer thread would delay every other retry in the JVM. The one
 * exception is {@link #scheduleOnTimer}, for the retriers' wake-ups, which only hand each due retry to a worker.
 * No thread is held while a retry waits: a pending task is an entry in the timer's queue.
 *
 * <p><b>The workers</b> ({@value #WORKER_PREFIX}N): on JDK 21 and later, a new virtual thread per task, found by
 * reflection once ({@code Thread.ofVirtual()}), so that this module still compiles with {@code --release 17} and
 * needs no multi-release jar (which a JDK 17 build could not compile); there is no bound on their number, and the
 * JDK runs them on as many carrier threads as there are CPUs (a virtual thread blocked in I/O or a sleep leaves its
 * carrier; one blocked inside {@code synchronized} holds it on JDK 21 to 23). On JDK 17 to 20, a pool of at most
 * {@value #PLATFORM_WORKERS} daemon threads, each started when a task comes and every started one is busy, and
 * ended after {@value #WORKER_KEEP_ALIVE_SECONDS} s idle, so a quiet JVM holds none; beyond
 * {@value #PLATFORM_WORKERS} busy workers, tasks wait in the pool's (unbounded) queue. Why
 * {@value #PLATFORM_WORKERS}: enough that that many blocking suppliers do not delay another retry (200 retries
 * blocking 300 ms each finish in about 1.3 s, docs/benchmarks.md), few enough that a retry storm of blocking
 * calls cannot start thousands of platform threads (each reserves a stack, 1 MiB by default) on a small machine.
 * Should a worker not be available (the JVM can start no more threads), the timer runs the task itself rather
 * than lose it.
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
  /** How long an idle worker lives, in seconds (JDK 17 to 20). */
  public static final int WORKER_KEEP_ALIVE_SECONDS = 30;
  /** The most platform threads the workers use on JDK 17 to 20 (on JDK 21 and later they are virtual threads). */
  public static final int PLATFORM_WORKERS = 64;

  private DefaultScheduler() {}

  /** The shared scheduler. */
  public static ScheduledExecutorService get() {
    return Holder.INSTANCE;
  }

  /**
   * The workers: the default executor of async retries. Its {@code execute} never runs the task on the calling
   * thread (but if no thread can be started at all, see the class comment) and never blocks.
   */
  public static Executor workers() {
    return Holder.INSTANCE;
  }

  /** Whether the workers are virtual threads (JDK 21 and later). */
  public static boolean virtualWorkers() {
    return Holder.VIRTUAL;
  }

  /**
   * Runs {@code task} on the timer thread itself when due: only for a task that does nothing but hand work to
   * {@link #workers()} (a retrier's wake-up), so that it never waits behind busy workers.
   *
   * @return the timer's future of the task: cancelling it before it is due removes it
   */
  public static ScheduledFuture<?> scheduleOnTimer(Runnable task, long delay, TimeUnit unit) {
    Checks.requireNonNull(task, "task");
    return Holder.INSTANCE.timer.schedule(task, delay, unit);
  }

  private static final class Holder {
    static final ExecutorService VIRTUAL_WORKERS = virtualThreadPerTask();
    static final boolean VIRTUAL = VIRTUAL_WORKERS != null;
    static final HandOff INSTANCE = new HandOff(timer(), VIRTUAL ? VIRTUAL_WORKERS : platformWorkers());

    private static ScheduledThreadPoolExecutor timer() {
      ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemon(n -> TIMER_THREAD));
      // Cancelled tasks (attempt timers, replaced retry wake-ups) leave the queue at once instead of at their due time.
      timer.setRemoveOnCancelPolicy(true);
      return timer;
    }
  }

  /**
   * The workers on JDK 17 to 20: at most {@value #PLATFORM_WORKERS} daemon threads, each started when a task comes
   * and every started one is busy, ending after {@value #WORKER_KEEP_ALIVE_SECONDS} s idle; then tasks queue.
   */
  static ThreadPoolExecutor platformWorkers() {
    ThreadPoolExecutor pool = new ThreadPoolExecutor(PLATFORM_WORKERS, PLATFORM_WORKERS, WORKER_KEEP_ALIVE_SECONDS,
        TimeUnit.SECONDS, new LinkedBlockingQueue<>(), daemon(n -> WORKER_PREFIX + n));
    pool.allowCoreThreadTimeOut(true);
    return pool;
  }

  /**
   * {@code Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(WORKER_PREFIX, 1).factory())}, looked up by
   * reflection once; null before JDK 21 (no such method, or a preview API that is not enabled).
   */
  private static ExecutorService virtualThreadPerTask() {
    try {
      Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
      Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
      builder = ofVirtual.getMethod("name", String.class, long.class).invoke(builder, WORKER_PREFIX, 1L);
      ThreadFactory factory = (ThreadFactory) ofVirtual.getMethod("factory").invoke(builder);
      return (ExecutorService) Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class)
          .invoke(null, factory);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static ThreadFactory daemon(IntFunction<String> name) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name.apply(count.incrementAndGet()));
      t.setDaemon(true);
      return t;
    };
  }

  /** The timer, handing every due task to the workers. */
  static final class HandOff extends AbstractExecutorService implements ScheduledExecutorService {
    final ScheduledThreadPoolExecutor timer;
    private final ExecutorService workers;

    HandOff(ScheduledThreadPoolExecutor timer, ExecutorService workers) {
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
      String threads = workers instanceof ThreadPoolExecutor
          ? ((ThreadPoolExecutor) workers).getPoolSize() + " of at most " + PLATFORM_WORKERS + " workers"
          : "virtual-thread workers";
      return "DefaultScheduler[one timer thread, " + threads + ", " + queued() + " queued]";
    }
  }
}
