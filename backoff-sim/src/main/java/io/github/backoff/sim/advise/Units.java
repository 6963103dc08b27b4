package io.github.backoff.sim.advise;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations and numbers as scenario files and reports write them: {@code 500ms}, {@code 1.5s}, {@code 2m}, a plain
 * number of seconds; printed back in the largest unit that keeps them whole ({@code 50ms}, {@code 2s}).
 * Stateless and thread-safe.
 */
final class Units {
  private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*(ns|us|µs|ms|s|m|min|h)?");

  private Units() {}

  /** {@code text} in seconds. */
  static double seconds(String text) {
    return duration(text).toNanos() / 1e9;
  }

  /** {@code text} as a duration: {@code 250ms}, {@code 1.5s}, {@code 2m}, {@code 500us}, a plain number of seconds. */
  static Duration duration(String text) {
    String t = text.strip();
    if (t.startsWith("-")) {
      throw new IllegalArgumentException("must not be negative: '" + text + "'");
    }
    Matcher m = DURATION.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a duration: '" + text + "' (use e.g. 250ms, 1.5s, 2m or a number "
          + "of seconds)");
    }
    BigDecimal value = new BigDecimal(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    long nanosPerUnit = switch (unit) {
      case "ns" -> 1L;
      case "us", "µs" -> 1_000L;
      case "ms" -> 1_000_000L;
      case "s" -> 1_000_000_000L;
      case "m", "min" -> 60_000_000_000L;
      default -> 3_600_000_000_000L;
    };
    BigDecimal nanos = value.multiply(BigDecimal.valueOf(nanosPerUnit));
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new IllegalArgumentException("too long: '" + text + "'");
    }
    return Duration.ofNanos(nanos.longValue());
  }

  /**
   * A duration as it is best written, in whole units (Spring Boot's simple duration format takes no fractions):
   * {@code 50ms}, {@code 2s}, {@code 1500ms}, {@code 2m}, {@code 0}.
   */
  static String format(Duration d) {
    long n = d.toNanos();
    if (n == 0) {
      return "0";
    }
    if (n % 60_000_000_000L == 0 && n >= 60_000_000_000L) {
      return n / 60_000_000_000L + "m";
    }
    if (n % 1_000_000_000L == 0) {
      return n / 1_000_000_000L + "s";
    }
    if (n % 1_000_000L == 0) {
      return n / 1_000_000L + "ms";
    }
    if (n % 1_000L == 0) {
      return n / 1_000L + "us";
    }
    return n + "ns";
  }

  /** A number as written: whole numbers without a fraction, others with up to 6 significant digits. */
  static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return new BigDecimal(String.format(Locale.ROOT, "%.6g", d)).stripTrailingZeros().toPlainString();
  }

  /** Milliseconds of {@code d} as a plain number ({@code 12.5}), for {@code backoff simulate}. */
  static String millis(Duration d) {
    return number(d.toNanos() / 1e6);
  }
}
