package io.github.backoff;

import io.github.backoff.budget.CostClass;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.internal.Durations;
import io.github.backoff.internal.Listeners;
import io.github.backoff.internal.QuietOverride;
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
  /** The policy's options, read on every decision (one field away, as the policy's own fields were). */
  final RetryPolicyConfig<R> config;
  final Ticker ticker;
  final RandomGenerator random;
  /**
   * Whether the drivers read the ticker before the first attempt: only when something measures time from it (a
   * time budget, listeners, a per-attempt timeout). Otherwise the first reading is at the first failure, so a call
   * that succeeds at once never reads the clock (System.nanoTime costs more than the rest of that path).
   */
  final boolean eagerStart;
  /**
   * The override, if it can say cheaply that it has nothing for an outcome (the HTTP hints, when a response carries
   * none): then its context is not built, which saves that allocation on most retries. Else null.
   */
  private final QuietOverride quietOverride;

  RetryCore(RetryPolicy<R> policy, Ticker ticker, RandomGenerator random) {
    this.policy = policy;
    this.config = policy.config;
    this.ticker = ticker;
    this.random = random;
    this.quietOverride = config.delayOverride instanceof QuietOverride quiet ? quiet : null;
    this.eagerStart = config.maxElapsedNanos != Long.MAX_VALUE || config.hasListeners
        || config.attemptTimeoutNanos != 0;
    boolean nothingAround = !eagerStart && config.budget == null && config.rateLimiter == null;
    this.plain = nothingAround && config.delayOverride == null;
    this.bare = nothingAround && config.retryIfResult == null;
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
    if (config.maxAttempts <= 1 || classify(failure, failure instanceof InterruptedException) != null) {
      return STOP;
    }
    return config.kindFor(result, failure).backoff().delayNanos(1, 0, random);
  }

  /** Whether an attempt that returned {@code result} without throwing succeeded. */
  boolean isSuccess(R result) {
    return config.retryIfResult == null || !config.retryIfResult.test(result);
  }

  /**
   * Records a failed attempt and decides what follows.
   *
   * @param interrupted whether the calling thread's interrupt flag is set (sync driver only)
   * @param now a ticker reading taken when the attempt failed (the async driver reuses it to queue the retry)
   * @return the wait before the next attempt in nanoseconds (possibly 0), or {@link #STOP}
   */
  long onFailure(Execution<R> ex, R result, Throwable failure, boolean interrupted, long now) {
    return onFailure(ex, result, failure, interrupted, now, Long.MAX_VALUE);
  }

  /**
   * {@link #onFailure(Execution, Object, Throwable, boolean, long)} under a deadline of the caller's besides the
   * policy's {@code maxElapsed}: {@code nanosLeft} from {@code now} ({@link Long#MAX_VALUE}: none). The nearer of the
   * two is the execution's limit for this decision: a retry that would start at or after it stops with
   * {@link StopReason#TIME_BUDGET_EXHAUSTED}, before the budget is asked, and the override sees it as the time left.
   */
  long onFailure(Execution<R> ex, R result, Throwable failure, boolean interrupted, long now, long nanosLeft) {
    long elapsed = now - ex.startNanos;
    long limit = nanosLeft == Long.MAX_VALUE ? config.maxElapsedNanos
        : Math.min(config.maxElapsedNanos, Durations.addSaturated(Math.max(0, elapsed), Math.max(0, nanosLeft)));
    ex.record(result, failure);
    int attempt = ex.attempts;
    if (config.hasListeners) {
      emit(new AttemptFailed<>(attempt, nanos(elapsed), result, failure));
    }
    if (config.budget != null) {
      config.budget.onFailure();
    }
    RetryKind<? super R> kind = config.kindFor(result, failure);
    boolean interruptedAttempt = interrupted || failure instanceof InterruptedException;
    if (config.rateLimiter != null && !interruptedAttempt) { // an interrupted attempt got no answer to tell
      config.rateLimiter.onResponse(kind.costClass() == CostClass.THROTTLING);
    }
    StopReason stop = classify(failure, interruptedAttempt);
    if (stop == null && attempt >= config.maxAttempts) {
      stop = StopReason.ATTEMPTS_EXHAUSTED;
    }
    long delay = 0;
    boolean overridden = false;
    Backoff backoff = kind.backoff();
    if (stop == null) {
      delay = backoff.delayNanos(attempt, ex.previousDelayNanos, random);
      if (config.delayOverride != null && (quietOverride == null || !quietOverride.isQuietFor(result, failure))) {
        long requested = override(context(result, failure, attempt, elapsed, delay, backoff, kind, limit));
        if (requested >= 0) {
          overridden = true;
          long hi = config.overrideRelative
              ? Durations.addSaturated(delay, config.overrideMaxNanos) : config.overrideMaxNanos;
          if (requested > hi && config.giveUpIfOverrideExceedsMax) {
            stop = StopReason.DELAY_TOO_LONG;
          }
          // AWS 2026 (relative): a server's hint may lengthen the computed wait by at most max, never shorten it.
          delay = config.overrideRelative ? Durations.clampHint(requested, delay, config.overrideMaxNanos)
              : Math.max(config.overrideMinNanos, Math.min(hi, requested));
        }
      }
      long nextStart = Durations.addSaturated(Math.max(0, elapsed), delay); // when the next attempt would start
      if (stop == null && limit != Long.MAX_VALUE && nextStart >= limit) {
        stop = StopReason.TIME_BUDGET_EXHAUSTED;
      }
      long cost = -1; // the budget's cost of this retry, once taken
      if (stop == null && config.budget != null) {
        cost = config.budget.tryAcquireRetry(failure, kind.costClass());
        if (cost < 0) {
          stop = StopReason.BUDGET_DENIED;
        } else {
          ex.addBudgetCost(cost);
        }
      }
      if (stop == null && config.rateLimiter != null) {
        // Adaptive mode: the retry also waits for a token, as the AWS SDKs add the limiter's delay to the backoff.
        // nextStart < maxElapsed here: the check above stopped otherwise.
        long wait = tokenWait(nextStart, limit);
        if (wait < 0) {
          stop = StopReason.TIME_BUDGET_EXHAUSTED;
          if (cost >= 0) {
            config.budget.refundRetry(cost); // the retry the budget paid for will not be made
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
    if (config.hasListeners) {
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
      if (config.isAbort(failure)) {
        return StopReason.ABORTED;
      }
      if (!config.matchesRetry(failure)) {
        return StopReason.NOT_RETRYABLE;
      }
    }
    return null;
  }

  /** What the override is told about the execution (allocated only for a policy with an override). */
  private RetryContext<R> context(R result, Throwable failure, int attempt, long elapsed, long delay, Backoff backoff,
      RetryKind<? super R> kind, long limit) {
    Optional<Duration> left = limit == Long.MAX_VALUE ? Optional.empty()
        : Optional.of(nanos(limit - Math.max(0, elapsed)));
    return new RetryContext<>(result, failure, attempt, nanos(elapsed), nanos(delay), nanos(backoff.maxDelayNanos(attempt)),
        kind.name(), left);
  }

  /** The override's delay in nanoseconds, or -1 for "use the strategy" (null, negative, or a throwing override). */
  private long override(RetryContext<R> context) {
    try {
      Duration d = config.delayOverride.delayFor(context);
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
    if (config.hasListeners) {
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
        && !config.throwOnRetryableResult) {
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
    if (config.budget != null) {
      config.budget.onRequest();
    }
    if (config.rateLimiter == null) {
      return 0;
    }
    long wait = tokenWait(0, config.maxElapsedNanos);
    return wait < 0 ? STOP : wait;
  }

  /**
   * Takes the rate limiter's token for an attempt that would otherwise start {@code startsAt} nanoseconds into the
   * execution, and returns the extra wait for it; or -1, taking no token, if that wait would end at or after
   * {@code limit}, maxElapsed or a nearer deadline of the caller's (a reserved, unused token would be a debt that
   * delays every later attempt).
   */
  private long tokenWait(long startsAt, long limit) {
    if (limit == Long.MAX_VALUE) {
      return config.rateLimiter.acquireDelayNanos();
    }
    return config.rateLimiter.tryAcquireDelayNanos(limit - startsAt);
  }

  /** Records that an execution stopped before its first attempt: its token's wait would pass maxElapsed. */
  void stoppedBeforeFirstAttempt(Execution<R> ex) {
    stop(ex, StopReason.TIME_BUDGET_EXHAUSTED, 0);
  }

  void succeeded(Execution<R> ex, long startNanos, R result) {
    if (config.rateLimiter != null) {
      config.rateLimiter.onResponse(false);
    }
    if (config.budget != null) {
      if (ex == null) {
        config.budget.onSuccess(0, 0);
      } else {
        config.budget.onSuccess(ex.budgetTaken(), ex.budgetLastCost());
      }
    }
    if (config.hasListeners) {
      emit(new Succeeded<>(ex == null ? 1 : ex.attempts + 1, nanos(ticker.read() - startNanos), result));
    }
  }

  private void emit(RetryEvent<R> event) {
    for (int i = 0; i < config.listeners.size(); i++) {
      RetryListener<? super R> listener = config.listeners.get(i);
      try {
        listener.onEvent(event);
      } catch (Throwable e) {
        Listeners.threw(LOG, "retry", listener, event, e);
      }
    }
  }

  private static Duration nanos(long nanos) {
    return Duration.ofNanos(Math.max(0, nanos));
  }
}
