package io.github.backoff.hedge;

import static io.github.backoff.internal.Stages.stageOf;
import static io.github.backoff.internal.Stages.toFuture;
import static io.github.backoff.internal.Stages.unwrap;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.internal.Listeners;
import io.github.backoff.internal.StoppableFuture;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Supplier;

/**
 * One hedged call: the future that {@link Hedger#callAsync} returns, and the state of its attempts.
 *
 * <p><b>Concurrency.</b> {@link #decide()} is the one commit point, a compare-and-set: whoever claims it first gives
 * the answer, delivers its events, cancels the other attempts and then completes the future; completing or
 * cancelling the future from outside claims it too. The hedge count and the hedges' futures are guarded by this
 * object's monitor, taken only once a hedge is sent; user code (the supplier, listeners, cancelling attempts) never
 * runs under it. Two volatile flags pair each writer with the decider (each writes its flag, then reads the other's):
 * {@code primary} against {@code decided}, {@code hedged} against {@code decided} before the lock, and
 * {@code everQueued} against {@code decided} around the timer, so an attempt or a timer entry is either seen by the
 * decider or sees that the call is decided, and is cancelled or unqueued either way. A call answered before its delay
 * thus costs one clock reading, the timer's lock twice (queue, unqueue) and one compare-and-set, and allocates nothing
 * beyond itself and its stage's callback.
 *
 * <p><b>Completing from outside</b> in any way ({@code cancel}, {@code complete*}, {@code obtrude*},
 * {@code completeAsync}, {@code orTimeout}; see {@link StoppableFuture}) claims the call as {@link #decide()}
 * does, unqueues it and cancels every attempt in flight. A hedge is sent on the hedger's executor: the timer only
 * takes the call off its queue, and the supplier runs on a thread of its own, so one blocking supplier delays no
 * other call's hedge; a hedge whose call is decided before its task runs calls nothing.
 */
final class HedgedCall<R> extends StoppableFuture<R> {
  private static final System.Logger LOG = System.getLogger("io.github.backoff.hedge");
  private static final AtomicIntegerFieldUpdater<HedgedCall<?>> DECIDED = updater();

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static AtomicIntegerFieldUpdater<HedgedCall<?>> updater() {
    return (AtomicIntegerFieldUpdater) AtomicIntegerFieldUpdater.newUpdater(HedgedCall.class, "decided");
  }

  private final Hedger<R> hedger;
  private final Supplier<? extends CompletionStage<? extends R>> supplier;
  /** Read at construction when listeners or the histogram need it, else when the call is queued. */
  private long start;
  private final boolean startEarly;

  private volatile int decided;
  private volatile CompletableFuture<?> primary;
  private volatile boolean hedged;
  private volatile boolean everQueued;

  // Guarded by this.
  private int started = 1; // the original
  private int ended;
  private boolean stopHedging;
  private long acquired;
  private boolean primaryRecorded;
  private CompletableFuture<?>[] hedges;
  private Throwable lastFailure;
  private R lastResult;

  // Guarded by the hedger's timer.
  long due;
  boolean linked;
  HedgedCall<?> prev;
  HedgedCall<?> next;

  HedgedCall(Hedger<R> hedger, Supplier<? extends CompletionStage<? extends R>> supplier) {
    this.hedger = hedger;
    this.supplier = supplier;
    this.startEarly = hedger.histogram != null || !hedger.config.listeners.isEmpty();
    this.start = startEarly ? hedger.ticker.read() : 0;
  }

  void start() {
    HedgePolicyConfig<R> policy = hedger.config;
    RetryBudget budget = policy.budget;
    if (budget != null) {
      budget.onRequest();
    }
    launch(1);
    if (policy.maxHedges == 0 || closed()) {
      return; // no hedging, or answered already (a cache hit): nothing to queue, no clock to read
    }
    long now = startEarly ? start : hedger.ticker.read();
    if (!startEarly) {
      start = now; // only used with listeners or a histogram, which read it early
    }
    // If a fast failure already sent the next hedge, that hedge queued the call for the one after: keep it.
    queue(now + hedger.delayNanos(now), now, true);
  }

  /** Queues the call on the hedger's timer for {@code due} (moving it if queued, unless {@code ifAbsent}). */
  private void queue(long due, long now, boolean ifAbsent) {
    everQueued = true;
    try {
      hedger.timer.add(this, due, now, ifAbsent);
    } catch (RejectedExecutionException e) {
      if (decide()) {
        answer(0, null, null, e);
      }
      return;
    }
    if (closed()) {
      hedger.timer.remove(this); // decided meanwhile, perhaps before it was linked
    }
  }

  /** Calls the supplier for attempt {@code number} and settles the attempt when its stage completes. */
  private void launch(int number) {
    if (number > 1 && closed()) {
      return; // decided while this hedge was handed off: nothing to call
    }
    CompletionStage<? extends R> stage;
    try {
      stage = stageOf(supplier);
    } catch (Throwable t) {
      settle(number, null, t);
      return;
    }
    CompletableFuture<? extends R> future = toFuture(stage);
    if (future != null && !future.isDone()) { // a done one has nothing to cancel
      boolean cancelNow;
      if (number == 1) {
        primary = future;
        cancelNow = closed();
      } else {
        synchronized (this) {
          cancelNow = closed();
          if (!cancelNow) {
            if (hedges == null) {
              hedges = new CompletableFuture<?>[hedger.config.maxHedges];
            }
            hedges[number - 2] = future;
          }
        }
      }
      if (cancelNow) {
        future.cancel(true);
        return;
      }
    }
    // handle, not whenComplete: whenComplete would wrap a failure in a new CompletionException (costly).
    stage.handle((result, failure) -> {
      settle(number, result, unwrap(failure));
      return null;
    });
  }

  private void settle(int number, R result, Throwable failure) {
    if (closed()) {
      return; // a loser: cancelled, or answering after the call was decided
    }
    HedgePolicyConfig<R> policy = hedger.config;
    boolean hedgeable;
    try {
      hedgeable = failure == null ? policy.hedgeIfResult.test(result) : policy.hedgeOnFailure.test(failure);
    } catch (Throwable t) {
      hedgeable = false; // a condition that throws ends the call with what it threw
      failure = t;
      result = null;
    }
    long now = startEarly || hedgeable ? hedger.ticker.read() : 0;
    if (number == 1) {
      recordPrimary(now);
    }
    if (!hedgeable) {
      if (!decide()) {
        return;
      }
      recordPrimary(now); // if the original still runs: the time it ran so far (a lower bound)
      int sent = 1;
      long taken = 0;
      CompletableFuture<?>[] others = null;
      if (hedged) {
        synchronized (this) {
          sent = started;
          taken = acquired;
          others = hedges;
        }
      }
      RetryBudget budget = policy.budget;
      if (budget != null) {
        if (failure == null) {
          budget.onSuccess(taken);
        } else {
          budget.onFailure();
        }
      }
      if (failure == null && !policy.listeners.isEmpty()) {
        emit(new HedgeWon<>(number, elapsed(now), sent, result));
      }
      answer(number, others, result, failure);
      return;
    }
    if (policy.budget != null) {
      policy.budget.onFailure();
    }
    boolean finish;
    synchronized (this) {
      ended++;
      lastFailure = failure;
      lastResult = failure == null ? result : null;
      finish = ended == started && (stopHedging || started > policy.maxHedges);
    }
    if (finish || !hedge(now, true)) {
      finishIfAllEnded();
    }
  }

  /** After a hedgeable outcome with no hedge sent: if no attempt is in flight, the last outcome is the answer. */
  private void finishIfAllEnded() {
    Throwable failure;
    R result;
    synchronized (this) {
      if (ended < started || closed()) {
        return;
      }
      failure = lastFailure;
      result = lastResult;
    }
    if (decide()) {
      answer(0, null, result, failure);
    }
  }

  /** Gives the decided call's answer: cancels the other attempts (see {@link #cancelAttempts}), then completes. */
  private void answer(int winner, CompletableFuture<?>[] others, R result, Throwable failure) {
    cancelAttempts(winner, others);
    if (failure == null) {
      completeByDriver(result);
    } else {
      completeExceptionallyByDriver(failure);
    }
  }

  /** The timer took the call off its queue: the next hedge is due. */
  void timerFired(long now) {
    if (!closed()) {
      hedge(now, false);
    }
  }

  /** Sends the next hedge if the count and the budget allow; returns whether it did. */
  private boolean hedge(long now, boolean afterFailure) {
    HedgePolicyConfig<R> policy = hedger.config;
    hedged = true; // before the check of decided, under the lock: see the class comment
    int number;
    boolean denied = false;
    boolean more = false;
    synchronized (this) {
      if (closed() || stopHedging || started > policy.maxHedges) {
        return false;
      }
      number = started + 1;
      if (policy.budget != null) {
        long cost = policy.budget.tryAcquireRetry(null);
        if (cost < 0) {
          stopHedging = true;
          denied = true;
        } else {
          acquired += cost;
        }
      }
      if (!denied) {
        started = number;
        more = number <= policy.maxHedges;
      }
    }
    if (denied) {
      if (!policy.listeners.isEmpty()) {
        emit(new HedgeDenied<>(number, elapsed(now)));
      }
      return false;
    }
    if (!policy.listeners.isEmpty()) {
      emit(new HedgeSent<>(number, elapsed(now), afterFailure));
    }
    if (more) {
      queue(now + hedger.delayNanos(now), now, false); // the next hedge is a full delay after this one
    }
    if (afterFailure) {
      launch(number); // on the thread that settled the failed attempt, as that attempt's own continuation
    } else {
      handOff(number); // from the timer: the supplier runs on a thread of its own
    }
    return true;
  }

  /** Hands hedge {@code number}'s launch to the hedger's executor; if it refuses, the hedge fails with that. */
  private void handOff(int number) {
    try {
      hedger.executor.execute(() -> launch(number));
    } catch (Throwable refusal) { // a RejectedExecutionException, or a broken executor: a failed attempt
      settle(number, null, refusal);
    }
  }

  private void recordPrimary(long now) {
    if (hedger.histogram == null) {
      return;
    }
    synchronized (this) {
      if (primaryRecorded) {
        return;
      }
      primaryRecorded = true;
    }
    hedger.histogram.record(now - start);
  }

  /**
   * Unqueues the call and cancels every attempt in flight but {@code winner} (0: all of them). Called only after
   * the call was decided, so no hedge is stored or sent any more; {@code others} is the hedges' array if the caller
   * already took it.
   */
  private void cancelAttempts(int winner, CompletableFuture<?>[] others) {
    if (everQueued) {
      hedger.timer.remove(this);
    }
    if (others == null && hedged) {
      synchronized (this) {
        others = hedges;
      }
    }
    CompletableFuture<?> first = primary;
    boolean events = !hedger.config.listeners.isEmpty();
    long now = events ? hedger.ticker.read() : 0;
    if (first != null && winner != 1 && first.cancel(true) && events) {
      emit(new HedgeCancelled<>(1, elapsed(now)));
    }
    if (others != null) {
      for (int i = 0; i < others.length; i++) {
        CompletableFuture<?> f = others[i];
        if (f != null && winner != i + 2 && f.cancel(true) && events) {
          emit(new HedgeCancelled<>(i + 2, elapsed(now)));
        }
      }
    }
  }

  /**
   * Claims the right to give the call's answer; returns whether this caller got it. The winner delivers its events
   * and cancels the other attempts before completing the future, so a caller that sees the answer has seen them.
   */
  private boolean decide() {
    return DECIDED.compareAndSet(this, 0, 1) && !isDone();
  }

  boolean closed() {
    return decided != 0 || isDone();
  }

  /** Completed from outside (see {@link StoppableFuture}): claims the call and cancels the attempts in flight. */
  @Override
  protected void stopWork(boolean mayInterruptIfRunning) {
    decided = 1;
    cancelAttempts(0, null);
  }

  private Duration elapsed(long now) {
    return Duration.ofNanos(Math.max(0, now - start));
  }

  private void emit(HedgeEvent<R> event) {
    List<HedgeListener<? super R>> listeners = hedger.config.listeners;
    for (int i = 0; i < listeners.size(); i++) {
      HedgeListener<? super R> listener = listeners.get(i);
      try {
        listener.onEvent(event);
      } catch (Throwable e) {
        Listeners.threw(LOG, "hedge", listener, event, e);
      }
    }
  }
}
