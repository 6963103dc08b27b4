package io.github.backoff.hedge;

/**
 * Receives the events of hedged calls.
 *
 * <p>Listeners are called synchronously on the thread that caused the event, so they should be quick. A listener
 * that throws is logged (through {@link System.Logger}, at WARNING) and ignored: it never breaks a call. A
 * listener registered on a shared policy is called concurrently by all calls and must be thread-safe.
 *
 * <pre>{@code
 * HedgePolicy<String> policy = HedgePolicy.<String>builder()
 *     .withDelay(Duration.ofMillis(50))
 *     .onEvent(event -> log.debug("hedge event {}", event))
 *     .build();
 * }</pre>
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface HedgeListener<R> {
  /** Called for each event. */
  void onEvent(HedgeEvent<? extends R> event);
}
