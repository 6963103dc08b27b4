package io.github.backoff.event;

import java.time.Duration;

/**
 * An attempt failed: it threw ({@code failure} is non-null) or returned a result the policy retries on
 * ({@code failure} is null). Followed by {@link RetryScheduled} or {@link GaveUp}.
 *
 * @param attempt the number of the failed attempt, 1 for the first
 * @param elapsed time since the start of the first attempt
 * @param result the attempt's result, or null if it threw
 * @param failure the attempt's exception, or null if it returned a retryable result
 * @param <R> the result type
 */
public record AttemptFailed<R>(int attempt, Duration elapsed, R result, Throwable failure)
    implements RetryEvent<R> {}
