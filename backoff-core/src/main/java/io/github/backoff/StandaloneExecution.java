package io.github.backoff;

import io.github.backoff.internal.Checks;

/**
 * One retried execution whose attempts are run by the caller (a reactive operator, a framework's interceptor, an
 * event loop), while the retrier's decision core still decides, after each failure, whether to retry and after how
 * long. This is the hook integrations use so that they adapt without re-implementing any rule: the strategy, the
 * limits, the retry and abort conditions, the delay override, the budget and the events all behave exactly as in
 * {@link Retrier#call} and {@link Retrier#callAsync}.
 *
 * <pre>{@code
 * StandaloneExecution<String> execution = StandaloneExecution.start(retrier);   // the budget sees one request
 * for (;;) {
 *   try {
 *     String result = attempt();
 *     execution.onSuccess(result);
 *     return result;
 *   } catch (Exception e) {
 *     long wait = execution.onFailure(null, e);
 *     if (wait == StandaloneExecution.STOP) {
 *       return execution.outcome();    // throws the RetryException, with its StopReason
 *     }
 *     waitNanos(wait);                 // the caller waits as it likes: a scheduler, a timer, a sleep
 *   }
 * }
 * }</pre>
 *
 * <p>The caller runs attempts one at a time and hands the execution from one to the next with a happens-before
 * edge (one thread, or a serialising operator such as Reactor's {@code retryWhen}); it is not thread-safe
 * otherwise. The per-attempt timeout of the policy is not applied here: the caller owns its attempts.
 *
 * @param <R> the result type
 */
public final class StandaloneExecution<R> {
  /** Returned by {@link #onFailure} when the execution stops. */
  public static final long STOP = RetryCore.STOP;

  private final RetryCore<R> core;
  private final long startNanos;
  private final long firstAttemptDelayNanos;
  /** The state after the first failure: created then, as the sync driver does, so a first success allocates none. */
  private Execution<R> state;

  private StandaloneExecution(RetryCore<R> core) {
    this.core = core;
    this.startNanos = core.ticker.read();
    // As the drivers do: a rate limiter's token may delay the first attempt, or stop the execution before it.
    long wait = core.started();
    if (wait == RetryCore.STOP) {
      core.stoppedBeforeFirstAttempt(state());
    }
    this.firstAttemptDelayNanos = wait;
  }

  private Execution<R> state() {
    Execution<R> s = state;
    if (s == null) {
      s = new Execution<>(startNanos);
      state = s;
    }
    return s;
  }

  /**
   * The wait before the first attempt, which the caller must honour as {@link Retrier#call} does: {@code 0}
   * unless the policy has a rate limiter whose token is not due yet; or {@link #STOP} if that token would only be
   * due at or after the policy's {@code maxElapsed}: the execution has then stopped, before any attempt, with
   * {@link StopReason#TIME_BUDGET_EXHAUSTED} ({@link #failure()} says so) and took no token.
   */
  public long firstAttemptDelayNanos() {
    return firstAttemptDelayNanos;
  }

  /**
   * Starts an execution under {@code retrier}'s policy, ticker and random source: the policy's budget, if any,
   * records one request, and the elapsed time counts from now.
   *
   * @throws NullPointerException if {@code retrier} is null
   */
  public static <R> StandaloneExecution<R> start(Retrier<R> retrier) {
    return new StandaloneExecution<>(Checks.requireNonNull(retrier, "retrier").core);
  }

  /** Whether {@code result}, returned by an attempt without throwing, is a success under the policy. */
  public boolean isSuccess(R result) {
    return core.isSuccess(result);
  }

  /**
   * Records a failed attempt (it threw {@code failure}, or returned {@code result} that the policy retries on) and
   * decides what follows, as the drivers do: events are emitted, the budget is asked.
   *
   * @return the wait before the next attempt in nanoseconds ({@code >= 0}), or {@link #STOP}
   * @throws IllegalStateException if the execution already stopped
   */
  public long onFailure(R result, Throwable failure) {
    Execution<R> state = state();
    Checks.requireState(state.stopReason == null, "the execution already stopped: %s", state.stopReason);
    return core.onFailure(state, result, failure, false, core.ticker.read());
  }

  /**
   * {@link #onFailure(Object, Throwable)} for a caller with a deadline of its own besides the policy's
   * {@code maxElapsed} (a gRPC call's absolute deadline, a request's timeout): {@code nanosLeft} is the time left
   * until it, as the caller reads it now. The nearer of the two limits decides, as {@code maxElapsed} alone does
   * otherwise: a retry whose wait would reach it is not made, and the execution stops with
   * {@link StopReason#TIME_BUDGET_EXHAUSTED} (a {@code GaveUp} event; the budget is not asked for that retry); the
   * delay override sees it in {@link RetryContext#timeLeft()}; a rate limiter's token is not taken past it.
   *
   * <pre>{@code
   * long wait = execution.onFailure(null, e, deadline.timeRemaining(TimeUnit.NANOSECONDS));
   * }</pre>
   *
   * @param nanosLeft the time left until the caller's deadline in nanoseconds ({@code <= 0}: past it, no retry);
   *     {@link Long#MAX_VALUE} for none
   * @return the wait before the next attempt in nanoseconds ({@code >= 0}), or {@link #STOP}
   * @throws IllegalStateException if the execution already stopped
   */
  public long onFailure(R result, Throwable failure, long nanosLeft) {
    Execution<R> state = state();
    Checks.requireState(state.stopReason == null, "the execution already stopped: %s", state.stopReason);
    return core.onFailure(state, result, failure, false, core.ticker.read(), nanosLeft);
  }

  /** Records that the last attempt succeeded with {@code result}: the budget and the listeners are told. */
  public void onSuccess(R result) {
    core.succeeded(state, startNanos, result); // a null state: the first attempt succeeded
  }

  /**
   * When the execution started, by its retrier's ticker (nanoseconds, only meaningful against other readings of that
   * ticker): a caller that reports the execution's elapsed time reads it here rather than reading the ticker again.
   */
  public long startNanos() {
    return startNanos;
  }

  /** The number of failed attempts recorded so far. */
  public int failedAttempts() {
    return state == null ? 0 : state.attempts;
  }

  /** Why the execution stopped, or {@code null} while it has not. */
  public StopReason stopReason() {
    return state == null ? null : state.stopReason;
  }

  /**
   * The outcome of a stopped execution, as {@link Retrier#call} ends: the last result if retries stopped on a
   * retryable result and the policy returns it; otherwise throws.
   *
   * @throws RetryException with the reason, the attempts and the last failure as cause
   * @throws Error an {@link Error} that no retry condition matched, unchanged
   * @throws IllegalStateException if the execution has not stopped
   */
  public R outcome() {
    Checks.requireState(state != null && state.stopReason != null, "the execution has not stopped");
    return core.finish(state);
  }

  /**
   * The failure that {@link #outcome()} throws, for a caller that signals errors rather than throwing them (a
   * reactive stream), or {@code null} if it returns a result.
   *
   * @throws IllegalStateException if the execution has not stopped
   */
  public Throwable failure() {
    try {
      outcome();
      return null;
    } catch (RetryException | Error e) {
      return e;
    }
  }
}
