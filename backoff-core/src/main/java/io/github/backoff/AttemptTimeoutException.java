package io.github.backoff;

import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

/**
 * The failure recorded for an attempt that ran longer than the policy's per-attempt timeout. It is retryable by
 * default (a timed-out attempt is retried like any failed one) unless an abort condition matches it.
 */
public final class AttemptTimeoutException extends TimeoutException {
  private static final long serialVersionUID = 1L;

  private final long timeoutNanos;

  /** Creates an exception for an attempt that exceeded {@code timeout}. */
  public AttemptTimeoutException(Duration timeout) {
    super("attempt timed out after " + Durations.format(timeout));
    this.timeoutNanos = Durations.toNanosSaturated(timeout);
  }

  /** The per-attempt timeout that was exceeded. */
  public Duration timeout() {
    return Duration.ofNanos(timeoutNanos);
  }
}
