package io.github.backoff;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one grammar for a duration a user types: the command line's options, the advisor's scenario files, the
 * simulator's options and the Spring Boot starter's {@code backoff.*} properties all read durations here, as
 * {@link io.github.backoff.strategy.BackoffSpec} is the one grammar for strategy names.
 *
 * <p>The accepted forms ({@link #FORMS}):
 * <ul>
 *   <li>a non-negative decimal number and a unit, {@code ns}, {@code us} (or {@code µs}), {@code ms}, {@code s},
 *       {@code m} (or {@code min}), {@code h} or {@code d}: {@code 250ms}, {@code 1.5s}, {@code 2m}, {@code 25 ms};
 *   <li>several of those, largest unit first: {@code 1m30s}, {@code 1h15m}, {@code 1s500ms};
 *   <li>ISO-8601: {@code PT20S}, {@code PT1M30S} (either case);
 *   <li>{@code 0}, the only number that needs no unit.
 * </ul>
 * A bare number is refused ({@code "20" has no unit: write 20ms, 20s, 1m30s or PT20S}): it has meant milliseconds
 * in one place and seconds in another, and a wrong guess is a factor of a thousand. A negative duration is refused.
 * Nanoseconds beyond the last are rounded half up; a duration beyond {@code Long.MAX_VALUE} nanoseconds (about 292
 * years) is refused.
 *
 * <p>{@link #format(Duration)} writes a duration back in this grammar, exactly, in the largest unit that keeps it
 * whole ({@code 50ms}, {@code 2s}, {@code 1500ms}, {@code 2m}, {@code 0}).
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Duration wait = DurationSpec.parse("1m30s");   // PT1M30S
 * String text = DurationSpec.format(wait);       // "90s"
 * DurationSpec.parse("20");                      // IllegalArgumentException: "20" has no unit: write 20ms, ...
 * }</pre>
 */
public final class DurationSpec {
  /** The accepted forms, as help texts and error messages state them. */
  public static final String FORMS = "250ms, 1.5s, 2m, 1m30s, 500us, 10ns, 1h, 1d or ISO-8601 (PT20S); "
      + "0 needs no unit";

  private static final String NUMBER = "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)";
  private static final String UNIT = "(?:ns|us|µs|ms|s|min|m|h|d)";
  private static final Pattern PART = Pattern.compile("(" + NUMBER + ")\\s*(" + UNIT + ")");
  private static final Pattern WHOLE = Pattern.compile("(?:" + NUMBER + "\\s*" + UNIT + "\\s*)+");
  private static final Pattern BARE = Pattern.compile("[+-]?" + NUMBER);
  private static final String[] UNITS = {"d", "h", "m", "s", "ms", "us", "ns"};
  private static final long[] UNIT_NANOS = {86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L,
      1_000_000_000L, 1_000_000L, 1_000L, 1L};
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private DurationSpec() {}

  /**
   * {@code text} as a duration in the grammar above.
   *
   * @throws NullPointerException if {@code text} is null
   * @throws IllegalArgumentException if {@code text} is not in the grammar, is a bare number other than zero, is
   *     negative or exceeds {@code Long.MAX_VALUE} nanoseconds; the message quotes {@code text} and shows the forms
   */
  public static Duration parse(String text) {
    String t = text.strip();
    if (t.startsWith("-")) {
      throw new IllegalArgumentException(quoted(text) + " is negative: a duration must be >= 0");
    }
    if (BARE.matcher(t).matches()) {
      if (new BigDecimal(t.startsWith("+") ? t.substring(1) : t).signum() == 0) {
        return Duration.ZERO;
      }
      String n = t.startsWith("+") ? t.substring(1) : t;
      throw new IllegalArgumentException(quoted(text) + " has no unit: write " + n + "ms, " + n + "s, 1m30s or PT"
          + n + "S");
    }
    if (t.startsWith("P") || t.startsWith("p")) {
      return iso(text, t);
    }
    if (!WHOLE.matcher(t).matches()) {
      throw new IllegalArgumentException(quoted(text) + " is not a duration: write " + FORMS);
    }
    Matcher m = PART.matcher(t);
    BigDecimal nanos = BigDecimal.ZERO;
    int previous = -1;
    while (m.find()) {
      int unit = unitIndex(m.group(2));
      if (unit <= previous) {
        throw new IllegalArgumentException(quoted(text) + " repeats a unit or has one out of order: write the "
            + "largest first, as 1m30s");
      }
      previous = unit;
      nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(UNIT_NANOS[unit])));
    }
    nanos = nanos.setScale(0, RoundingMode.HALF_UP);
    if (nanos.compareTo(MAX) > 0) {
      throw new IllegalArgumentException(quoted(text) + " is too long: at most about 292 years");
    }
    return Duration.ofNanos(nanos.longValueExact());
  }

  /**
   * {@code d} in this grammar, exactly, in the largest unit that keeps it whole: {@code 0}, {@code 50ms},
   * {@code 2s}, {@code 1500ms}, {@code 2m}, {@code 3h}. {@link #parse} reads it back to {@code d}.
   *
   * @throws NullPointerException if {@code d} is null
   * @throws IllegalArgumentException if {@code d} is negative or beyond {@code Long.MAX_VALUE} nanoseconds
   */
  public static String format(Duration d) {
    if (d.isNegative()) {
      throw new IllegalArgumentException("a duration must be >= 0: " + d);
    }
    long n;
    try {
      n = d.toNanos();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("too long to write in nanoseconds: " + d, e);
    }
    if (n == 0) {
      return "0";
    }
    for (int u = 0; u < UNITS.length; u++) {
      if (n % UNIT_NANOS[u] == 0) {
        return n / UNIT_NANOS[u] + UNITS[u];
      }
    }
    throw new AssertionError(); // ns divides everything
  }

  private static Duration iso(String text, String t) {
    Duration d;
    try {
      d = Duration.parse(t.toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(quoted(text) + " is not an ISO-8601 duration: write " + FORMS);
    }
    if (d.isNegative()) {
      throw new IllegalArgumentException(quoted(text) + " is negative: a duration must be >= 0");
    }
    try {
      d.toNanos();
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(quoted(text) + " is too long: at most about 292 years");
    }
    return d;
  }

  private static int unitIndex(String unit) {
    return switch (unit) {
      case "d" -> 0;
      case "h" -> 1;
      case "m", "min" -> 2;
      case "s" -> 3;
      case "ms" -> 4;
      case "us", "µs" -> 5;
      default -> 6;
    };
  }

  private static String quoted(String text) {
    return "\"" + text + "\"";
  }
}
