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
}
