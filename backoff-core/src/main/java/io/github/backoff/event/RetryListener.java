package io.github.backoff.event;

/**
 * Receives the events of retried executions.
 *
 * <p>Listeners are called synchronously on the thread that ran the attempt, so they should be quick. A listener
 * that throws is logged (through {@link System.Logger}, at WARNING) and ignored: it never breaks a retry.
 * A listener registered on a shared policy is called concurrently by all executions and must be thread-safe.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = RetryPolicy.<String>builder()
 *     .onEvent(LoggingRetryListener.create())
 *     .build();
 * }</pre>
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface RetryListener<R> {
  /** Called for each event. */
  void onEvent(RetryEvent<? extends R> event);
}
