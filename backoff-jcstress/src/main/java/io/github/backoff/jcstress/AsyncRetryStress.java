package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.Retrier;
import io.github.backoff.RetrierBuilder;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The async retry ({@code Retrier.callAsync}) and its contract, as {@code cancel}'s Javadoc states it: an attempt
 * whose wake-up races {@code cancel} may still call the supplier once, and its stage is then cancelled at once; no
 * later attempt is scheduled; the future completes exactly once. Completing the future from outside behaves as
 * cancel does.
 *
 * <p>Each test's result: the supplier's calls once everything pending has run (the arbiter advances time by an
 * hour), the second attempt's stage (-1 never made, 1 cancelled, 0 left running, 2 completed), the future (1
 * cancelled or completed from outside, 2 failed with a RetryException, 0 not done), and how many times the
 * future's dependents ran (exactly once).
 */
public final class AsyncRetryStress {
  private AsyncRetryStress() {}

  /** The first attempt failed; its retry is queued for 1 s later. */
  static class PendingRetry {
    final ManualScheduler scheduler = new ManualScheduler();
    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger completions = new AtomicInteger();
    volatile CompletableFuture<String> second;
    final CompletableFuture<String> future;

    PendingRetry() {
      this(null);
    }

    /** With {@code executor} for the retries (else the manual scheduler runs them, as a task each). */
    PendingRetry(Executor executor) {
      RetryPolicy<String> policy = RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
          .withMaxAttempts(5).build();
      RetrierBuilder<String> builder = Retrier.builder(policy).withTicker(scheduler::nanoTime)
          .withScheduler(scheduler);
      Retrier<String> retrier = (executor == null ? builder : builder.withExecutor(executor)).build();
      future = retrier.callAsync(() -> {
        if (calls.incrementAndGet() == 1) {
          return CompletableFuture.failedFuture(new IOException("first attempt fails"));
        }
        CompletableFuture<String> stage = new CompletableFuture<>();
        second = stage;
        return stage;
      });
      future.whenComplete((v, t) -> completions.incrementAndGet());
    }

    void outcome(IIII_Result r) {
      scheduler.advanceNanos(3_600_000_000_000L); // anything still queued runs now
      r.r1 = calls.get();
      CompletableFuture<String> stage = second;
      r.r2 = stage == null ? -1 : stage.isCancelled() ? 1 : stage.isDone() ? 2 : 0;
      boolean outside = future.isCancelled() || (future.isDone() && !future.isCompletedExceptionally()
          && "outside".equals(future.join()));
      r.r3 = outside ? 1 : future.isCompletedExceptionally() ? 2 : 0;
      r.r4 = completions.get();
    }

    void wakeUp() {
      scheduler.advanceNanos(1_000_000_000L);
    }
  }

  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "cancel before the wake-up: no second attempt")
  @Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE,
      desc = "the wake-up called the supplier once; its stage was cancelled at once")
  @Outcome(id = "2, 0, 1, 1", expect = FORBIDDEN, desc = "the racing attempt was left running")
  @Outcome(expect = FORBIDDEN, desc = "a later attempt, the future not cancelled, or two completions")
  @State
  public static class WakeUpVsCancel extends PendingRetry {
    @Actor
    public void wakeUpActor() {
      wakeUp();
    }

    @Actor
    public void cancel() {
      future.cancel(false);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      outcome(r);
    }
  }

  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "completed before the wake-up: no second attempt")
  @Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE,
      desc = "the wake-up called the supplier once; its stage was cancelled at once")
  @Outcome(id = "2, 0, 1, 1", expect = FORBIDDEN, desc = "the racing attempt was left running")
  @Outcome(expect = FORBIDDEN, desc = "a later attempt, the caller's value lost, or two completions")
  @State
  public static class WakeUpVsCompleteFromOutside extends PendingRetry {
    @Actor
    public void wakeUpActor() {
      wakeUp();
    }

    @Actor
    public void complete() {
      future.complete("outside");
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      outcome(r);
    }
  }

  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "failed from outside before the wake-up")
  @Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE,
      desc = "the wake-up called the supplier once; its stage was cancelled at once")
  @Outcome(id = "2, 0, 1, 1", expect = FORBIDDEN, desc = "the racing attempt was left running")
  @Outcome(expect = FORBIDDEN, desc = "a later attempt, or two completions")
  @State
  public static class WakeUpVsCompleteExceptionallyFromOutside extends PendingRetry {
    @Actor
    public void wakeUpActor() {
      wakeUp();
    }

    @Actor
    public void fail() {
      future.completeExceptionally(new IllegalStateException("outside"));
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      outcome(r);
      if (r.r3 == 2) {
        r.r3 = 1; // failed by the caller: counted as completed from outside
      }
    }
  }

  /**
   * The second attempt is in flight; its stage fails (a retry would be queued) while the caller cancels: no third
   * attempt ever starts.
   */
  @JCStressTest
  @Outcome(id = "2, 2, 1, 1", expect = ACCEPTABLE, desc = "no third attempt, the future cancelled once")
  @Outcome(expect = FORBIDDEN, desc = "a third attempt, the future not cancelled, or two completions")
  @State
  public static class StageFailureVsCancel extends PendingRetry {
    public StageFailureVsCancel() {
      wakeUp(); // the second attempt is in flight
    }

    @Actor
    public void stageFails() {
      second.completeExceptionally(new IOException("second attempt fails"));
    }

    @Actor
    public void cancel() {
      future.cancel(false);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      outcome(r);
      if (r.r2 == 1) {
        r.r2 = 2; // the cancel reached the stage before it failed: the same end
      }
    }
  }

  /**
   * The hand-off (issue 32): the timer has handed the due retry to the executor, whose task has not run yet, when
   * the caller cancels. The contract is {@code cancel}'s: the attempt starts only if the future is not done when
   * its task runs; if it started, its stage is cancelled at once; no later attempt; one completion.
   */
  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "cancel before the task ran: no second attempt")
  @Outcome(id = "2, 1, 1, 1", expect = ACCEPTABLE,
      desc = "the task called the supplier once; its stage was cancelled at once")
  @Outcome(id = "2, 0, 1, 1", expect = FORBIDDEN, desc = "the racing attempt was left running")
  @Outcome(expect = FORBIDDEN, desc = "a later attempt, the future not cancelled, or two completions")
  @State
  public static class HandOffVsCancel extends PendingRetry {
    volatile Runnable handedOff;

    public HandOffVsCancel() {
      this(new Runnable[1]);
    }

    private HandOffVsCancel(Runnable[] task) {
      super(r -> task[0] = r);
      wakeUp(); // the timer hands the retry to the executor, which keeps it
      handedOff = task[0];
    }

    @Actor
    public void taskRuns() {
      handedOff.run();
    }

    @Actor
    public void cancel() {
      future.cancel(false);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      outcome(r);
    }
  }

  /**
   * The executor refuses the hand-off while the caller cancels: {@code RetrierBuilder.withExecutor}'s contract, "the
   * future completes exceptionally with what execute threw", or the cancel wins; never both, never neither, and the
   * supplier is not called again. The third result is 3 when the future failed with the refusal.
   */
  @JCStressTest
  @Outcome(id = "1, -1, 1, 1", expect = ACCEPTABLE, desc = "the cancel won")
  @Outcome(id = "1, -1, 3, 1", expect = ACCEPTABLE, desc = "the refusal failed the future first")
  @Outcome(expect = FORBIDDEN, desc = "an attempt despite the refusal, the future not done, or two completions")
  @State
  public static class RefusedHandOffVsCancel extends PendingRetry {
    public RefusedHandOffVsCancel() {
      super(task -> {
        throw new RejectedExecutionException("refused");
      });
    }

    @Actor
    public void wakeUpActor() {
      wakeUp();
    }

    @Actor
    public void cancel() {
      future.cancel(false);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
      boolean refused = future.isCompletedExceptionally() && !future.isCancelled()
          && future.handle((v, t) -> t).join() instanceof RejectedExecutionException;
      outcome(r);
      if (refused) {
        r.r3 = 3;
      }
    }
  }
}
