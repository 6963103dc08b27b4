package io.github.backoff.httprules.spi;

import io.github.backoff.RetryContext;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.RetryAfter;
import io.github.backoff.internal.Durations;
import io.github.backoff.internal.QuietOverride;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * The delay a response's hints ask for, and the one place of the rule "a {@code Retry-After} above the maximum stops
 * the retries": the maximum ({@link HttpRetryOptions#maxRetryAfter()}) is read here only, and goes to the core on one
 * route, {@link #install}, which makes the core stop with {@code DELAY_TOO_LONG} on a wait above it; the wait for a
 * {@code Retry-After} above it is returned as asked, for the core to refuse, and every other wait is kept at or below
 * it. Learns everything per call from the core's {@link RetryContext}: the attempt, the delay the core computed (a
 * millisecond hint is clamped against that one), the strategy's maximum (the spread's bound) and the time left (the
 * spread never pushes a retry that fits past the deadline).
 *
 * <p>Immutable and thread-safe.
 */
final class HttpHints implements io.github.backoff.DelayOverride<Object>, QuietOverride {
  private final HttpResponseReader reader;
  private final HttpRetryOptions options;
  private final long maxNanos;
  private final long maxAboveNanos;
  /** The millisecond hint's header, or null without one. */
  private final String millisHeader;

  HttpHints(HttpResponseReader reader, HttpRetryOptions options) {
    this.reader = reader;
    this.options = options;
    this.millisHeader = options.retryAfterMillisHeader().orElse(null);
    this.maxNanos = Durations.toNanosSaturated(options.maxRetryAfter());
    this.maxAboveNanos = Durations.toNanosSaturated(options.maxHintAboveBackoff());
  }

  /** {@code policy} with these hints as its delay override, stopping on a wait above the maximum. */
  RetryPolicyBuilder<Object> install(RetryPolicyBuilder<Object> policy) {
    return policy.withDelayOverride(this, Duration.ZERO, Duration.ofNanos(maxNanos)).giveUpIfOverrideExceedsMax();
  }

  /**
   * True when {@link #delayFor} returns null whatever the context: not a response of the client, or a response with
   * neither a {@code Retry-After} nor the millisecond hint's header. Then the core builds no context for it.
   */
  @Override
  public boolean isQuietFor(Object result, Throwable failure) {
    return reader.status(result) < 0 || reader.header(result, HttpRetryRules.RETRY_AFTER) == null
        && (millisHeader == null || reader.header(result, millisHeader) == null);
  }

  @Override
  public Duration delayFor(RetryContext<Object> context) {
    Object result = context.result();
    int status = reader.status(result);
    if (status < 0) {
      return null;
    }
    return hintedDelay(status, reader.header(result, HttpRetryRules.RETRY_AFTER),
        millisHeader == null ? null : reader.header(result, millisHeader), context, options.clock(),
        options.random().orElse(null), maxNanos, maxAboveNanos);
  }

  /**
   * The wait a response's hints ask for: a valid {@code Retry-After} on a status that honours it, spread above its
   * floor with the spread bounded by the strategy's maximum for this retry and cut to the time left, at most
   * {@code maxNanos}, or as asked if that is above {@code maxNanos} (the core then stops); else a valid millisecond
   * hint, clamped against the delay the core computed ({@link HttpRetryDelays#clampHintNanos}) and to
   * {@code maxNanos}, unless that delay already exceeds {@code maxNanos}; else {@code null}, the core's delay.
   *
   * @param random the spread's source, or null for {@code ThreadLocalRandom}
   */
  static Duration hintedDelay(int status, String retryAfter, String millisHint, RetryContext<?> context, Clock clock,
      RandomGenerator random, long maxNanos, long maxAboveNanos) {
    if (retryAfter != null && HttpRetryRules.honoursRetryAfter(status)) {
      Optional<Duration> asked = RetryAfter.parse(retryAfter, clock.instant());
      if (asked.isPresent()) {
        long askedNanos = Durations.toNanosSaturated(asked.get());
        if (askedNanos > maxNanos) {
          return asked.get(); // above the maximum: the core stops (install)
        }
        long left = context.timeLeft().map(Durations::toNanosSaturated).orElse(Long.MAX_VALUE);
        double u = (random != null ? random : ThreadLocalRandom.current()).nextDouble();
        return Duration.ofNanos(HttpRetryDelays.retryAfterWaitNanos(askedNanos,
            Durations.toNanosSaturated(context.maxDelay()), maxNanos, left, u));
      }
    }
    Optional<Duration> hint = HttpRetryDelays.parseMillisHint(millisHint);
    if (hint.isPresent()) {
      long wait = HttpRetryDelays.millisHintWaitNanos(Durations.toNanosSaturated(hint.get()),
          Durations.toNanosSaturated(context.delay()), maxNanos, maxAboveNanos);
      return wait < 0 ? null : Duration.ofNanos(wait); // -1: the strategy's delay, already above the maximum
    }
    return null;
  }

  @Override
  public String toString() {
    return "HTTP hints (Retry-After, " + options.retryAfterMillisHeader().orElse("no millisecond hint") + ")";
  }
}
