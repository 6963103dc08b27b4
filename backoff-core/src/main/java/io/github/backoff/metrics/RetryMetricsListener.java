package io.github.backoff.metrics;

import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryListener;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;

/**
 * A {@link RetryListener} that sees retry events as a metrics backend needs them: a call finished (with its
 * {@link CallOutcome} and its number of attempts), or a retry was scheduled (with its wait). The one place that
 * reads the event types for metrics; a backend implements the two methods with its own meters. Failed attempts
 * that are retried count through {@link #retryScheduled}; an {@code AttemptFailed} event adds nothing.
 *
 * <pre>{@code
 * LongAdder gaveUp = new LongAdder();
 * RetryMetricsListener counts = new RetryMetricsListener() {
 *   public void callFinished(CallOutcome outcome, int attempts) {
 *     if (!outcome.isSuccess()) {
 *       gaveUp.increment();
 *     }
 *   }
 *
 *   public void retryScheduled(long delayNanos) {}
 * };
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().onEvent(counts).build();
 * }</pre>
 *
 * <p>A policy calls its listeners concurrently from all its calls: implementations must be thread-safe, and should
 * not allocate per event. The dispatch itself allocates nothing.
 */
public interface RetryMetricsListener extends RetryListener<Object> {

  /**
   * A call finished: it succeeded or gave up.
   *
   * @param outcome how it finished
   * @param attempts how many attempts it made, the first included ({@code >= 1}, or 0 if it stopped before its
   *     first attempt)
   */
  void callFinished(CallOutcome outcome, int attempts);

  /**
   * A retry was scheduled after a failed attempt.
   *
   * @param delayNanos the wait before it, in nanoseconds ({@code >= 0})
   */
  void retryScheduled(long delayNanos);

  /** Translates {@code event} into {@link #callFinished} or {@link #retryScheduled}; other events are ignored. */
  @Override
  default void onEvent(RetryEvent<?> event) {
    // instanceof rather than a pattern switch over the sealed set: Java 17 has no pattern switch.
    if (event instanceof Succeeded) {
      int attempt = event.attempt();
      callFinished(CallOutcome.succeeded(attempt), attempt);
    } else if (event instanceof RetryScheduled) {
      retryScheduled(((RetryScheduled<?>) event).delay().toNanos());
    } else if (event instanceof GaveUp) {
      callFinished(CallOutcome.gaveUp(((GaveUp<?>) event).reason()), event.attempt());
    }
  }
}
