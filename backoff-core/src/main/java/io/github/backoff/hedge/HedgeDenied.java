package io.github.backoff.hedge;

import java.time.Duration;

/**
 * The budget denied a hedge: no further hedge is sent for this call; the attempts in flight go on.
 *
 * @param attempt the number the denied attempt would have had
 * @param elapsed time since the start of the original attempt
 * @param <R> the result type
 */
public record HedgeDenied<R>(int attempt, Duration elapsed) implements HedgeEvent<R> {}
