package io.github.backoff.event;

import io.github.backoff.RetryKind;
import java.time.Duration;

/**
 * A retry will start after {@code delay}.
 *
 * @param attempt the number of the attempt that failed
 * @param elapsed time since the start of the first attempt
 * @param retry the retry number (equal to {@code attempt}: retry 1 follows attempt 1)
 * @param delay the wait before the retry
 * @param maxDelay the strategy's upper bound for this retry (what the wait could have been at most)
 * @param overridden whether the delay came from the policy's delay override (e.g. a Retry-After header)
 * @param result the failed attempt's result, or null if it threw
 * @param failure the failed attempt's exception, or null
 * @param kind the name of the failure's {@code RetryKind}, whose strategy computed the wait, or {@code "default"}
 * @param <R> the result type
 */
public record RetryScheduled<R>(int attempt, Duration elapsed, int retry, Duration delay, Duration maxDelay,
    boolean overridden, R result, Throwable failure, String kind) implements RetryEvent<R> {

  /** An event for a failure of no kind ({@code kind} is {@code "default"}). */
  public RetryScheduled(int attempt, Duration elapsed, int retry, Duration delay, Duration maxDelay,
      boolean overridden, R result, Throwable failure) {
    this(attempt, elapsed, retry, delay, maxDelay, overridden, result, failure, RetryKind.DEFAULT_NAME);
  }
}
