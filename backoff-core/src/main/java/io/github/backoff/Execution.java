package io.github.backoff;

import io.github.backoff.internal.StoppableFuture;
import java.time.Duration;

/**
 * The mutable state of one retried execution after its first failure. The sync driver and {@link
 * StandaloneExecution} create it lazily, so a call that succeeds at once allocates none of it. Confined to one
 * attempt at a time: the drivers hand it from attempt to attempt with a happens-before edge (the caller's thread, or
 * the async driver's atomic settle).
 *
 * <p>It extends {@link java.util.concurrent.CompletableFuture} (through {@link StoppableFuture}) only so that the
 * async driver, {@link AsyncExecution}, can be this state and the returned future in one object: a pending async
 * retry then holds one object instead of two (see docs/benchmarks.md). The sync driver never uses the future part;
 * it costs it 8 bytes per failed call.
 */
class Execution<R> extends StoppableFuture<R> {
  static final int MAX_SUPPRESSED = 10;
  private static final long MAX_UNSIGNED_INT = 0xFFFF_FFFFL;

  // The fields needed between attempts stay here; the rest (earlier failures, the stop's elapsed time, an
  // interruption) is in Details, allocated only on a second failure or at the stop.
  /** Set at construction, or by the async driver at the first failure if nothing needed the clock earlier. */
  long startNanos;
  long previousDelayNanos;
  /**
   * The total cost the retries took from the budget, an unsigned int saturated at 2^32 - 1: read it with
   * {@link #budgetTaken()}. Two ints rather than two longs keep the execution at 64 bytes.
   */
  private int budgetTaken;
  /** The cost the last retry took from the budget, at most Integer.MAX_VALUE (budgets cost far less). */
  private int budgetLastCost;
  int attempts;
  R lastResult;
  Throwable lastFailure;
  StopReason stopReason;
  private Details details;

  /** The rarely needed state. */
  private static final class Details {
    Throwable[] earlier;
    int earlierCount;
    long stopElapsedNanos;
    Throwable interruption;
  }

  Execution(long startNanos) {
    this.startNanos = startNanos;
  }

  /** The sync driver never hands its execution out as a future: nobody can complete it from outside. */
  @Override
  protected void stopWork(boolean mayInterruptIfRunning) {}

  /** Records that a retry took {@code cost} (>= 0) from the budget: the total saturates, the last cost is kept. */
  void addBudgetCost(long cost) {
    budgetTaken = (int) Math.min(MAX_UNSIGNED_INT, Integer.toUnsignedLong(budgetTaken) + Math.min(cost,
        MAX_UNSIGNED_INT));
    budgetLastCost = (int) Math.min(cost, Integer.MAX_VALUE);
  }

  /** The total cost the retries took from the budget, saturated at 2^32 - 1. */
  long budgetTaken() {
    return Integer.toUnsignedLong(budgetTaken);
  }

  /** The cost the last retry took from the budget (0 before any), at most Integer.MAX_VALUE. */
  long budgetLastCost() {
    return budgetLastCost;
  }

  void record(R result, Throwable failure) {
    attempts++;
    if (lastFailure != null && lastFailure != failure) {
      keepEarlier(lastFailure);
    }
    lastResult = result;
    lastFailure = failure;
  }

  private Details details() {
    if (details == null) {
      details = new Details();
    }
    return details;
  }

  private void keepEarlier(Throwable failure) {
    Details d = details();
    if (d.earlier == null) {
      d.earlier = new Throwable[MAX_SUPPRESSED];
    }
    // Keep the first MAX_SUPPRESSED - 1 and always the most recent one: the start and the end of the story.
    if (d.earlierCount < MAX_SUPPRESSED) {
      d.earlier[d.earlierCount++] = failure;
    } else {
      d.earlier[MAX_SUPPRESSED - 1] = failure;
    }
  }

  void stop(StopReason reason, long elapsedNanos) {
    this.stopReason = reason;
    details().stopElapsedNanos = elapsedNanos;
  }

  void interruptedBy(InterruptedException e) {
    details().interruption = e;
  }

  RetryException toException() {
    Details d = details();
    RetryException e = new RetryException(stopReason, attempts, Duration.ofNanos(Math.max(0, d.stopElapsedNanos)),
        lastFailure, lastResult);
    for (int i = 0; i < d.earlierCount; i++) {
      e.addSuppressed(d.earlier[i]);
    }
    if (d.interruption != null && d.interruption != lastFailure) {
      e.addSuppressed(d.interruption);
    }
    return e;
  }
}
