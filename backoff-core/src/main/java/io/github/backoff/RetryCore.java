package io.github.backoff;

import io.github.backoff.event.AttemptFailed;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.internal.Durations;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * The one decision core: after a failed attempt, retry or stop, and after how long. The sync and async drivers
 * only run attempts, wait, and report what this decides. Thread-safe; all per-execution state is in
 * {@link Execution}.
 */
final class RetryCore<R> {
  /** Returned by {@link #onFailure} when the execution must stop. */
  static final long STOP = -1;

  private static final System.Logger LOG = System.getLogger("io.github.backoff");

  final RetryPolicy<R> policy;
  final Ticker ticker;
  final RandomGenerator random;
  /**
   * Whether the drivers read the ticker before the first attempt: only when something measures time from it (a
   * time budget, listeners, a per-attempt timeout). Otherwise the first reading is at the first failure, so a call
   * that succeeds at once never reads the clock (System.nanoTime costs more than the rest of that path).
   */
  final boolean eagerStart;

  RetryCore(RetryPolicy<R> policy, Ticker ticker, RandomGenerator random) {
    this.policy = policy;
    this.ticker = ticker;
    this.random = random;
    this.eagerStart = policy.maxElapsedNanos != Long.MAX_VALUE || policy.hasListeners
        || policy.attemptTimeoutNanos != 0;
  }

  /** Whether an attempt that returned {@code result} without throwing succeeded. */
  boolean isSuccess(R result) {
    return policy.retryIfResult == null || !policy.retryIfResult.test(result);
  }

  /**
   * Records a failed attempt and decides what follows.
   *
   * @param interrupted whether the calling thread's interrupt flag is set (sync driver only)
   * @param now a ticker reading taken when the attempt failed (the async driver reuses it to queue the retry)
   * @return the wait before the next attempt in nanoseconds (possibly 0), or {@link #STOP}
   */
  long onFailure(Execution<R> ex, R result, Throwable failure, boolean interrupted, long now) {
    long elapsed = now - ex.startNanos;
    ex.record(result, failure);
    int attempt = ex.attempts;
    if (policy.hasListeners) {
      emit(new AttemptFailed<>(attempt, nanos(elapsed), result, failure));
    }
    if (policy.budget != null) {
      policy.budget.onFailure();
    }
    StopReason stop = classify(failure, interrupted);
    if (stop == null && attempt >= policy.maxAttempts) {
      stop = StopReason.ATTEMPTS_EXHAUSTED;
    }
    long delay = 0;
    boolean overridden = false;
    if (stop == null) {
      delay = policy.backoff.delayNanos(attempt, ex.previousDelayNanos, random);
      if (policy.delayOverride != null) {
        long requested = override(result, failure);
        if (requested >= 0) {
          overridden = true;
          if (requested > policy.overrideMaxNanos && policy.giveUpIfOverrideExceedsMax) {
            stop = StopReason.DELAY_TOO_LONG;
          }
          delay = Math.max(policy.overrideMinNanos, Math.min(policy.overrideMaxNanos, requested));
        }
      }
      if (stop == null && policy.maxElapsedNanos != Long.MAX_VALUE
          && Durations.addSaturated(Math.max(0, elapsed), delay) >= policy.maxElapsedNanos) {
        stop = StopReason.TIME_BUDGET_EXHAUSTED;
      }
      if (stop == null && policy.budget != null) {
        long cost = policy.budget.tryAcquireRetry(failure);
        if (cost < 0) {
          stop = StopReason.BUDGET_DENIED;
        } else {
          ex.budgetAcquired += cost;
        }
      }
    }
    if (stop != null) {
      stop(ex, stop, elapsed);
      return STOP;
    }
    ex.previousDelayNanos = delay;
    if (policy.hasListeners) {
      emit(new RetryScheduled<>(attempt, nanos(elapsed), attempt, nanos(delay),
          nanos(policy.backoff.maxDelayNanos(attempt)), overridden, result, failure));
    }
    return delay;
  }

  private StopReason classify(Throwable failure, boolean interrupted) {
    if (interrupted || failure instanceof InterruptedException) {
      return StopReason.INTERRUPTED;
    }
    if (failure != null) {
      if (policy.isAbort(failure)) {
        return StopReason.ABORTED;
      }
      if (!policy.matchesRetry(failure)) {
        return StopReason.NOT_RETRYABLE;
      }
    }
    return null;
  }

  /** The override's delay in nanoseconds, or -1 for "use the strategy" (null, negative, or a throwing override). */
  private long override(R result, Throwable failure) {
    try {
      Duration d = policy.delayOverride.delayFor(result, failure);
      return d == null || d.isNegative() ? -1 : Durations.toNanosSaturated(d);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "delay override threw; using the strategy's delay", e);
      return -1;
    }
  }

  /** Records that the wait before the next attempt was interrupted. */
  void interrupted(Execution<R> ex, InterruptedException e) {
    ex.interruptedBy(e);
    stop(ex, StopReason.INTERRUPTED, ticker.read() - ex.startNanos);
  }

  private void stop(Execution<R> ex, StopReason reason, long elapsed) {
    ex.stop(reason, elapsed);
    if (policy.hasListeners) {
      emit(new GaveUp<>(ex.attempts, nanos(elapsed), reason, ex.lastResult, ex.lastFailure));
    }
  }

  /**
   * The outcome of a stopped execution: the last result, if retries stopped on a result and the policy returns
   * it; otherwise throws the {@link RetryException}, or the {@link Error} itself for an error that no condition
   * retries.
   */
  R finish(Execution<R> ex) {
    if (ex.lastFailure == null && ex.stopReason != StopReason.INTERRUPTED && !policy.throwOnRetryableResult) {
      return ex.lastResult;
    }
    if (ex.lastFailure instanceof Error && ex.stopReason == StopReason.NOT_RETRYABLE) {
      throw (Error) ex.lastFailure;
    }
    throw ex.toException();
  }

  /** Called when an execution starts its first attempt. */
  void started() {
    if (policy.budget != null) {
      policy.budget.onRequest();
    }
  }

  void succeeded(Execution<R> ex, long startNanos, R result) {
    if (policy.budget != null) {
      policy.budget.onSuccess(ex == null ? 0 : ex.budgetAcquired);
    }
    if (policy.hasListeners) {
      emit(new Succeeded<>(ex == null ? 1 : ex.attempts + 1, nanos(ticker.read() - startNanos), result));
    }
  }

  private void emit(RetryEvent<R> event) {
    for (int i = 0; i < policy.listeners.size(); i++) {
      RetryListener<? super R> listener = policy.listeners.get(i);
      try {
        listener.onEvent(event);
      } catch (RuntimeException | LinkageError | AssertionError e) {
        LOG.log(Level.WARNING, "retry listener " + listener + " threw on " + event + "; ignored", e);
      }
    }
  }

  private static Duration nanos(long nanos) {
    return Duration.ofNanos(Math.max(0, nanos));
  }
}
