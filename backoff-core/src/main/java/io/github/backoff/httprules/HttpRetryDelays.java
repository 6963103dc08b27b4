package io.github.backoff.httprules;

import io.github.backoff.RetryContext;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.strategy.Backoff;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * How long to wait when a server gives a hint, as pure functions of nanoseconds and a uniform draw, shared by every
 * HTTP integration (backoff-http, backoff-okhttp):
 * <ul>
 *   <li>{@code Retry-After} is a floor, and is spread: {@link #retryAfterWaitNanos} waits what the server asked plus
 *       a uniform draw of up to {@link #retryAfterSpreadBoundNanos half the asked wait or the strategy's own delay,
 *       whichever is longer}, so that the clients a server turned away in the same instant do not all come back
 *       in the same instant (as Envoy's jittered lower bound spreads rate-limited retries by up to half the wait).
 *   <li>A millisecond hint such as AWS's {@value #AMZ_RETRY_AFTER} ({@link #parseMillisHint}) may lengthen the
 *       computed backoff but never shorten it, and by at most {@link #DEFAULT_MAX_HINT_ABOVE_BACKOFF 5 s}
 *       ({@link #clampHintNanos}), as the AWS SDKs do from 2026.
 * </ul>
 *
 * <pre>{@code
 * long asked = RetryAfter.parse(header, Instant.now()).map(Duration::toNanos).orElse(0L);
 * long wait = HttpRetryDelays.retryAfterWaitNanos(asked, backoff.maxDelayNanos(retry), maxNanos, random.nextDouble());
 * long hinted = HttpRetryDelays.clampHintNanos(hintNanos, computedNanos, Duration.ofSeconds(5).toNanos());
 * }</pre>
 *
 * <p>Stateless and thread-safe. All arithmetic saturates at {@link Long#MAX_VALUE} nanoseconds; nothing overflows.
 */
public final class HttpRetryDelays {
  /** AWS's millisecond hint header, sent with throttling and transient errors. */
  public static final String AMZ_RETRY_AFTER = "x-amz-retry-after";
  /** How far a millisecond hint may lengthen the computed backoff, as in the AWS SDKs: 5 s. */
  public static final Duration DEFAULT_MAX_HINT_ABOVE_BACKOFF = Duration.ofSeconds(5);
  /**
   * The longest {@code Retry-After} an HTTP client follows by default: one minute. A longer one stops the retries
   * ({@code StopReason.DELAY_TOO_LONG}) rather than holding the caller.
   */
  public static final Duration DEFAULT_MAX_RETRY_AFTER = Duration.ofMinutes(1);

  private HttpRetryDelays() {}

  /**
   * The bound of the spread added to a {@code Retry-After}: half the asked wait, or the strategy's own delay for
   * this retry if that is longer (so {@code Retry-After: 0} is spread by the strategy's delay).
   *
   * @throws IllegalArgumentException if an argument is negative
   */
  public static long retryAfterSpreadBoundNanos(long askedNanos, long strategyDelayNanos) {
    Checks.requireArgument(askedNanos >= 0, "askedNanos must be >= 0: %s", askedNanos);
    Checks.requireArgument(strategyDelayNanos >= 0, "strategyDelayNanos must be >= 0: %s", strategyDelayNanos);
    return Math.max(askedNanos / 2, strategyDelayNanos);
  }

  /**
   * The wait after a {@code Retry-After} asking for {@code askedNanos}: {@code asked + u·bound}
   * ({@link #retryAfterSpreadBoundNanos bound}), at most {@code maxNanos}, never less than {@code asked}. If
   * {@code asked} itself exceeds {@code maxNanos} it is returned unchanged, for the caller to refuse.
   *
   * @param u a uniform draw in {@code [0, 1)}
   * @throws IllegalArgumentException if a duration is negative or {@code u} is not in {@code [0, 1]}
   */
  public static long retryAfterWaitNanos(long askedNanos, long strategyDelayNanos, long maxNanos, double u) {
    return retryAfterWaitNanos(askedNanos, strategyDelayNanos, maxNanos, Long.MAX_VALUE, u);
  }

  /**
   * {@link #retryAfterWaitNanos(long, long, long, double)}, with the spread cut so that a retry that fits before the
   * deadline still does: when the asked wait ends before the time left, the wait ends at most halfway between the
   * asked wait and the deadline ({@code asked + (left - asked) / 2}), leaving the retry at least half of the slack
   * to run in; never less than the asked wait. (Without the cut, a spread drawn past the deadline would stop the
   * retries with {@code TIME_BUDGET_EXHAUSTED} though waiting what the server asked would fit.)
   *
   * @param leftNanos the time left before the deadline, {@link Long#MAX_VALUE} for none
   * @param u a uniform draw in {@code [0, 1)}
   * @throws IllegalArgumentException if a duration is negative or {@code u} is not in {@code [0, 1]}
   */
  public static long retryAfterWaitNanos(long askedNanos, long strategyDelayNanos, long maxNanos, long leftNanos,
      double u) {
    Checks.requireArgument(leftNanos >= 0, "leftNanos must be >= 0: %s", leftNanos);
    long wait = spreadWaitNanos(askedNanos, strategyDelayNanos, maxNanos, u);
    if (leftNanos != Long.MAX_VALUE && askedNanos < leftNanos && wait > askedNanos) {
      wait = Math.min(wait, askedNanos + (leftNanos - askedNanos) / 2);
    }
    return wait;
  }

  private static long spreadWaitNanos(long askedNanos, long strategyDelayNanos, long maxNanos, double u) {
    long bound = retryAfterSpreadBoundNanos(askedNanos, strategyDelayNanos);
    Checks.requireArgument(maxNanos >= 0, "maxNanos must be >= 0: %s", maxNanos);
    Checks.requireArgument(u >= 0 && u <= 1, "u must be in [0, 1]: %s", u);
    if (askedNanos > maxNanos) {
      return askedNanos;
    }
    long spread = (long) (u * bound); // a double below 2^63 converts exactly enough; at 2^63 it saturates
    return Math.min(maxNanos, Durations.addSaturated(askedNanos, spread));
  }

  /**
   * A server's hint clamped the AWS way: at least the computed backoff, at most {@code maxAboveNanos} above it:
   * {@code min(max(hint, computed), computed + maxAbove)}.
   *
   * @throws IllegalArgumentException if an argument is negative
   */
  public static long clampHintNanos(long hintNanos, long computedNanos, long maxAboveNanos) {
    Checks.requireArgument(hintNanos >= 0, "hintNanos must be >= 0: %s", hintNanos);
    Checks.requireArgument(computedNanos >= 0, "computedNanos must be >= 0: %s", computedNanos);
    Checks.requireArgument(maxAboveNanos >= 0, "maxAboveNanos must be >= 0: %s", maxAboveNanos);
    return Durations.clampHint(hintNanos, computedNanos, maxAboveNanos); // the core's one rule
  }

  /**
   * The wait a response's hints ask for, by the rules every HTTP integration follows: a valid {@code Retry-After}
   * on a status that {@link HttpRetryRules#honoursRetryAfter honours it}, spread above its floor
   * ({@link #retryAfterWaitNanos}, the spread bounded by the strategy's maximum delay for this retry); else a valid
   * millisecond hint, clamped to {@code [computed, computed + maxAbove]} ({@link #clampHintNanos}) and to
   * {@code maxNanos}, unless the strategy's own delay already exceeds {@code maxNanos}; else {@code null}, meaning
   * "the strategy's delay". The shape of a {@link io.github.backoff.DelayOverride}'s answer, so an integration's
   * override only adapts its response type.
   *
   * <pre>{@code
   * Duration wait = HttpRetryDelays.hintedDelay(response.code(), response.header("Retry-After"),
   *     response.header(HttpRetryDelays.AMZ_RETRY_AFTER), backoff, retry, clock, random, maxNanos, maxAboveNanos);
   * }</pre>
   *
   * @param status the response's status code
   * @param retryAfter the response's {@code Retry-After} value, or {@code null}
   * @param millisHint the response's millisecond hint value, or {@code null} (none configured or none sent)
   * @param backoff the strategy for this response, for the spread bound and the computed delay
   * @param retry the retry about to be made, from 1
   * @param clock the wall clock, read only to turn an HTTP-date into a wait
   * @param random the source of the spread and of the computed delay's jitter
   * @param maxNanos the longest wait followed; a {@code Retry-After} above it is returned unchanged, to refuse
   * @param maxAboveNanos how far a millisecond hint may lengthen the computed delay
   * @return the wait, or {@code null} if no hint applies
   * @deprecated plumbing, not API: it draws a computed delay of its own, where the core passes the one it uses
   *     ({@link io.github.backoff.RetryContext}); clients use {@link HttpRetryCalls}. Will be removed in a later
   *     release
   */
  @Deprecated(since = "0.1.0", forRemoval = true)
  public static Duration hintedDelay(int status, String retryAfter, String millisHint, Backoff backoff, int retry,
      Clock clock, RandomGenerator random, long maxNanos, long maxAboveNanos) {
    if (retryAfter != null && HttpRetryRules.honoursRetryAfter(status)) {
      Optional<Duration> asked = RetryAfter.parse(retryAfter, clock.instant());
      if (asked.isPresent()) {
        long strategy = backoff.maxDelayNanos(retry);
        return Duration.ofNanos(retryAfterWaitNanos(Durations.toNanosSaturated(asked.get()), strategy, maxNanos,
            random.nextDouble()));
      }
    }
    Optional<Duration> hint = parseMillisHint(millisHint);
    if (hint.isPresent()) {
      long computed = backoff.delayNanos(retry, 0, random);
      if (computed > maxNanos) {
        return null; // the strategy alone already waits longer than any hint we follow
      }
      return Duration.ofNanos(Math.min(maxNanos,
          clampHintNanos(Durations.toNanosSaturated(hint.get()), computed, maxAboveNanos)));
    }
    return null;
  }

  /**
   * The wait a response's hints ask for, knowing the core's context (see {@link HttpRetryCalls}): a valid
   * {@code Retry-After} on a status that honours it, spread above its floor with the spread bounded by the
   * strategy's maximum for this retry and cut to the time left; else a valid millisecond hint, clamped against the
   * delay the core computed ({@link #clampHintNanos}) and to {@code maxNanos}, unless that delay already exceeds
   * {@code maxNanos}; else {@code null}, the core's delay.
   *
   * @param random the spread's source, or null for {@code ThreadLocalRandom}
   */
  static Duration hintedDelay(int status, String retryAfter, String millisHint, RetryContext<?> context, Clock clock,
      RandomGenerator random, long maxNanos, long maxAboveNanos) {
    if (retryAfter != null && HttpRetryRules.honoursRetryAfter(status)) {
      Optional<Duration> asked = RetryAfter.parse(retryAfter, clock.instant());
      if (asked.isPresent()) {
        long left = context.timeLeft().map(Durations::toNanosSaturated).orElse(Long.MAX_VALUE);
        double u = (random != null ? random : ThreadLocalRandom.current()).nextDouble();
        return Duration.ofNanos(retryAfterWaitNanos(Durations.toNanosSaturated(asked.get()),
            Durations.toNanosSaturated(context.maxDelay()), maxNanos, left, u));
      }
    }
    Optional<Duration> hint = parseMillisHint(millisHint);
    if (hint.isPresent()) {
      long computed = Durations.toNanosSaturated(context.delay());
      if (computed > maxNanos) {
        return null; // the strategy alone already waits longer than any hint we follow
      }
      return Duration.ofNanos(Math.min(maxNanos,
          Durations.clampHint(Durations.toNanosSaturated(hint.get()), computed, maxAboveNanos)));
    }
    return null;
  }

  /**
   * Parses a millisecond hint such as {@value #AMZ_RETRY_AFTER}: a non-negative whole number of milliseconds,
   * surrounding spaces and tabs ignored; more than 18 digits saturate. Anything else (empty, negative,
   * fractional, a unit, a date) is invalid and gives an empty result, never an exception.
   *
   * @param value the header's value; {@code null} gives an empty result
   */
  public static Optional<Duration> parseMillisHint(String value) {
    if (value == null) {
      return Optional.empty();
    }
    long millis = RetryAfter.parseWholeNumber(RetryAfter.trim(value));
    if (millis < 0) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofNanos(Durations.multiplySaturated(millis, 1_000_000L)));
  }
}
