package io.github.backoff.http;

import io.github.backoff.DelayOverride;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * The wait a 429 or 503 response asks for with {@code Retry-After}, plus a small jitter so that the clients the
 * server turned away do not all come back in the same instant. Thread-safe if its random source is.
 *
 * <p>It returns what the server asked, unchanged, when that is over the maximum: the core then stops with
 * {@code DELAY_TOO_LONG} (the policy is built with {@code giveUpIfOverrideExceedsMax}). Otherwise the jitter never
 * pushes the wait past the maximum. {@code null} (no header, another status, a malformed or negative value) makes
 * the core use the strategy's delay.
 */
final class RetryAfterOverride implements DelayOverride<Object> {
  static final long MIN_JITTER_NANOS = 100_000_000L;
  static final long MAX_JITTER_NANOS = 1_000_000_000L;

  private final Clock clock;
  private final RandomGenerator random;
  private final long maxNanos;

  /** {@code random} null means {@code ThreadLocalRandom.current()} at each use, as that class asks. */
  RetryAfterOverride(Clock clock, RandomGenerator random, Duration max) {
    this.clock = clock;
    this.random = random;
    this.maxNanos = Exchange.nanos(max);
  }

  @Override
  public Duration delayFor(Object result, Throwable failure) {
    if (!(result instanceof HttpResponse)) {
      return null;
    }
    HttpResponse<?> response = (HttpResponse<?>) result;
    if (response.statusCode() != 429 && response.statusCode() != 503) {
      return null;
    }
    Optional<String> header = response.headers().firstValue("Retry-After");
    if (header.isEmpty()) {
      return null;
    }
    Optional<Duration> asked = RetryAfter.parse(header.get(), clock.instant());
    if (asked.isEmpty()) {
      return null;
    }
    long askedNanos = Exchange.nanos(asked.get());
    if (askedNanos > maxNanos) {
      return asked.get();
    }
    RandomGenerator r = random != null ? random : ThreadLocalRandom.current();
    long jitter = (long) (r.nextDouble() * jitterBoundNanos(askedNanos));
    return Duration.ofNanos(Math.min(maxNanos, askedNanos + jitter));
  }

  /** A tenth of the wait, but at least 100 ms (so "Retry-After: 0" still spreads) and at most 1 s. */
  static long jitterBoundNanos(long askedNanos) {
    return Math.min(MAX_JITTER_NANOS, Math.max(MIN_JITTER_NANOS, askedNanos / 10));
  }
}
