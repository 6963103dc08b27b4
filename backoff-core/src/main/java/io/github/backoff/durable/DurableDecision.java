package io.github.backoff.durable;

import java.time.Duration;
import java.time.Instant;

/**
 * What a {@link DurableSchedule} answers for a failed attempt: retry at a time, or give up.
 *
 * <pre>{@code
 * DurableDecision decision = schedule.next(failure);
 * if (decision instanceof DurableDecision.RetryAt retry) {
 *   store(item, retry.attempt(), retry.at());
 * } else {
 *   deadLetter(item, ((DurableDecision.GiveUp) decision).reason());
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public sealed interface DurableDecision permits DurableDecision.RetryAt, DurableDecision.GiveUp {

  /**
   * Run attempt {@code attempt} at {@code at}, which is the failed attempt's time plus {@code delay}.
   *
   * @param at when the next attempt is due ({@code Instant.MAX} if the wait does not fit in an {@code Instant})
   * @param delay the wait after the failed attempt: jittered by the key, clamped to the schedule's maximum delay
   * @param attempt the number of the next attempt (the failed attempt's plus one)
   * @param kind the failure kind whose strategy computed the wait ({@link DurableSchedule#DEFAULT_KIND} if none)
   */
  record RetryAt(Instant at, Duration delay, int attempt, String kind) implements DurableDecision {}

  /**
   * Give up on the item: no further attempt.
   *
   * @param reason why
   * @param attempts how many attempts were made
   * @param elapsed the time from the first failure to the failed attempt
   */
  record GiveUp(GiveUpReason reason, int attempts, Duration elapsed) implements DurableDecision {}
}
