package io.github.backoff.internal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/** Saturating duration arithmetic in nanoseconds, and human-readable formatting. Not part of the API. */
public final class Durations {
  private Durations() {}

  /** Nanoseconds of {@code d}, saturated to {@code [Long.MIN_VALUE, Long.MAX_VALUE]} instead of throwing. */
  public static long toNanosSaturated(Duration d) {
    long seconds = d.getSeconds();
    long nanos = d.getNano();
    if (seconds < 0) {
      // Give both parts the same sign, as Duration.toNanos does, so that -292 years still converts exactly.
      seconds++;
      nanos -= 1_000_000_000L;
    }
    long limit = d.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
    if (seconds > Long.MAX_VALUE / 1_000_000_000L || seconds < Long.MIN_VALUE / 1_000_000_000L) {
      return limit;
    }
    long whole = seconds * 1_000_000_000L;
    long sum = whole + nanos;
    // Operands of the same sign overflowed iff the sum's sign differs from both.
    return ((whole ^ sum) & (nanos ^ sum)) < 0 ? limit : sum;
  }

  /** {@code a + b} for non-negative operands, saturated at {@link Long#MAX_VALUE}. */
  public static long addSaturated(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /**
   * A server's hint clamped the AWS way, the one place this rule is written: at least the computed wait, at most
   * {@code maxAbove} above it: {@code min(max(hint, computed), computed + maxAbove)}, saturating.
   */
  public static long clampHint(long hint, long computed, long maxAbove) {
    return Math.max(computed, Math.min(hint, addSaturated(computed, maxAbove)));
  }

  /** {@code a * b} for non-negative operands, saturated at {@link Long#MAX_VALUE}. */
  public static long multiplySaturated(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return (high != 0 || low < 0) ? Long.MAX_VALUE : low;
  }

  /**
   * Rounds a double number of nanoseconds to a long, saturated to {@code [0, Long.MAX_VALUE]}; NaN maps to
   * {@link Long#MAX_VALUE} so that a poisoned computation can never shorten a wait to zero.
   */
  public static long saturate(double nanos) {
    if (nanos != nanos) {
      return Long.MAX_VALUE;
    }
    if (nanos <= 0) {
      return 0;
    }
    return nanos >= 0x1p63 ? Long.MAX_VALUE : Math.round(nanos);
  }

  /** {@code format(nanos)} of a duration. */
  public static String format(Duration d) {
    // Not d.negated(): it overflows for the most negative Duration.
    return format(toNanosSaturated(d));
  }

  /**
   * A short human-readable form: {@code 0 ms}, {@code 500 us}, {@code 25 ms}, {@code 1.5 s}, {@code 2 min},
   * with at most three significant decimals; {@code Long.MAX_VALUE} prints as {@code forever}. From a minute
   * up, a value prints in the largest of h, min and s that says it exactly ({@code 64 s}, not {@code 1.067 min}).
   */
  public static String format(long nanos) {
    if (nanos == Long.MAX_VALUE) {
      return "forever";
    }
    if (nanos < 0) {
      return nanos == Long.MIN_VALUE ? "-forever" : "-" + format(-nanos);
    }
    if (nanos == 0) {
      return "0 ms";
    }
    if (nanos < 1_000L) {
      return nanos + " ns";
    }
    if (nanos < 1_000_000L) {
      return decimal(nanos, 1_000L) + " us";
    }
    if (nanos < 1_000_000_000L) {
      return decimal(nanos, 1_000_000L) + " ms";
    }
    if (nanos < 60_000_000_000L) {
      return decimal(nanos, 1_000_000_000L) + " s";
    }
    // A value a user gave in seconds prints as given: 64 s, not a rounded 1.067 min. Minutes and hours only when
    // they say it exactly (2 min, 1.5 min, 1 h); otherwise whole seconds, or, failing that, the rounded unit.
    long hour = 3_600_000_000_000L;
    long minute = 60_000_000_000L;
    if (nanos >= hour && isExact(nanos, hour)) {
      return decimal(nanos, hour) + " h";
    }
    if (isExact(nanos, minute)) {
      return decimal(nanos, minute) + " min";
    }
    if (isExact(nanos, 1_000_000_000L)) {
      return decimal(nanos, 1_000_000_000L) + " s";
    }
    if (nanos < 3_600_000_000_000L) {
      return decimal(nanos, 60_000_000_000L) + " min";
    }
    return decimal(nanos, 3_600_000_000_000L) + " h";
  }

  /** Whether {@code nanos} in {@code unit}s has at most three decimals, so {@link #decimal} prints it exactly. */
  private static boolean isExact(long nanos, long unit) {
    return BigDecimal.valueOf(nanos).divide(BigDecimal.valueOf(unit), java.math.MathContext.DECIMAL128)
        .stripTrailingZeros().scale() <= 3;
  }

  private static String decimal(long nanos, long unit) {
    return BigDecimal.valueOf(nanos)
        .divide(BigDecimal.valueOf(unit), 3, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
