package io.github.backoff;

import java.time.Duration;

/**
 * Computes the wait from an attempt's outcome instead of the backoff strategy, for server hints such as HTTP's
 * {@code Retry-After}. Return {@code null} to use the strategy's delay.
 *
 * <pre>{@code
 * RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
 *     .retryIfResult(r -> r.statusCode() == 503)
 *     .withDelayOverride((response, failure) -> retryAfter(response), Duration.ZERO, Duration.ofMinutes(1))
 *     .build();
 * }</pre>
 *
 * <p>An override that needs to know which attempt failed, the delay the core computed or the time left before the
 * deadline implements {@link #delayFor(Object, Throwable, RetryContext)} too: the core calls that one, with the facts
 * of the execution ({@link RetryContext}).
 *
 * <p>Implementations must be thread-safe; an override that throws is treated as returning {@code null}.
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface DelayOverride<R> {
  /**
   * The wait before the next attempt, or {@code null} for the strategy's.
   *
   * @param result the failed attempt's result, or {@code null} if it threw
   * @param failure the failed attempt's exception, or {@code null} if it returned a result
   */
  Duration delayFor(R result, Throwable failure);

  /**
   * The wait before the next attempt, or {@code null} for the strategy's, knowing the execution's context. The core
   * calls this one; by default it answers {@link #delayFor(Object, Throwable)}.
   *
   * @param result the failed attempt's result, or {@code null} if it threw
   * @param failure the failed attempt's exception, or {@code null} if it returned a result
   * @param context the attempt, the elapsed time, the computed delay, the kind and the time left
   */
  default Duration delayFor(R result, Throwable failure, RetryContext context) {
    return delayFor(result, failure);
  }
}
