package io.github.backoff.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a non-negative duration: a decimal number and a unit ({@code ns}, {@code us}, {@code ms}, {@code s},
 * {@code m} or {@code min}, {@code h}), as in {@code 250ms}, {@code 1.5s}, {@code 2m}, {@code 500us}, or ISO-8601
 * ({@code PT1S}); a bare {@code 0} needs no unit.
 */
final class DurationConverter implements ITypeConverter<Duration> {
  private static final Pattern SIMPLE = Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*([a-zA-Zµ]+)");
  private static final String EXAMPLES = "use e.g. 250ms, 1.5s, 2m, 500us or PT1S";

  @Override
  public Duration convert(String value) {
    String text = value.strip();
    if (text.startsWith("-")) {
      throw new TypeConversionException("'" + value + "' is negative: durations must be >= 0");
    }
    if (text.startsWith("P") || text.startsWith("p")) {
      try {
        Duration d = Duration.parse(text.toUpperCase(Locale.ROOT));
        if (d.isNegative()) {
          throw new TypeConversionException("'" + value + "' is negative: durations must be >= 0");
        }
        return d;
      } catch (DateTimeParseException e) {
        throw new TypeConversionException("'" + value + "' is not an ISO-8601 duration: " + EXAMPLES);
      }
    }
    if (text.matches("0+(\\.0+)?")) {
      return Duration.ZERO; // zero needs no unit
    }
    Matcher m = SIMPLE.matcher(text);
    if (!m.matches()) {
      throw new TypeConversionException("'" + value + "' is not a duration: " + EXAMPLES);
    }
    long unitNanos = unitNanos(m.group(2), value);
    BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unitNanos));
    if (nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new TypeConversionException("'" + value + "' is too long: at most about 292 years");
    }
    return Duration.ofNanos(nanos.setScale(0, java.math.RoundingMode.HALF_UP).longValueExact());
  }

  private static long unitNanos(String unit, String value) {
    switch (unit) {
      case "ns":
        return 1L;
      case "us":
      case "µs":
        return 1_000L;
      case "ms":
        return 1_000_000L;
      case "s":
        return 1_000_000_000L;
      case "m":
      case "min":
        return 60_000_000_000L;
      case "h":
        return 3_600_000_000_000L;
      default:
        throw new TypeConversionException("'" + value + "' has an unknown unit '" + unit
            + "': use ns, us, ms, s, m or h (e.g. 250ms, 1.5s, 2m, 500us or PT1S)");
    }
  }
}
