package io.github.backoff;

import io.github.backoff.budget.CostClass;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
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
    boolean nothingAround = !eagerStart && policy.budget == null && policy.rateLimiter == null;
    this.plain = nothingAround && policy.delayOverride == null && policy.quotaExhaustedIf == null;
    this.bare = nothingAround && policy.retryIfResult == null;
  }

  /**
   * Whether a call that succeeds at its first attempt has nothing to record before or after that attempt: no
   * budget, rate limiter, listeners, time budget, attempt timeout, nor a result condition to check (every result
   * is a success). The sync driver then runs the first attempt alone ({@code Retrier.call}); this is exactly what
   * {@link #started} and {@link #succeeded} do for such a policy, which is nothing.
   */
  final boolean bare;

  /**
   * Whether the decision after a first failure needs nothing but the failure itself (no listeners, budget, rate
   * limiter, delay override, time budget or attempt timeout): the sync driver then asks {@link #firstRetryDelay}
   * and keeps no execution state until a second failure (see docs/benchmarks.md, "One failure").
   */
  final boolean plain;

  /**
   * For a {@link #plain} policy: the wait before the second attempt, as {@link #onFailure} would decide it after a
   * first failure (drawing the same random numbers), or {@link #STOP} if the execution stops: then nothing was
   * drawn, and the caller hands the failure to {@link #onFailure}, which decides the stop.
   */
  long firstRetryDelay(R result, Throwable failure) {
    if (policy.maxAttempts <= 1 || classify(failure, failure instanceof InterruptedException) != null) {
      return STOP;
    }
    return policy.kindFor(result, failure).backoff().delayNanos(1, 0, random);
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
    RetryKind<? super R> kind = policy.kindFor(result, failure);
    boolean interruptedAttempt = interrupted || failure instanceof InterruptedException;
    if (policy.rateLimiter != null && !interruptedAttempt) { // an interrupted attempt got no answer to tell
      policy.rateLimiter.onResponse(kind.costClass() == CostClass.THROTTLING);
    }
    StopReason stop = classify(failure, interruptedAttempt);
    if (stop == null && failure == null && policy.quotaExhaustedIf != null && quotaExhausted(result)) {
      stop = StopReason.QUOTA_EXHAUSTED;
    }
    if (stop == null && attempt >= policy.maxAttempts) {
      stop = StopReason.ATTEMPTS_EXHAUSTED;
    }
    long delay = 0;
    boolean overridden = false;
    Backoff backoff = kind.backoff();
    if (stop == null) {
      delay = backoff.delayNanos(attempt, ex.previousDelayNanos, random);
      if (policy.delayOverride != null) {
        long requested = override(result, failure, context(attempt, elapsed, delay, backoff, kind));
        if (requested >= 0) {
          overridden = true;
          long hi = policy.overrideRelative
              ? Durations.addSaturated(delay, policy.overrideMaxNanos) : policy.overrideMaxNanos;
          if (requested > hi && policy.giveUpIfOverrideExceedsMax) {
            stop = StopReason.DELAY_TOO_LONG;
          }
          // AWS 2026 (relative): a server's hint may lengthen the computed wait by at most max, never shorten it.
          delay = policy.overrideRelative ? Durations.clampHint(requested, delay, policy.overrideMaxNanos)
              : Math.max(policy.overrideMinNanos, Math.min(hi, requested));
        }
      }
      long nextStart = Durations.addSaturated(Math.max(0, elapsed), delay); // when the next attempt would start
      if (stop == null && policy.maxElapsedNanos != Long.MAX_VALUE && nextStart >= policy.maxElapsedNanos) {
        stop = StopReason.TIME_BUDGET_EXHAUSTED;
      }
      long cost = -1; // the budget's cost of this retry, once taken
      if (stop == null && policy.budget != null) {
        cost = policy.budget.tryAcquireRetry(failure, kind.costClass());
        if (cost < 0) {
          stop = StopReason.BUDGET_DENIED;
        } else {
          ex.addBudgetCost(cost);
        }
      }
      if (stop == null && policy.rateLimiter != null) {
        // Adaptive mode: the retry also waits for a token, as the AWS SDKs add the limiter's delay to the backoff.
        // nextStart < maxElapsed here: the check above stopped otherwise.
        long wait = tokenWait(nextStart);
        if (wait < 0) {
          stop = StopReason.TIME_BUDGET_EXHAUSTED;
          if (cost >= 0) {
            policy.budget.refundRetry(cost); // the retry the budget paid for will not be made
          }
        } else {
          delay = Durations.addSaturated(delay, wait);
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
          nanos(backoff.maxDelayNanos(attempt)), overridden, result, failure, kind.name()));
    }
    return delay;
  }

  /** Why the execution stops after {@code failure} before any limit is looked at, or null if it may retry. */
  private StopReason classify(Throwable failure, boolean interrupted) {
    if (interrupted) {
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

  /** Whether the policy's quota condition matches {@code result}; one that throws is logged and does not. */
  private boolean quotaExhausted(R result) {
    try {
      return policy.quotaExhaustedIf.test(result);
    } catch (RuntimeException e) {
      LOG.log(Level.WARNING, "quota condition threw; treating the result as a rate limit", e);
      return false;
    }
  }

  /** What the override is told about the execution (allocated only for a policy with an override). */
  private RetryContext context(int attempt, long elapsed, long delay, Backoff backoff, RetryKind<? super R> kind) {
    Optional<Duration> left = policy.maxElapsedNanos == Long.MAX_VALUE ? Optional.empty()
        : Optional.of(nanos(policy.maxElapsedNanos - Math.max(0, elapsed)));
    return new RetryContext(attempt, nanos(elapsed), nanos(delay), nanos(backoff.maxDelayNanos(attempt)),
        kind.name(), left);
  }

  /** The override's delay in nanoseconds, or -1 for "use the strategy" (null, negative, or a throwing override). */
  private long override(R result, Throwable failure, RetryContext context) {
    try {
      Duration d = policy.delayOverride.delayFor(result, failure, context);
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
    if (ex.attempts > 0 && ex.lastFailure == null && ex.stopReason != StopReason.INTERRUPTED
        && !policy.throwOnRetryableResult) {
      return ex.lastResult;
    }
    if (ex.lastFailure instanceof Error && ex.stopReason == StopReason.NOT_RETRYABLE) {
      throw (Error) ex.lastFailure;
    }
    throw ex.toException();
  }

  /**
   * Called when an execution starts, before its first attempt.
   *
   * @return the wait before the first attempt in nanoseconds (a rate limiter's token, or 0), or {@link #STOP} if
   *     that wait would reach maxElapsed: then call {@link #stoppedBeforeFirstAttempt}
   */
  long started() {
    if (policy.budget != null) {
      policy.budget.onRequest();
    }
    if (policy.rateLimiter == null) {
      return 0;
    }
    long wait = tokenWait(0);
    return wait < 0 ? STOP : wait;
  }

  /**
   * Takes the rate limiter's token for an attempt that would otherwise start {@code startsAt} nanoseconds into the
   * execution, and returns the extra wait for it; or -1, taking no token, if that wait would end at or after
   * maxElapsed (a reserved, unused token would be a debt that delays every later attempt).
   */
  private long tokenWait(long startsAt) {
    if (policy.maxElapsedNanos == Long.MAX_VALUE) {
      return policy.rateLimiter.acquireDelayNanos();
    }
    return policy.rateLimiter.tryAcquireDelayNanos(policy.maxElapsedNanos - startsAt);
  }

  /** Records that an execution stopped before its first attempt: its token's wait would pass maxElapsed. */
  void stoppedBeforeFirstAttempt(Execution<R> ex) {
    stop(ex, StopReason.TIME_BUDGET_EXHAUSTED, 0);
  }

  void succeeded(Execution<R> ex, long startNanos, R result) {
    if (policy.rateLimiter != null) {
      policy.rateLimiter.onResponse(false);
    }
    if (policy.budget != null) {
      if (ex == null) {
        policy.budget.onSuccess(0, 0);
      } else {
        policy.budget.onSuccess(ex.budgetTaken(), ex.budgetLastCost());
      }
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
