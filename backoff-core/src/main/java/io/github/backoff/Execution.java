package io.github.backoff;

import java.time.Duration;

/**
 * The mutable state of one retried execution after its first failure. Created lazily, so a call that succeeds at
 * once allocates none of it. Confined to one attempt at a time: the drivers hand it from attempt to attempt with
 * a happens-before edge (the caller's thread, or the async driver's atomic settle).
 */
final class Execution<R> {
  static final int MAX_SUPPRESSED = 10;

  final long startNanos;
  int attempts;
  long previousDelayNanos;
  long budgetAcquired;
  R lastResult;
  Throwable lastFailure;
  private Throwable[] earlier;
  private int earlierCount;
  StopReason stopReason;
  long stopElapsedNanos;
  private Throwable interruption;

  Execution(long startNanos) {
    this.startNanos = startNanos;
  }

  void record(R result, Throwable failure) {
    attempts++;
    if (lastFailure != null && lastFailure != failure) {
      keepEarlier(lastFailure);
    }
    lastResult = result;
    lastFailure = failure;
  }

  private void keepEarlier(Throwable failure) {
    if (earlier == null) {
      earlier = new Throwable[MAX_SUPPRESSED];
    }
    // Keep the first MAX_SUPPRESSED - 1 and always the most recent one: the start and the end of the story.
    if (earlierCount < MAX_SUPPRESSED) {
      earlier[earlierCount++] = failure;
    } else {
      earlier[MAX_SUPPRESSED - 1] = failure;
    }
  }

  void stop(StopReason reason, long elapsedNanos) {
    this.stopReason = reason;
    this.stopElapsedNanos = elapsedNanos;
  }

  void interruptedBy(InterruptedException e) {
    this.interruption = e;
  }

  RetryException toException() {
    RetryException e = new RetryException(stopReason, attempts, Duration.ofNanos(Math.max(0, stopElapsedNanos)),
        lastFailure, lastResult);
    for (int i = 0; i < earlierCount; i++) {
      e.addSuppressed(earlier[i]);
    }
    if (interruption != null && interruption != lastFailure) {
      e.addSuppressed(interruption);
    }
    return e;
  }
}
