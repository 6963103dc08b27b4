package io.github.backoff.hedge;

import java.time.Duration;

/**
 * An attempt gave the call's answer: an acceptable result. {@code attempt() == 1} means the original won (and any
 * hedges were wasted); a higher number means a hedge won.
 *
 * @param attempt the winning attempt's number
 * @param elapsed time since the start of the original attempt: the call's latency
 * @param attemptsSent how many attempts had been sent, the winner included
 * @param result the result
 * @param <R> the result type
 */
public record HedgeWon<R>(int attempt, Duration elapsed, int attemptsSent, R result) implements HedgeEvent<R> {}
