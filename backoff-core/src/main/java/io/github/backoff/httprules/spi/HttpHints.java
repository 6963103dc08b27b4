package io.github.backoff.httprules.spi;

import io.github.backoff.RetryContext;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.RateLimitRules;
import io.github.backoff.httprules.RetryAfter;
import io.github.backoff.internal.Durations;
import io.github.backoff.ratelimit.SharedReset;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
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
 * <p>A rate-limit reset a known API names ({@link RateLimitRules}: {@code retry-after-ms}, OpenAI's, Anthropic's, the
 * IETF fields, {@code X-RateLimit-Reset}) is a named wait like a {@code Retry-After}, under the same maximum; each one
 * followed is taught to the client's {@link SharedReset}, whose wait lengthens any shorter delay of the client's
 * calls. It also tells the core whether a 429 means an exhausted quota ({@link #quotaExhausted}, installed as the
 * policy's {@code stopIfQuotaExhausted}).
 *
 * <p>Immutable and thread-safe (the shared reset is).
 */
final class HttpHints implements io.github.backoff.DelayOverride<Object> {
  private final HttpResponseReader reader;
  private final HttpRetryOptions options;
  private final long maxNanos;
  private final long maxAboveNanos;
  /** The reset the client's calls share, or null if they do not. */
  private final SharedReset reset;

  HttpHints(HttpResponseReader reader, HttpRetryOptions options, SharedReset reset) {
    this.reader = reader;
    this.options = options;
    this.reset = reset;
    this.maxNanos = Durations.toNanosSaturated(options.maxRetryAfter());
    this.maxAboveNanos = Durations.toNanosSaturated(options.maxHintAboveBackoff());
  }

  /** {@code policy} with these hints as its delay override, stopping on a wait above the maximum. */
  RetryPolicyBuilder<Object> install(RetryPolicyBuilder<Object> policy) {
    return policy.withDelayOverride(this, Duration.ZERO, Duration.ofNanos(maxNanos)).giveUpIfOverrideExceedsMax()
        .stopIfQuotaExhausted(this::quotaExhausted);
  }

  /**
   * Whether {@code result} is a 429 meaning "out of quota" by the options' {@link RateLimitRules}: its named wait
   * ({@code Retry-After}, else a family's) an hour or more and above the maximum, or a quota marker in the first
   * characters of its body (read only here, only on a 429).
   */
  boolean quotaExhausted(Object result) {
    int status = reader.status(result);
    if (status != 429) {
      return false;
    }
    RateLimitRules rules = options.rateLimitRules();
    return rules.isQuotaExhausted(status, namedWait(result, status), options.maxRetryAfter(),
        () -> reader.bodyPrefix(result, rules.maxBodyChars()));
  }

  /**
   * The wait {@code result} names: a valid {@code Retry-After} on a status that honours it, else the first the
   * options' rate-limit header families name; or empty.
   */
  private Optional<Duration> namedWait(Object result, int status) {
    Instant now = options.clock().instant();
    String retryAfter = reader.header(result, HttpRetryRules.RETRY_AFTER);
    Optional<Duration> asked = retryAfter != null && HttpRetryRules.honoursRetryAfter(status)
        ? RetryAfter.parse(retryAfter, now) : Optional.empty();
    return asked.isPresent() ? asked
        : options.rateLimitRules().namedWait(status, name -> reader.header(result, name), now);
  }

  @Override
  public Duration delayFor(RetryContext<Object> context) {
    Object result = context.result();
    int status = reader.status(result);
    if (status < 0) {
      return null;
    }
    Optional<Duration> named = namedWait(result, status);
    Duration wait = hintedDelay(status, null,
        options.retryAfterMillisHeader().map(h -> reader.header(result, h)).orElse(null), () -> named, context,
        options.clock(), options.random().orElse(null), maxNanos, maxAboveNanos);
    if (reset == null) {
      return wait;
    }
    if (named.isPresent() && Durations.toNanosSaturated(named.get()) <= maxNanos) {
      reset.noRequestsFor(Durations.toNanosSaturated(named.get())); // a wait followed: every call waits for it
    }
    long shared = reset.waitNanos();
    long own = wait != null ? Durations.toNanosSaturated(wait) : Durations.toNanosSaturated(context.delay());
    return shared > own && shared <= maxNanos ? Duration.ofNanos(shared) : wait;
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
    return hintedDelay(status, retryAfter, millisHint, Optional::empty, context, clock, random, maxNanos,
        maxAboveNanos);
  }

  /**
   * {@link #hintedDelay(int, String, String, RetryContext, Clock, RandomGenerator, long, long)}, where without a
   * valid {@code Retry-After} the wait a rate-limit header family names ({@code rateLimitWait}, looked up only
   * then) is followed exactly as a {@code Retry-After}: spread above, at most {@code maxNanos}, or as asked above it
   * (the core then stops); it wins over the millisecond hint.
   */
  static Duration hintedDelay(int status, String retryAfter, String millisHint,
      Supplier<Optional<Duration>> rateLimitWait, RetryContext<?> context, Clock clock, RandomGenerator random,
      long maxNanos, long maxAboveNanos) {
    Optional<Duration> asked = retryAfter != null && HttpRetryRules.honoursRetryAfter(status)
        ? RetryAfter.parse(retryAfter, clock.instant()) : Optional.empty();
    if (asked.isEmpty()) {
      asked = rateLimitWait.get();
    }
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
    return "HTTP hints (Retry-After, " + options.rateLimitRules() + ", "
        + options.retryAfterMillisHeader().orElse("no millisecond hint") + ")";
  }
}
