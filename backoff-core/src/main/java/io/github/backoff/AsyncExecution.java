package io.github.backoff;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Supplier;

/**
 * The asynchronous driver: the future returned by {@link Retrier#callAsync}, which runs attempts, hands failed ones
 * to the {@link RetryCore} and schedules the next attempt. No thread is held while a retry waits.
 *
 * <p>An attempt's outcome is settled exactly once: by its stage or by its timeout, whichever comes first, through
 * a compare-and-set on the number of settled attempts. Cancelling this future cancels the pending retry and the
 * attempt in flight; an attempt starts only if this future is not done at that moment.
 */
final class AsyncExecution<R> extends CompletableFuture<R> implements Runnable {
  private static final AtomicIntegerFieldUpdater<AsyncExecution<?>> SETTLED = updater();

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AtomicIntegerFieldUpdater<AsyncExecution<?>> updater() {
    return (AtomicIntegerFieldUpdater) AtomicIntegerFieldUpdater.newUpdater(AsyncExecution.class, "settled");
  }

  private final RetryCore<R> core;
  private final Retrier<R> retrier;
  private final Supplier<? extends CompletionStage<? extends R>> supplier;
  private final long startNanos;
  private Execution<R> execution;
  private int started;
  private volatile int settled;
  private volatile Future<?> pendingRetry;
  private volatile CompletableFuture<?> inFlight;

  AsyncExecution(Retrier<R> retrier, Supplier<? extends CompletionStage<? extends R>> supplier) {
    this.retrier = retrier;
    this.core = retrier.core;
    this.supplier = supplier;
    this.startNanos = core.ticker.read();
    core.started();
  }

  /** Runs a scheduled retry. */
  @Override
  public void run() {
    attempt();
  }

  void attempt() {
    if (isDone()) {
      return;
    }
    int number = ++started;
    long attemptStart = core.ticker.read();
    CompletionStage<? extends R> stage;
    try {
      stage = supplier.get();
      if (stage == null) {
        throw new NullPointerException("the supplier returned null instead of a CompletionStage");
      }
    } catch (Throwable t) {
      settle(number, null, t);
      return;
    }
    CompletableFuture<? extends R> future = toFuture(stage);
    if (future != null) {
      inFlight = future;
      if (isDone()) {
        future.cancel(true);
        return;
      }
    }
    long timeout = core.policy.attemptTimeoutNanos;
    if (timeout == 0) {
      stage.whenComplete((result, failure) -> settle(number, result, unwrap(failure)));
      return;
    }
    Future<?> timer = schedule(() -> {
      if (settle(number, null, timedOut()) && future != null) {
        future.cancel(true);
      }
    }, Math.max(0, timeout - (core.ticker.read() - attemptStart)));
    stage.whenComplete((result, failure) -> {
      timer.cancel(false);
      // Like the sync driver, an outcome that arrives after the timeout (by the ticker) counts as timed out.
      if (core.ticker.read() - attemptStart >= timeout) {
        settle(number, null, timedOut());
      } else {
        settle(number, result, unwrap(failure));
      }
    });
  }

  private AttemptTimeoutException timedOut() {
    return new AttemptTimeoutException(Duration.ofNanos(core.policy.attemptTimeoutNanos));
  }

  /** Handles attempt {@code number}'s outcome unless it was already settled; returns whether this call did. */
  private boolean settle(int number, R result, Throwable failure) {
    if (!SETTLED.compareAndSet(this, number - 1, number)) {
      return false;
    }
    inFlight = null;
    if (isDone()) {
      return true;
    }
    if (failure == null && core.isSuccess(result)) {
      core.succeeded(execution, startNanos, result);
      complete(result);
      return true;
    }
    if (execution == null) {
      execution = new Execution<>(startNanos);
    }
    long delay = core.onFailure(execution, result, failure, false);
    if (delay == RetryCore.STOP) {
      try {
        complete(core.finish(execution));
      } catch (Throwable t) {
        completeExceptionally(t);
      }
      return true;
    }
    try {
      Future<?> retry = schedule(this, delay);
      pendingRetry = retry;
      if (isDone()) {
        retry.cancel(false);
      }
    } catch (RejectedExecutionException e) {
      completeExceptionally(e);
    }
    return true;
  }

  private Future<?> schedule(Runnable task, long delayNanos) {
    return retrier.scheduler().schedule(task, delayNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    boolean cancelled = super.cancel(mayInterruptIfRunning);
    Future<?> retry = pendingRetry;
    if (retry != null) {
      retry.cancel(false);
    }
    CompletableFuture<?> attempt = inFlight;
    if (attempt != null) {
      attempt.cancel(mayInterruptIfRunning);
    }
    return cancelled;
  }

  private static <T> CompletableFuture<T> toFuture(CompletionStage<T> stage) {
    try {
      return stage.toCompletableFuture();
    } catch (UnsupportedOperationException e) {
      return null;
    }
  }

  private static Throwable unwrap(Throwable failure) {
    return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
  }
}
