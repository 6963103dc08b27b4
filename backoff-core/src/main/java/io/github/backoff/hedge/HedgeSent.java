package io.github.backoff.hedge;

import java.time.Duration;

/**
 * A hedged attempt was sent.
 *
 * @param attempt the attempt's number (2 for the first hedge)
 * @param elapsed time since the start of the original attempt
 * @param afterFailure whether it was sent at once because an earlier attempt failed or answered unacceptably,
 *     rather than because the hedging delay passed
 * @param <R> the result type
 */
public record HedgeSent<R>(int attempt, Duration elapsed, boolean afterFailure) implements HedgeEvent<R> {}
