package io.github.backoff.event;

import java.time.Duration;

/**
 * What happened during a retried execution. The set is closed: {@link AttemptFailed}, {@link RetryScheduled},
 * {@link Succeeded} and {@link GaveUp}, so a listener can switch over them exhaustively.
 *
 * <p>Events are immutable records and are delivered synchronously, in order, on the thread that ran the attempt
 * (the caller's for {@code call}, the scheduler's or the completing stage's for {@code callAsync}).
 *
 * <pre>{@code
 * RetryListener<Object> listener = event -> {
 *   if (event instanceof RetryScheduled s) {
 *     metrics.retry(s.retry(), s.delay());
 *   }
 * };
 * }</pre>
 *
 * @param <R> the result type of the retried call
 */
public sealed interface RetryEvent<R> permits AttemptFailed, RetryScheduled, Succeeded, GaveUp {
  /** The number of the attempt this event is about (1 for the first attempt). */
  int attempt();

  /** Time since the start of the first attempt. */
  Duration elapsed();
}
