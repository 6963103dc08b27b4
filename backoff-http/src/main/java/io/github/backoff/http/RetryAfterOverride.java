package io.github.backoff.http;

import io.github.backoff.DelayOverride;
import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryRules;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * The wait a server's hint asks for, by the shared rules of {@link HttpRetryDelays}:
 * <ul>
 *   <li>a {@code Retry-After} on 429 or 503 is a floor, spread by a uniform draw of up to half the asked wait or the
 *       strategy's own delay for this retry (its maximum), whichever is longer, so that the clients the server
 *       turned away together do not come back together; never past the maximum;
 *   <li>otherwise a millisecond hint header, if configured, clamped to {@code [computed, computed + maxAbove]},
 *       {@code computed} being the strategy's delay for this retry.
 * </ul>
 * Thread-safe if its random source is.
 *
 * <p>It returns what the server asked with {@code Retry-After}, unchanged, when that is over the maximum: the core
 * then stops with {@code DELAY_TOO_LONG} (the policy is built with {@code giveUpIfOverrideExceedsMax}).
 * {@code null} (no hint, a status that may not carry {@code Retry-After}, a malformed or negative value, a failure
 * rather than a response) makes the core use the strategy's delay.
 */
final class RetryAfterOverride implements DelayOverride<Object> {
  private final RetryPolicy<Object> policy;
  private final Clock clock;
  private final RandomGenerator random;
  private final long maxNanos;
  private final String hintHeader;
  private final long hintMaxAboveNanos;

  /**
   * {@code random} null means {@code ThreadLocalRandom.current()} at each use, as that class asks; {@code hintHeader}
   * null means none.
   */
  RetryAfterOverride(RetryPolicy<Object> policy, Clock clock, RandomGenerator random, Duration max,
      String hintHeader, Duration hintMaxAbove) {
    this.policy = policy;
    this.clock = clock;
    this.random = random;
    this.maxNanos = Exchange.nanos(max);
    this.hintHeader = hintHeader;
    this.hintMaxAboveNanos = Exchange.nanos(hintMaxAbove);
  }

  @Override
  public Duration delayFor(Object result, Throwable failure) {
    if (!(result instanceof BufferedResponse)) {
      return null;
    }
    BufferedResponse<?> response = (BufferedResponse<?>) result;
    return HttpRetryDelays.hintedDelay(response.statusCode(),
        response.headers().firstValue(HttpRetryRules.RETRY_AFTER).orElse(null),
        hintHeader == null ? null : response.headers().firstValue(hintHeader).orElse(null),
        policy.backoffFor(response, null), Math.max(1, response.attempt()), clock,
        random != null ? random : ThreadLocalRandom.current(), maxNanos, hintMaxAboveNanos);
  }
}
