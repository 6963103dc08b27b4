package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.hedge.HedgeCancelled;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.HedgeWon;
import io.github.backoff.hedge.Hedger;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The hedger ({@link Hedger}: "the returned future completes exactly once: with the first acceptable result ...
 * the attempts still in flight are cancelled ... Cancelling or completing the returned future cancels every attempt
 * in flight").
 */
public final class HedgerStress {
  private HedgerStress() {}

  /** A call with its original attempt and one hedge in flight, on a manual scheduler. */
  static class TwoAttempts {
    final ManualScheduler scheduler = new ManualScheduler();
    final AtomicInteger won = new AtomicInteger();
    final AtomicInteger cancelledEvents = new AtomicInteger();
    final CompletableFuture<String> original = new CompletableFuture<>();
    final CompletableFuture<String> hedge = new CompletableFuture<>();
    final CompletableFuture<String> call;

    TwoAttempts() {
      HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(10)).withMaxHedges(1)
          .onEvent(e -> {
            if (e instanceof HedgeWon) {
              won.incrementAndGet();
            } else if (e instanceof HedgeCancelled) {
              cancelledEvents.incrementAndGet();
            }
          }).build();
      Hedger<String> hedger = Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
      AtomicInteger calls = new AtomicInteger();
      call = hedger.callAsync(() -> calls.incrementAndGet() == 1 ? original : hedge);
      scheduler.advanceNanos(10_000_000L); // sends the hedge
    }
  }

  /**
   * Both attempts answer at once: one result wins, exactly once, and the loser, if still in flight, is cancelled.
   * Result: the winner (1 original, 2 hedge), the HedgeWon events, whether the original's and the hedge's futures
   * were cancelled.
   */
  @JCStressTest
  @Outcome(id = "1, 1, 0, 0", expect = ACCEPTABLE, desc = "the original won; the hedge answered before its cancel")
  @Outcome(id = "1, 1, 0, 1", expect = ACCEPTABLE, desc = "the original won; the hedge was cancelled")
  @Outcome(id = "2, 1, 0, 0", expect = ACCEPTABLE, desc = "the hedge won; the original answered before its cancel")
  @Outcome(id = "2, 1, 1, 0", expect = ACCEPTABLE, desc = "the hedge won; the original was cancelled")
  @Outcome(expect = FORBIDDEN, desc = "no winner, two wins, the winner cancelled, or both cancelled")
  @State
  public static class FirstResultWinsOnce extends TwoAttempts {
    @Actor
    public void originalAnswers() {
      original.complete("original");
    }

    @Actor
    public void hedgeAnswers() {
      hedge.complete("hedge");
    }

    @Arbiter
    public void outcome(IIII_Result r) {
      String result = call.getNow(null);
      r.r1 = "original".equals(result) ? 1 : "hedge".equals(result) ? 2 : 0;
      r.r2 = won.get();
      r.r3 = original.isCancelled() ? 1 : 0;
      r.r4 = hedge.isCancelled() ? 1 : 0;
    }
  }

  /**
   * The original answers while the caller cancels the call: either the answer wins (the hedge is cancelled) or the
   * cancel does (both attempts are cancelled, or the original had already answered). The hedge is never left
   * running. Result: the call (1 answered, 2 cancelled), the original cancelled, the hedge cancelled.
   */
  @JCStressTest
  @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the answer won; the hedge cancelled")
  @Outcome(id = "2, 0, 1", expect = ACCEPTABLE, desc = "the cancel won after the original answered")
  @Outcome(id = "2, 1, 1", expect = ACCEPTABLE, desc = "the cancel won; both attempts cancelled")
  @Outcome(expect = FORBIDDEN, desc = "an attempt left running, or the call not done")
  @State
  public static class AnswerVsCancel extends TwoAttempts {
    @Actor
    public void originalAnswers() {
      original.complete("original");
    }

    @Actor
    public void callerCancels() {
      call.cancel(false);
    }

    @Arbiter
    public void outcome(III_Result r) {
      r.r1 = call.isCancelled() ? 2 : "original".equals(call.getNow(null)) ? 1 : 0;
      r.r2 = original.isCancelled() ? 1 : 0;
      r.r3 = hedge.isCancelled() ? 1 : 0;
    }
  }

  /**
   * The original answers while the caller forces a value with {@code obtrudeValue} (issue 32: {@code obtrudeValue}
   * used to leave the hedge running when it came first, since the answer then found the call done and cancelled
   * nothing). Whatever the order, the forced value stays, and no attempt is left running: "completing the returned
   * future cancels every attempt in flight". Result: the call holds the forced value (1), the original cancelled,
   * the hedge cancelled.
   */
  @JCStressTest
  @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the original answered (first or after); the hedge cancelled")
  @Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "the value was forced first; both attempts cancelled")
  @Outcome(expect = FORBIDDEN, desc = "an attempt left running, or the forced value lost")
  @State
  public static class AnswerVsObtrudeValue extends TwoAttempts {
    @Actor
    public void originalAnswers() {
      original.complete("original");
    }

    @Actor
    public void callerForces() {
      call.obtrudeValue("forced");
    }

    @Arbiter
    public void outcome(III_Result r) {
      r.r1 = "forced".equals(call.getNow(null)) ? 1 : 0;
      r.r2 = original.isCancelled() ? 1 : 0;
      r.r3 = hedge.isCancelled() ? 1 : 0;
    }
  }

  /**
   * A hedge handed to the executor but not yet started races the caller completing the call: the hedge either
   * never calls the supplier, or calls it and its stage is cancelled at once; the caller's value stands and the
   * original is cancelled. Result: the supplier's calls (1: the hedge never started, 2: it did), the hedge's stage
   * (-1 never made, 1 cancelled, 0 left running), the call holds the caller's value (1), the original cancelled.
   */
  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "completed before the hedge's task ran: no hedge")
  @Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE, desc = "the hedge called the supplier; its stage was cancelled")
  @Outcome(id = "2, 0, 1, 1", expect = FORBIDDEN, desc = "the racing hedge was left running")
  @Outcome(expect = FORBIDDEN, desc = "the caller's value lost, or the original left running")
  @State
  public static class HandedOffHedgeVsComplete {
    final ManualScheduler scheduler = new ManualScheduler();
    final AtomicInteger calls = new AtomicInteger();
    final CompletableFuture<String> original = new CompletableFuture<>();
    volatile CompletableFuture<String> hedge;
    volatile Runnable handedOff;
    final CompletableFuture<String> call;

    public HandedOffHedgeVsComplete() {
      HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(10)).withMaxHedges(1)
          .build();
      Hedger<String> hedger = Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler)
          .withExecutor(task -> handedOff = task).build();
      call = hedger.callAsync(() -> {
        if (calls.incrementAndGet() == 1) {
          return original;
        }
        CompletableFuture<String> stage = new CompletableFuture<>();
        hedge = stage;
        return stage;
      });
      scheduler.advanceNanos(10_000_000L); // the timer hands the hedge off; it has not run
    }

    @Actor
    public void hedgeRuns() {
      handedOff.run();
    }

    @Actor
    public void callerCompletes() {
      call.complete("outside");
    }

    @Arbiter
    public void outcome(IIII_Result r) {
      r.r1 = calls.get();
      CompletableFuture<String> stage = hedge;
      r.r2 = stage == null ? -1 : stage.isCancelled() ? 1 : stage.isDone() ? 2 : 0;
      r.r3 = "outside".equals(call.getNow(null)) ? 1 : 0;
      r.r4 = original.isCancelled() ? 1 : 0;
    }
  }
}
