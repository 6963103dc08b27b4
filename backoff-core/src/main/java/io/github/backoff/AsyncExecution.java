package io.github.backoff;

import static io.github.backoff.internal.Stages.stageOf;
import static io.github.backoff.internal.Stages.toFuture;
import static io.github.backoff.internal.Stages.unwrap;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Supplier;

/**
 * The asynchronous driver: the future returned by {@link Retrier#callAsync}, which runs attempts, hands failed ones
 * to the {@link RetryCore} and queues the next attempt on the retrier's {@link RetryTimer}. No thread is held while
 * a retry waits.
 *
 * <p>An attempt's outcome is settled exactly once: by its stage or by its timeout, whichever comes first, through
 * a compare-and-set on the number of settled attempts. Cancelling this future, or completing it from outside in any
 * way ({@code complete}, {@code completeExceptionally}, {@code obtrude*}, {@code completeAsync}, {@code orTimeout}),
 * cancels the pending retry and the attempt in flight; an attempt starts only if this future is not done at that
 * moment. The driver completes it itself through {@link #completeByDriver}, so its own completions cost the timer
 * nothing.
 *
 * <p>It is also the task that runs its next attempt ({@link #run}): the retrier's timer hands it to the retrier's
 * executor when the retry is due, so a pending retry is this object and a slot in the timer's heap, nothing more.
 */
final class AsyncExecution<R> extends Execution<R> implements Runnable {
  private static final AtomicIntegerFieldUpdater<AsyncExecution<?>> SETTLED = updater();

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AtomicIntegerFieldUpdater<AsyncExecution<?>> updater() {
    return (AtomicIntegerFieldUpdater) AtomicIntegerFieldUpdater.newUpdater(AsyncExecution.class, "settled");
  }

  // Fields are few on purpose: with its RetryTimer slot, this object is all that a pending retry holds (see
  // docs/benchmarks.md). The attempt number is settled + 1; the start time and the rest are in Execution.
  private final Retrier<R> retrier;
  private final Supplier<? extends CompletionStage<? extends R>> supplier;
  private volatile int settled;
  private volatile CompletableFuture<?> inFlight;
  /** When the pending retry is due, by the ticker; guarded by the retrier's RetryTimer. */
  long due;

  AsyncExecution(Retrier<R> retrier, Supplier<? extends CompletionStage<? extends R>> supplier) {
    super(retrier.core.eagerStart ? retrier.core.ticker.read() : 0);
    this.retrier = retrier;
    this.supplier = supplier;
  }

  /** Queues the first attempt to start after {@code wait} nanoseconds, as a retry is queued. */
  void startLater(long wait) {
    queue(retrier.core.ticker.read(), wait);
  }

  /** Queues the next attempt on the retrier's timer, {@code wait} after {@code now}; a rejection fails this future. */
  private void queue(long now, long wait) {
    try {
      retrier.timer.add(this, now, wait);
      if (isDone()) { // cancelled meanwhile: let the timer drop it
        retrier.timer.cancelled();
      }
    } catch (RejectedExecutionException e) {
      completeExceptionallyByDriver(e);
    }
  }

  /** Completes this future as the sync driver would throw when the first token's wait would pass maxElapsed. */
  void stopBeforeFirstAttempt() {
    RetryCore<R> core = retrier.core;
    core.stoppedBeforeFirstAttempt(this);
    finish(core);
  }

  /** Completes this stopped execution as {@link RetryCore#finish} ends it: with its result, or what it throws. */
  private void finish(RetryCore<R> core) {
    try {
      completeByDriver(core.finish(this));
    } catch (Throwable t) {
      completeExceptionallyByDriver(t);
    }
  }

  void attempt() {
    if (isDone()) {
      return;
    }
    RetryCore<R> core = retrier.core;
    int number = settled + 1; // attempts run one at a time: this one starts after the previous one settled
    long timeout = core.config.attemptTimeoutNanos;
    long attemptStart = timeout == 0 ? 0 : core.ticker.read();
    CompletionStage<? extends R> stage;
    try {
      stage = stageOf(supplier);
    } catch (Throwable t) {
      settle(number, null, t);
      return;
    }
    CompletableFuture<? extends R> future = toFuture(stage);
    if (future != null && !future.isDone()) { // a done one has nothing to cancel: skip the volatile write
      inFlight = future;
      if (isDone()) {
        future.cancel(true);
        return;
      }
    }
    // handle, not whenComplete: whenComplete's own stage would complete with the failure wrapped in a new
    // CompletionException, whose constructor builds a message and a stack trace, microseconds per failed attempt.
    if (timeout == 0) {
      stage.handle((result, failure) -> settle(number, result, unwrap(failure)));
      return;
    }
    Future<?> timer;
    try {
      timer = schedule(() -> {
        if (settle(number, null, timedOut()) && future != null) {
          future.cancel(true);
        }
      }, Math.max(0, timeout - (core.ticker.read() - attemptStart)));
    } catch (RejectedExecutionException e) { // a scheduler shut down: fail, as a refused wake-up does, never hang
      if (future != null) {
        future.cancel(true);
      }
      completeExceptionallyByDriver(e);
      return;
    }
    stage.handle((result, failure) -> {
      timer.cancel(false);
      // Like the sync driver, an outcome that arrives after the timeout (by the ticker) counts as timed out.
      if (core.ticker.read() - attemptStart >= timeout) {
        settle(number, null, timedOut());
      } else {
        settle(number, result, unwrap(failure));
      }
      return null;
    });
  }

  private AttemptTimeoutException timedOut() {
    return new AttemptTimeoutException(Duration.ofNanos(retrier.core.config.attemptTimeoutNanos));
  }

  /** Handles attempt {@code number}'s outcome unless it was already settled; returns whether this call did. */
  private boolean settle(int number, R result, Throwable failure) {
    if (!SETTLED.compareAndSet(this, number - 1, number)) {
      return false;
    }
    if (inFlight != null) {
      inFlight = null;
    }
    if (isDone()) {
      return true;
    }
    RetryCore<R> core = retrier.core;
    long delay;
    long now;
    try { // a condition that throws ends the call with what it threw, as call() throws it; never left incomplete
      if (failure == null && core.isSuccess(result)) {
        core.succeeded(this, startNanos, result);
        completeByDriver(result);
        return true;
      }
      now = core.ticker.read();
      if (attempts == 0 && !core.eagerStart) {
        startNanos = now; // the first failure: the first time anything needs the clock
      }
      delay = core.onFailure(this, result, failure, false, now);
    } catch (Throwable t) {
      completeExceptionallyByDriver(t);
      return true;
    }
    if (delay == RetryCore.STOP) {
      finish(core);
      return true;
    }
    queue(now, delay);
    return true;
  }

  private Future<?> schedule(Runnable task, long delayNanos) {
    return retrier.scheduler().schedule(task, delayNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Runs the next attempt: the retrier's timer hands the execution itself to the retrier's executor once its wait
   * is over, so a pending retry costs no task object. Does nothing if this future is done. Only the timer calls it
   * (the future is handed out typed as {@code CompletableFuture}).
   */
  @Override
  public void run() {
    attempt();
  }

  /**
   * The executor refused the hand-off of the next attempt: this future fails with {@code refusal} (unless it is
   * done already), so that nothing waits for an attempt that will never run.
   */
  void refused(Throwable refusal) {
    completeExceptionallyByDriver(refusal);
  }

  /**
   * Cancels the execution: the pending retry is dropped and the stage of the attempt in flight is cancelled; no
   * further attempt starts.
   *
   * <p>Racing a retry's wake-up, the contract is: the attempt being woken up may still call the supplier once (it
   * checked this future just before the cancel); its stage is then cancelled at once, by whichever of the two
   * sees the other (the attempt publishes its stage, then looks at this future; this method completes this
   * future, then looks at the stage). No later attempt is scheduled, and this future completes exactly once. The
   * same holds for an attempt handed to the executor but not yet started: it starts only if this future is not
   * done by then. (Proven by the jcstress tests in backoff-jcstress, {@code AsyncRetryStress}; see
   * docs/reliability.md.) Every other way of completing this future from outside ({@code complete},
   * {@code completeExceptionally}, {@code obtrude*}, {@code completeAsync}, {@code orTimeout}) does the same
   * (see {@link io.github.backoff.internal.StoppableFuture}).
   *
   * @return whether this call cancelled the future
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return super.cancel(mayInterruptIfRunning);
  }

  /**
   * After this future was completed from outside: lets the timer drop a queued retry (lazily, see RetryTimer) and
   * cancels the attempt in flight.
   */
  @Override
  protected void stopWork(boolean mayInterruptIfRunning) {
    retrier.timer.cancelled();
    CompletableFuture<?> attempt = inFlight;
    if (attempt != null) {
      attempt.cancel(mayInterruptIfRunning);
    }
  }
}
