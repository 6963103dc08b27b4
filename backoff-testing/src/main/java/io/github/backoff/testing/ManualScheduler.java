package io.github.backoff.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link ScheduledExecutorService} in virtual time: nothing runs until the test calls {@link #advance},
 * {@link #runDueTasks} or {@link #runUntilIdle}, and then due tasks run on the calling thread, in order of their
 * due time (ties in order of scheduling). It is also a ticker ({@link #nanoTime}) and a sleeper ({@link #sleep}
 * advances virtual time and runs what falls due), so sync and async retry code share one timeline.
 *
 * <pre>{@code
 * ManualScheduler scheduler = new ManualScheduler();
 * CompletableFuture<String> f = retrier.callAsync(flaky);   // first attempt fails, retry due in 100 ms
 * scheduler.advance(Duration.ofMillis(99));
 * assertThat(f).isNotDone();
 * scheduler.advance(Duration.ofMillis(1));                  // the retry runs now
 * }</pre>
 *
 * <p>Thread-safe: tasks may be scheduled and cancelled from any thread; they run on the thread that advances time.
 * Cancelled tasks are dropped. Blocking {@code get()} on a task's future waits for another thread to run it.
 */
public final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  /** Guards {@link #runUntilIdle} against tasks that reschedule themselves forever. */
  private static final int MAX_TASKS_PER_RUN = 50_000_000;

  private final PriorityQueue<Task<?>> queue = new PriorityQueue<>();
  private long now;
  private long sequence;
  private long executed;
  private boolean shutdown;

  /** A scheduler at virtual time 0. */
  public ManualScheduler() {}

  /**
   * A UTC wall clock that reads {@code epoch} plus this virtual time, so that code reading the wall clock (an HTTP
   * {@code Retry-After} date, a log line's time) follows the test's time.
   *
   * <pre>{@code
   * Clock wall = scheduler.wallClock(Instant.parse("2026-11-21T12:00:00Z"));
   * }</pre>
   *
   * @param epoch the wall-clock time at virtual time 0
   * @return a clock; thread-safe
   * @throws NullPointerException if {@code epoch} is null
   */
  public Clock wallClock(Instant epoch) {
    return new VirtualWallClock(this::nanoTime, Objects.requireNonNull(epoch, "epoch"));
  }

  /** The virtual time, in nanoseconds. */
  public synchronized long nanoTime() {
    return now;
  }

  /** The number of tasks run so far. */
  public synchronized long executedTasks() {
    return executed;
  }

  /** The number of tasks waiting (cancelled ones excluded). */
  public synchronized int pendingTasks() {
    int n = 0;
    for (Task<?> t : queue) {
      if (!t.isDone()) {
        n++;
      }
    }
    return n;
  }

  /** The delay until the next waiting task is due, or {@code null} if none is waiting. */
  public synchronized Duration nextTaskDelay() {
    dropCancelled();
    return queue.isEmpty() ? null : Duration.ofNanos(Math.max(0, queue.peek().time - now));
  }

  /**
   * Moves virtual time forward by {@code amount}, running every task that falls due, at its due time.
   *
   * @throws IllegalArgumentException if {@code amount} is negative
   */
  public void advance(Duration amount) {
    Objects.requireNonNull(amount, "amount");
    if (amount.isNegative()) {
      throw new IllegalArgumentException("amount must not be negative: " + amount);
    }
    advanceNanos(amount.toNanos());
  }

  /** {@link #advance} in nanoseconds. */
  public void advanceNanos(long amount) {
    if (amount < 0) {
      throw new IllegalArgumentException("amount must not be negative: " + amount);
    }
    long target;
    synchronized (this) {
      target = now + amount < now ? Long.MAX_VALUE : now + amount;
    }
    for (;;) {
      Task<?> task;
      synchronized (this) {
        dropCancelled();
        if (queue.isEmpty() || queue.peek().time > target) {
          now = Math.max(now, target);
          return;
        }
        task = queue.poll();
        now = Math.max(now, task.time);
        executed++;
      }
      task.runAndReschedule();
    }
  }

  /** Runs the tasks due now (including those they schedule with no delay). */
  public void runDueTasks() {
    advanceNanos(0);
  }

  /**
   * Runs tasks, jumping virtual time to each one's due time, until none is waiting.
   *
   * @return the number of tasks run
   * @throws IllegalStateException if more than 50 million tasks run (a task that keeps rescheduling itself)
   */
  public long runUntilIdle() {
    long count = 0;
    for (;;) {
      Task<?> task;
      synchronized (this) {
        dropCancelled();
        if (queue.isEmpty()) {
          return count;
        }
        task = queue.poll();
        now = Math.max(now, task.time);
        executed++;
      }
      if (++count > MAX_TASKS_PER_RUN) {
        throw new IllegalStateException("still busy after " + MAX_TASKS_PER_RUN + " tasks: a task reschedules itself?");
      }
      task.runAndReschedule();
    }
  }

  /**
   * A sleeper in virtual time: advances by {@code nanos}, running due tasks, without blocking.
   *
   * @throws InterruptedException if the calling thread is interrupted before or during the sleep (the flag is
   *     cleared, as {@link Thread#sleep} does)
   */
  public void sleep(long nanos) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted before sleeping " + nanos + " ns");
    }
    advanceNanos(nanos);
    if (Thread.interrupted()) {
      throw new InterruptedException("interrupted while sleeping " + nanos + " ns");
    }
  }

  private void dropCancelled() {
    while (!queue.isEmpty() && queue.peek().isDone()) {
      queue.poll();
    }
  }

  private synchronized <V> Task<V> enqueue(Task<V> task) {
    if (shutdown) {
      throw new RejectedExecutionException("scheduler is shut down");
    }
    task.seq = sequence++;
    queue.add(task);
    return task;
  }

  private synchronized long dueTime(long delay, TimeUnit unit) {
    long d = Math.max(0, unit.toNanos(delay));
    return now + d < now ? Long.MAX_VALUE : now + d;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Objects.requireNonNull(command, "command");
    return enqueue(new Task<>(() -> {
      command.run();
      return null;
    }, dueTime(delay, unit), 0, false));
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    Objects.requireNonNull(callable, "callable");
    return enqueue(new Task<>(callable, dueTime(delay, unit), 0, false));
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    return periodic(command, initialDelay, period, unit, true);
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
    return periodic(command, initialDelay, delay, unit, false);
  }

  private ScheduledFuture<?> periodic(Runnable command, long initialDelay, long period, TimeUnit unit,
      boolean fixedRate) {
    Objects.requireNonNull(command, "command");
    if (period <= 0) {
      throw new IllegalArgumentException("period must be positive: " + period);
    }
    return enqueue(new Task<>(() -> {
      command.run();
      return null;
    }, dueTime(initialDelay, unit), unit.toNanos(period), fixedRate));
  }

  @Override
  public void execute(Runnable command) {
    schedule(command, 0, TimeUnit.NANOSECONDS);
  }

  @Override
  public synchronized void shutdown() {
    shutdown = true;
  }

  @Override
  public synchronized List<Runnable> shutdownNow() {
    shutdown = true;
    List<Runnable> pending = new ArrayList<>();
    for (Task<?> t : queue) {
      if (!t.isDone()) {
        pending.add(t::runAndReschedule);
      }
    }
    queue.clear();
    return pending;
  }

  @Override
  public synchronized boolean isShutdown() {
    return shutdown;
  }

  @Override
  public synchronized boolean isTerminated() {
    dropCancelled();
    return shutdown && queue.isEmpty();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return isTerminated();
  }

  private final class Task<V> implements ScheduledFuture<V> {
    private final Callable<V> callable;
    private final long period;
    private final boolean fixedRate;
    private final java.util.concurrent.CompletableFuture<V> outcome = new java.util.concurrent.CompletableFuture<>();
    long time;
    long seq;

    Task(Callable<V> callable, long time, long period, boolean fixedRate) {
      this.callable = callable;
      this.time = time;
      this.period = period;
      this.fixedRate = fixedRate;
    }

    void runAndReschedule() {
      if (outcome.isDone()) {
        return;
      }
      try {
        V value = callable.call();
        if (period == 0) {
          outcome.complete(value);
          return;
        }
      } catch (Throwable t) {
        outcome.completeExceptionally(t);
        return;
      }
      synchronized (ManualScheduler.this) {
        time = fixedRate ? time + period : now + period;
        if (!shutdown && !outcome.isDone()) {
          seq = sequence++;
          queue.add(this);
        }
      }
    }

    @Override
    public long getDelay(TimeUnit unit) {
      synchronized (ManualScheduler.this) {
        return unit.convert(time - now, TimeUnit.NANOSECONDS);
      }
    }

    @Override
    public int compareTo(Delayed other) {
      if (other instanceof Task) {
        Task<?> t = (Task<?>) other;
        int c = Long.compare(time, t.time);
        return c != 0 ? c : Long.compare(seq, t.seq);
      }
      return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      return outcome.cancel(mayInterruptIfRunning);
    }

    @Override
    public boolean isCancelled() {
      return outcome.isCancelled();
    }

    @Override
    public boolean isDone() {
      return outcome.isDone();
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
      return outcome.get();
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
      return outcome.get(timeout, unit);
    }
  }
}
