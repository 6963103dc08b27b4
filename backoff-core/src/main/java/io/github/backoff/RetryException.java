package io.github.backoff;

import io.github.backoff.internal.Durations;
import java.time.Duration;

/**
 * Thrown (or used to complete a future exceptionally) when a retried execution stops without success.
 *
 * <p>It carries the typed {@linkplain #reason() reason}, the number of {@linkplain #attempts() attempts}, the
 * {@linkplain #elapsed() elapsed time} and the {@linkplain #lastResult() last result} if the last attempt returned
 * one; the last failure is the {@linkplain #getCause() cause}, and up to ten earlier failures are
 * {@linkplain #getSuppressed() suppressed}, oldest first.
 *
 * <pre>{@code
 * try {
 *   return retrier.call(() -> fetch(url));
 * } catch (RetryException e) {
 *   if (e.reason() == StopReason.TIME_BUDGET_EXHAUSTED) { ... }
 * }
 * }</pre>
 *
 * <p>Instances are created by the drivers and not modified afterwards; they are safe to share between threads.
 */
public final class RetryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final StopReason reason;
  private final int attempts;
  private final long elapsedNanos;
  private final transient Object lastResult;

  /**
   * Creates an exception; the drivers call this, users rarely need to.
   *
   * @throws NullPointerException if {@code reason} is null
   */
  public RetryException(StopReason reason, int attempts, Duration elapsed, Throwable lastFailure, Object lastResult) {
    super(message(reason, attempts, Durations.toNanosSaturated(elapsed), lastFailure), lastFailure);
    this.reason = java.util.Objects.requireNonNull(reason, "reason");
    this.attempts = attempts;
    this.elapsedNanos = Durations.toNanosSaturated(elapsed);
    this.lastResult = lastResult;
  }

  private static String message(StopReason reason, int attempts, long elapsedNanos, Throwable lastFailure) {
    StringBuilder sb = new StringBuilder("Gave up after ")
        .append(attempts).append(attempts == 1 ? " attempt" : " attempts")
        .append(" in ").append(Durations.format(elapsedNanos))
        .append(": ").append(reason.description());
    if (lastFailure != null) {
      sb.append("; last failure: ").append(lastFailure);
    }
    return sb.toString();
  }

  /** Why the execution stopped. */
  public StopReason reason() {
    return reason;
  }

  /** How many attempts were started. */
  public int attempts() {
    return attempts;
  }

  /**
   * Time from the start of the first attempt to the decision to stop. If the policy has no time budget, no
   * listeners and no per-attempt timeout, nothing needs the clock before an attempt fails, so it is first read
   * when the first attempt fails and this time starts there (a call that succeeds at once never reads the clock).
   */
  public Duration elapsed() {
    return Duration.ofNanos(elapsedNanos);
  }

  /** The result of the last attempt if it returned one (a result the policy retries on), else {@code null}. */
  public Object lastResult() {
    return lastResult;
  }
}
