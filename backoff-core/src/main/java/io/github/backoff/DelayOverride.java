package io.github.backoff;

import java.time.Duration;

/**
 * Computes the wait after a failed attempt instead of the backoff strategy, for server hints such as HTTP's
 * {@code Retry-After}: one method over one argument, the {@link RetryContext} of the failed attempt (its result or
 * failure, which attempt it was, the elapsed time, the delay the core computed, the strategy's maximum, the kind and
 * the time left), as Polly's {@code DelayGenerator} and Failsafe's {@code withDelayFn} take theirs. Return
 * {@code null} to use the strategy's delay.
 *
 * <pre>{@code
 * RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
 *     .retryIfResult(r -> r.statusCode() == 503)
 *     .withDelayOverride(context -> retryAfter(context.result()), Duration.ZERO, Duration.ofMinutes(1))
 *     .build();
 * }</pre>
 *
 * <p>Implementations must be thread-safe; an override that throws is treated as returning {@code null}. The core
 * builds a context only for a policy with an override, so a policy without one allocates nothing for it.
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface DelayOverride<R> {
  /**
   * The wait before the next attempt, or {@code null} (or a negative duration) for the strategy's.
   *
   * @param context the failed attempt and what the core knows of its execution
   * @return the wait, clamped by the policy to the override's bounds, or {@code null}
   */
  Duration delayFor(RetryContext<R> context);
}
