package io.github.backoff.event;

import io.github.backoff.StopReason;
import java.time.Duration;

/**
 * The execution stopped without success.
 *
 * @param attempt the number of the last attempt
 * @param elapsed time since the start of the first attempt
 * @param reason why it stopped
 * @param result the last attempt's result, or null if it threw
 * @param failure the last attempt's exception, or null
 * @param <R> the result type
 */
public record GaveUp<R>(int attempt, Duration elapsed, StopReason reason, R result, Throwable failure)
    implements RetryEvent<R> {}
