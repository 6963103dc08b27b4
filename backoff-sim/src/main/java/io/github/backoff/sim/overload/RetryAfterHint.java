package io.github.backoff.sim.overload;

import io.github.backoff.DurationSpec;
import io.github.backoff.httprules.HttpRetryDelays;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The wait hint a throttling server sends with each throttled reply, and the wait a client derives from it by the
 * rules backoff-core's HTTP clients follow ({@link HttpRetryDelays}), for the {@code overload} model's
 * {@code --retry-after} option:
 * <ul>
 *   <li>{@link #NONE} (the default, {@code 0}): no hint; the client waits its strategy's delay.
 *   <li>{@code Retry-After} ({@code 1s}, {@code 500ms}): the header every {@code RetryingHttpClient} honours by
 *       default on a 429 or 503. The wait is the hint plus a spread of up to half the hint or the strategy's
 *       maximum delay, whichever is longer ({@link HttpRetryDelays#retryAfterWaitNanos}); a hint above
 *       {@link HttpRetryDelays#DEFAULT_MAX_RETRY_AFTER one minute} stops the retries (the core's
 *       {@code DELAY_TOO_LONG}): the request is lost.
 *   <li>a millisecond hint ({@code millis:500ms}, AWS's {@value HttpRetryDelays#AMZ_RETRY_AFTER}), which a client
 *       follows once built with {@code withRetryAfterMillisHeader}: the wait is the strategy's delay lengthened
 *       to the hint, by at most {@link HttpRetryDelays#DEFAULT_MAX_HINT_ABOVE_BACKOFF 5 s}
 *       ({@link HttpRetryDelays#clampHintNanos}), and at most a minute.
 * </ul>
 * The rules are the core's own functions, called here, never re-implemented. The model has no deadline, so the
 * spread is not cut to a time left.
 *
 * <pre>{@code
 * RetryAfterHint hint = RetryAfterHint.parse("1s");
 * long wait = hint.waitNanos(backoff.delayNanos(1, 0, random), backoff.maxDelayNanos(1), random);
 * }</pre>
 *
 * <p>An immutable value; thread-safe.
 */
public final class RetryAfterHint {
  /** No hint (the default). */
  public static final RetryAfterHint NONE = new RetryAfterHint(false, 0);
  /** {@link #waitNanos}' answer when the hint is longer than the client follows: it gives up. */
  public static final long TOO_LONG = -1;
  /** The longest hint accepted: an hour. */
  public static final Duration MAX = Duration.ofHours(1);

  private static final String OPTION = "retry-after";
  private static final String MILLIS = "millis:";
  private static final long MAX_FOLLOWED = HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER.toNanos();
  private static final long MAX_ABOVE = HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF.toNanos();

  private final boolean millis;
  private final long nanos;

  private RetryAfterHint(boolean millis, long nanos) {
    this.millis = millis;
    this.nanos = nanos;
  }

  /**
   * A {@code Retry-After} of {@code d} (zero: {@link #NONE}).
   *
   * @throws IllegalArgumentException if {@code d} is negative or above {@link #MAX}
   */
  public static RetryAfterHint retryAfter(Duration d) {
    long n = check(d);
    return n == 0 ? NONE : new RetryAfterHint(false, n);
  }

  /**
   * A millisecond hint ({@value HttpRetryDelays#AMZ_RETRY_AFTER}) of {@code d}, whole milliseconds.
   *
   * @throws IllegalArgumentException if {@code d} is negative, above {@link #MAX} or not whole milliseconds
   */
  public static RetryAfterHint millis(Duration d) {
    long n = check(d);
    if (n % 1_000_000 != 0) {
      throw new IllegalArgumentException(OPTION + ": a millisecond hint is whole milliseconds: " + d);
    }
    return new RetryAfterHint(true, n);
  }

  /**
   * Parses the option: {@code 0} (none), a duration ({@code 1s}, {@code 500ms}: {@code Retry-After}) or
   * {@code millis:DURATION} (the millisecond hint); units {@code ns}, {@code us}, {@code ms}, {@code s}.
   *
   * @throws IllegalArgumentException with a message starting {@code retry-after:} if the text is none of these
   */
  public static RetryAfterHint parse(String text) {
    Objects.requireNonNull(text, OPTION);
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.startsWith(MILLIS)) {
      return millis(duration(t.substring(MILLIS.length()).strip(), text));
    }
    return retryAfter(duration(t, text));
  }

  /** Whether there is no hint. */
  public boolean isNone() {
    return this == NONE;
  }

  /** Whether this is a millisecond hint rather than {@code Retry-After}. */
  public boolean isMillis() {
    return millis;
  }

  /** The hint. */
  public Duration duration() {
    return Duration.ofNanos(nanos);
  }

  /** The hint in nanoseconds (0 for none). */
  public long nanos() {
    return nanos;
  }

  /**
   * The client's wait before its next attempt, by the core's rules (see the class description).
   *
   * @param computedNanos the delay the strategy drew for this retry
   * @param strategyMaxNanos the strategy's maximum delay for this retry ({@code Backoff.maxDelayNanos})
   * @param random the spread's source: one {@code nextDouble()} for a {@code Retry-After}, nothing otherwise
   * @return the wait in nanoseconds, or {@link #TOO_LONG} if the client gives up instead
   */
  public long waitNanos(long computedNanos, long strategyMaxNanos, RandomGenerator random) {
    if (this == NONE) {
      return computedNanos;
    }
    if (millis) {
      // The clients' own rule: -1 when the strategy's delay is already above the maximum, which is then kept.
      long wait = HttpRetryDelays.millisHintWaitNanos(nanos, computedNanos, MAX_FOLLOWED, MAX_ABOVE);
      return wait < 0 ? computedNanos : wait;
    }
    long wait = HttpRetryDelays.retryAfterWaitNanos(nanos, strategyMaxNanos, MAX_FOLLOWED, random.nextDouble());
    // RetryCore with giveUpIfOverrideExceedsMax, as RetryingHttpClient is built: a longer hint stops the retries.
    return wait > MAX_FOLLOWED ? TOO_LONG : wait;
  }

  /** This hint scaled by {@code factor} (a testbed's time scale), rounded to the nanosecond. */
  public RetryAfterHint scaled(double factor) {
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException(OPTION + ": the scale factor must be > 0 and finite: " + factor);
    }
    if (this == NONE) {
      return NONE;
    }
    long n = Math.round(nanos * factor);
    return millis ? new RetryAfterHint(true, Math.round(n / 1e6) * 1_000_000L) : retryAfter(Duration.ofNanos(n));
  }

  /** The option's text: {@code 0}, {@code 1s}, {@code 500ms} or {@code millis:500ms}. */
  @Override
  public String toString() {
    if (this == NONE) {
      return "0";
    }
    String d = nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + "s"
        : nanos % 1_000_000 == 0 ? nanos / 1_000_000 + "ms" : nanos + "ns";
    return millis ? MILLIS + d : d;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RetryAfterHint h && h.millis == millis && h.nanos == nanos;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(nanos) * 31 + (millis ? 1 : 0);
  }

  private static long check(Duration d) {
    Objects.requireNonNull(d, OPTION);
    if (d.isNegative() || d.compareTo(MAX) > 0) {
      throw new IllegalArgumentException(OPTION + ": must be in [0, 1 h]: " + d);
    }
    return d.toNanos();
  }

  /** A duration in the core's one grammar ({@link DurationSpec}). */
  private static Duration duration(String t, String whole) {
    Duration d;
    try {
      d = DurationSpec.parse(t);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(OPTION + ": " + e.getMessage() + " (or millis:DURATION): '" + whole + "'",
          e);
    }
    if (d.compareTo(MAX) > 0) {
      throw new IllegalArgumentException(OPTION + ": must be in [0, 1 h]: '" + whole + "'");
    }
    return d;
  }
}
