package io.github.backoff.hedge;

import java.time.Duration;

/**
 * An attempt still in flight was cancelled because the call completed: another attempt won, one failed fatally,
 * or the caller cancelled or completed the call's future.
 *
 * @param attempt the cancelled attempt's number
 * @param elapsed time since the start of the original attempt
 * @param <R> the result type
 */
public record HedgeCancelled<R>(int attempt, Duration elapsed) implements HedgeEvent<R> {}
