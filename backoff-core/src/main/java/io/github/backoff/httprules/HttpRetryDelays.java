package io.github.backoff.httprules;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.Optional;

/**
 * How long to wait when a server gives a hint, as pure functions of nanoseconds and a uniform draw, shared by every
 * HTTP client (backoff-http, backoff-okhttp, backoff-spring-web):
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
   * The wait after a millisecond hint ({@link #parseMillisHint}) of {@code hintNanos}, by the rule every HTTP client
   * follows: the hint clamped the AWS way against the strategy's delay for this retry ({@link #clampHintNanos}), and
   * to {@code maxNanos}; or {@code -1}, "the strategy's delay", when that delay alone already exceeds
   * {@code maxNanos} (a hint never shortens a wait, and none is followed past the maximum).
   *
   * <pre>{@code
   * long wait = HttpRetryDelays.millisHintWaitNanos(hintNanos, computedNanos, maxNanos, maxAboveNanos);
   * }</pre>
   *
   * @param hintNanos the hint
   * @param computedNanos the delay the strategy drew for this retry
   * @param maxNanos the longest hinted wait followed
   * @param maxAboveNanos how far the hint may lengthen the computed delay
   * @return the wait, or -1 for the strategy's delay
   * @throws IllegalArgumentException if an argument is negative
   */
  public static long millisHintWaitNanos(long hintNanos, long computedNanos, long maxNanos, long maxAboveNanos) {
    Checks.requireArgument(maxNanos >= 0, "maxNanos must be >= 0: %s", maxNanos);
    long clamped = clampHintNanos(hintNanos, computedNanos, maxAboveNanos);
    return computedNanos > maxNanos ? -1 : Math.min(maxNanos, clamped);
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
