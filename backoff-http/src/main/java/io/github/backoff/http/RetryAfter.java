package io.github.backoff.http;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Parses HTTP's {@code Retry-After} header. Moved to the core, where every HTTP integration shares it.
 *
 * <pre>{@code
 * Optional<Duration> wait = io.github.backoff.httprules.RetryAfter.parse(value, Instant.now());
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 *
 * @deprecated use {@link io.github.backoff.httprules.RetryAfter}, which this class delegates to; it will be removed
 *     in a later release
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public final class RetryAfter {
  private RetryAfter() {}

  /**
   * The wait a {@code Retry-After} value asks for.
   *
   * @deprecated use {@link io.github.backoff.httprules.RetryAfter#parse}
   */
  @Deprecated(since = "0.1.0", forRemoval = true)
  public static Optional<Duration> parse(String value, Instant now) {
    return io.github.backoff.httprules.RetryAfter.parse(value, now);
  }

  /**
   * Parses an HTTP-date in any of its three forms.
   *
   * @deprecated use {@link io.github.backoff.httprules.RetryAfter#parseHttpDate}
   */
  @Deprecated(since = "0.1.0", forRemoval = true)
  public static Optional<Instant> parseHttpDate(String value, Instant now) {
    return io.github.backoff.httprules.RetryAfter.parseHttpDate(value, now);
  }
}
