package io.github.backoff.event;

import java.time.Duration;

/**
 * The execution succeeded with {@code result} at attempt {@code attempt}.
 *
 * @param attempt the number of the successful attempt
 * @param elapsed time since the start of the first attempt
 * @param result the result
 * @param <R> the result type
 */
public record Succeeded<R>(int attempt, Duration elapsed, R result) implements RetryEvent<R> {}
