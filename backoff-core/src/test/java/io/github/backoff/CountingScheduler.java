package io.github.backoff;

import io.github.backoff.testing.ManualScheduler;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link ManualScheduler} (virtual time) that counts the tasks scheduled on it and can run a hook inside
 * {@code schedule}, before the task is queued: the moment a race would strike, made deterministic.
 */
final class CountingScheduler extends AbstractExecutorService implements ScheduledExecutorService {
  final ManualScheduler manual = new ManualScheduler();
  private int scheduled;
  private Runnable onSchedule;

  /** The number of {@code schedule} calls so far. */
  synchronized int scheduled() {
    return scheduled;
  }

  /** Runs {@code hook} once, inside the next {@code schedule} call. */
  synchronized void onNextSchedule(Runnable hook) {
    onSchedule = hook;
  }

  @Override
  public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
    Runnable hook;
    synchronized (this) {
      scheduled++;
      hook = onSchedule;
      onSchedule = null;
    }
    if (hook != null) {
      hook.run();
    }
    return manual.schedule(command, delay, unit);
  }

  @Override
  public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
      TimeUnit unit) {
    throw new UnsupportedOperationException();
  }

  @Override
  public void execute(Runnable command) {
    manual.execute(command);
  }

  @Override
  public void shutdown() {
    manual.shutdown();
  }

  @Override
  public List<Runnable> shutdownNow() {
    return manual.shutdownNow();
  }

  @Override
  public boolean isShutdown() {
    return manual.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return manual.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return manual.awaitTermination(timeout, unit);
  }
}
