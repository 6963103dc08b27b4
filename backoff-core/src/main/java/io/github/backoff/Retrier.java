package io.github.backoff;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.DefaultScheduler;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Runs calls under a {@link RetryPolicy}: synchronously on the caller's thread ({@link #call}, {@link #run}) or
 * asynchronously ({@link #callAsync}), each retry handed on its own, once due, to an executor.
 *
 * <pre>{@code
 * Retrier<String> retrier = Retrier.of(policy);
 * String body = retrier.call(() -> fetch(url));                                  // sync
 * CompletableFuture<String> later = retrier.callAsync(() -> fetchAsync(url));    // async
 * }</pre>
 *
 * <p>A retrier is immutable and thread-safe; one instance serves any number of concurrent calls. Time, sleeping,
 * scheduling and randomness are injected through {@link #builder(RetryPolicy)}, so tests run in virtual time.
 *
 * <p><b>Interruption.</b> If the calling thread of {@link #call} is interrupted during a wait, or an attempt throws
 * {@link InterruptedException}, or the thread's interrupt flag is set when an attempt fails, the retrier stops,
 * leaves the interrupt flag set, and throws {@link RetryException} with {@link StopReason#INTERRUPTED}.
 *
 * <p><b>Cancellation.</b> Cancelling a future returned by {@link #callAsync}, or completing it from outside,
 * cancels its pending retry and the stage of the attempt in flight; no further attempt starts.
 *
 * @param <R> the result type
 */
public final class Retrier<R> {
  final RetryCore<R> core;
  /** {@link RetryCore#bare}, one field load away from the caller: see {@link #call}. */
  private final boolean bare;
  private final Sleeper sleeper;
  private final ScheduledExecutorService scheduler;
  private final Executor executor;
  final RetryTimer timer = new RetryTimer(this);

  Retrier(RetryPolicy<R> policy, Ticker ticker, Sleeper sleeper, ScheduledExecutorService scheduler,
      Executor executor, RandomGenerator random) {
    this.core = new RetryCore<>(policy, ticker, random);
    this.bare = core.bare;
    this.sleeper = sleeper;
    this.scheduler = scheduler;
    this.executor = executor;
  }

  /**
   * A retrier with the system ticker and sleeper, the shared default scheduler (one daemon timer thread for the
   * JVM) and {@code ThreadLocalRandom}.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  public static <R> Retrier<R> of(RetryPolicy<R> policy) {
    return builder(policy).build();
  }

  /**
   * A builder to inject the ticker, sleeper, scheduler or random source.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  public static <R> RetrierBuilder<R> builder(RetryPolicy<R> policy) {
    return new RetrierBuilder<>(Checks.requireNonNull(policy, "policy"));
  }

  /** The policy this retrier runs calls under. */
  public RetryPolicy<R> policy() {
    return core.policy;
  }

  ScheduledExecutorService scheduler() {
    return scheduler != null ? scheduler : DefaultScheduler.get();
  }

  /**
   * Where due retries run: the executor given to {@link RetrierBuilder#withExecutor}, else the scheduler given to
   * {@link RetrierBuilder#withScheduler} (each due retry a task of its own), else the default scheduler's workers.
   */
  Executor executor() {
    return executor != null ? executor : scheduler != null ? scheduler : DefaultScheduler.workers();
  }

  /**
   * Whether the timer's wake-ups may run on the default scheduler's timer thread: only with the default scheduler
   * and executor, whose {@code execute} never runs the task on the calling thread nor blocks.
   */
  boolean handsOffOnTimer() {
    return scheduler == null && executor == null;
  }

  /**
   * Calls {@code callable} until it succeeds or the policy stops, waiting on the caller's thread between attempts.
   * A zero wait retries at once, without sleeping. A call that succeeds at the first attempt allocates nothing
   * beyond what {@code callable} does (with no listeners and no per-attempt timeout).
   *
   * @return the first successful result, or the last retryable result if retries stopped on one and the policy
   *     returns it
   * @throws RetryException if the policy stops retrying, with the reason, the attempts and the last failure as
   *     cause; with {@link StopReason#INTERRUPTED} (and the thread's interrupt flag set) on interruption
   * @throws Error an {@link Error} thrown by {@code callable} that no retry condition matches, unchanged
   * @throws NullPointerException if {@code callable} is null
   */
  public R call(Callable<? extends R> callable) {
    // Kept small so that the JIT inlines it into callers (under HotSpot's 325-byte limit for hot methods): the
    // first attempt and its success are here, a rate limiter's first wait and everything after a failure are not.
    Checks.requireNonNull(callable, "callable");
    if (bare) {
      // Nothing to record before the first attempt or after its success (RetryCore.bare): the attempt alone.
      R result;
      try {
        result = callable.call();
      } catch (Throwable t) {
        return retryAfterFirstFailure(callable, 0, null, t);
      }
      return result;
    }
    long start = core.eagerStart ? core.ticker.read() : 0;
    long firstWait = core.started();
    if (firstWait != 0) {
      Execution<R> stopped = waitBeforeFirstAttempt(firstWait, start);
      if (stopped != null) {
        return core.finish(stopped);
      }
    }
    R result = null;
    Throwable failure = null;
    try {
      result = core.config.attemptTimeoutNanos == 0 ? callable.call() : callWithTimeout(callable);
    } catch (Throwable t) {
      failure = t;
    }
    if (failure == null && core.isSuccess(result)) {
      core.succeeded(null, start, result);
      return result;
    }
    return retryAfterFirstFailure(callable, start, result, failure);
  }

  /**
   * Waits for a rate limiter's token before the first attempt.
   *
   * @return null to go on with the first attempt, or the stopped execution (token not due in time, or interrupted)
   */
  private Execution<R> waitBeforeFirstAttempt(long firstWait, long start) {
    long before = core.eagerStart ? start : core.ticker.read();
    if (firstWait == RetryCore.STOP) {
      Execution<R> execution = new Execution<>(before);
      core.stoppedBeforeFirstAttempt(execution);
      return execution;
    }
    try {
      sleeper.sleep(firstWait);
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      Execution<R> execution = new Execution<>(before);
      core.interrupted(execution, e);
      return execution;
    }
  }

  /** The rest of {@link #call} after the first attempt failed: decide, wait, attempt again, until done. */
  private R retryAfterFirstFailure(Callable<? extends R> callable, long start, R firstResult, Throwable firstFailure) {
    RetryPolicyConfig<R> policy = core.config;
    R result = firstResult;
    Throwable failure = firstFailure;
    Execution<R> execution;
    long now;
    long firstDelay;
    if (core.plain && !Thread.currentThread().isInterrupted()
        && (firstDelay = core.firstRetryDelay(firstResult, firstFailure)) != RetryCore.STOP) {
      // The one-failure path: no execution object and, for a zero wait, no clock reading until a second failure
      // (then the elapsed time counts from that reading). A retry that succeeds allocates nothing.
      now = 0;
      if (firstDelay > 0) {
        now = core.ticker.read();
        try {
          sleeper.sleep(firstDelay);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          execution = new Execution<>(now);
          execution.record(firstResult, firstFailure);
          core.interrupted(execution, e);
          return core.finish(execution);
        }
      }
      result = null;
      failure = null;
      try {
        result = callable.call();
      } catch (Throwable t) {
        failure = t;
      }
      if (failure == null && core.isSuccess(result)) {
        core.succeeded(null, start, result);
        return result;
      }
      long second = core.ticker.read();
      execution = new Execution<>(firstDelay > 0 ? now : second);
      execution.record(firstResult, firstFailure);
      execution.previousDelayNanos = firstDelay;
      now = second;
    } else {
      now = core.ticker.read();
      execution = new Execution<>(core.eagerStart ? start : now);
    }
    for (;;) {
      long delay = core.onFailure(execution, result, failure, Thread.currentThread().isInterrupted(), now);
      if (delay == RetryCore.STOP) {
        if (execution.stopReason == StopReason.INTERRUPTED) {
          Thread.currentThread().interrupt();
        }
        return core.finish(execution);
      }
      if (delay > 0) {
        try {
          sleeper.sleep(delay);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          core.interrupted(execution, e);
          return core.finish(execution);
        }
      }
      result = null;
      failure = null;
      try {
        result = policy.attemptTimeoutNanos == 0 ? callable.call() : callWithTimeout(callable);
      } catch (Throwable t) {
        failure = t;
      }
      if (failure == null && core.isSuccess(result)) {
        core.succeeded(execution, start, result);
        return result;
      }
      now = core.ticker.read();
    }
  }

  /**
   * Runs {@code runnable} until it completes normally or the policy stops; see {@link #call}. Result conditions
   * see {@code null}.
   *
   * @throws RetryException if the policy stops retrying
   * @throws NullPointerException if {@code runnable} is null
   */
  public void run(CheckedRunnable runnable) {
    Checks.requireNonNull(runnable, "runnable");
    call(() -> {
      runnable.run();
      return null;
    });
  }

  /**
   * Starts {@code supplier}'s first attempt on the calling thread, and each retry on the retrier's executor once
   * its wait is over (see "Threads" below); no thread is held while waiting. A supplier that throws instead of returning a failed stage counts
   * as a failed attempt.
   *
   * <p>The returned future completes with the first successful result (or the last retryable one, as
   * {@link #call} returns it), or exceptionally with the {@link RetryException} (or unmatched {@link Error}) that
   * {@link #call} would throw. Cancelling it, or completing it from outside in any way ({@code complete},
   * {@code completeExceptionally}, {@code obtrude*}, {@code completeAsync}, {@code orTimeout}), cancels the pending
   * retry and the attempt in flight, and no further attempt starts; an attempt whose wake-up races the cancel may
   * still call the supplier once, and its stage is then cancelled at once.
   *
   * <p><b>Threads.</b> Each retry, once due, is handed on its own to the retrier's executor, so a supplier that
   * blocks (a JDBC call, a blocking SDK) holds one thread but never delays another retry's start; no thread is
   * held while a retry waits. The executor is the one given to {@link RetrierBuilder#withExecutor}, else the
   * scheduler given to {@link RetrierBuilder#withScheduler}, else the default one: on JDK 21 and later a new
   * virtual thread per due retry, on JDK 17 to 20 a pool of at most 64 daemon
   * threads (beyond that many blocked suppliers, further due retries wait for a free thread; see
   * {@link RetrierBuilder#withExecutor}). If the executor refuses a retry, the returned future fails with its
   * {@link java.util.concurrent.RejectedExecutionException}.
   *
   * @throws NullPointerException if {@code supplier} is null
   */
  public CompletableFuture<R> callAsync(Supplier<? extends CompletionStage<? extends R>> supplier) {
    Checks.requireNonNull(supplier, "supplier");
    AsyncExecution<R> execution = new AsyncExecution<>(this, supplier);
    long firstWait = core.started();
    if (firstWait == 0) {
      execution.attempt();
    } else if (firstWait == RetryCore.STOP) {
      execution.stopBeforeFirstAttempt();
    } else {
      execution.startLater(firstWait); // a rate limiter's token: scheduled, no thread held
    }
    return execution;
  }

  private R callWithTimeout(Callable<? extends R> callable) throws Exception {
    long timeout = core.config.attemptTimeoutNanos;
    SyncAttemptTimer timer = new SyncAttemptTimer(Thread.currentThread());
    long start = core.ticker.read();
    ScheduledFuture<?> scheduled = scheduler().schedule(timer, timeout, TimeUnit.NANOSECONDS);
    R result;
    try {
      result = callable.call();
    } catch (Exception e) {
      if (finishTimer(scheduled, timer, start, timeout)) {
        throw new AttemptTimeoutException(java.time.Duration.ofNanos(timeout));
      }
      throw e;
    }
    if (finishTimer(scheduled, timer, start, timeout)) {
      throw new AttemptTimeoutException(java.time.Duration.ofNanos(timeout));
    }
    return result;
  }

  /** Stops the timer; returns whether the attempt timed out (the timer fired, or the ticker says it overran). */
  private boolean finishTimer(ScheduledFuture<?> scheduled, SyncAttemptTimer timer, long start, long timeout) {
    scheduled.cancel(false);
    boolean fired = timer.disarm();
    return fired || core.ticker.read() - start >= timeout;
  }
}
