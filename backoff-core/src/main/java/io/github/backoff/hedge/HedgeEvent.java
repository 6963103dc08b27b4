package io.github.backoff.hedge;

import java.time.Duration;

/**
 * What happened during a hedged call. The set is closed: {@link HedgeSent}, {@link HedgeDenied}, {@link HedgeWon}
 * and {@link HedgeCancelled}, so a listener can switch over them exhaustively.
 *
 * <p>Events are immutable records, delivered synchronously on the thread that caused them (the caller's, the
 * scheduler's, or the one that completed an attempt). No event is created for a policy without listeners.
 *
 * <pre>{@code
 * HedgeListener<Object> listener = event -> {
 *   if (event instanceof HedgeWon<?> won && won.attempt() > 1) {
 *     metrics.hedgeWon();
 *   }
 * };
 * }</pre>
 *
 * @param <R> the result type of the hedged call
 */
public sealed interface HedgeEvent<R> permits HedgeSent, HedgeDenied, HedgeWon, HedgeCancelled {
  /** The number of the attempt this event is about: 1 for the original, 2 for the first hedge, and so on. */
  int attempt();

  /** Time since the start of the original attempt. */
  Duration elapsed();
}
