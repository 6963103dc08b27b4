package io.github.backoff;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The one grammar for a share a user types, the advisor's scenario keys ({@code service.outage.capacity = 50%})
 * and its constraints ({@code lost<=2%}) alike: a non-negative decimal number and a per-cent sign, {@code 50%},
 * {@code 2.5%}, {@code 0.1%}, read as a fraction ({@code 0.5}, {@code 0.025}, {@code 0.001}). As with
 * {@link DurationSpec}, a bare number is refused except {@code 0}: {@code 0.5} and {@code 2} each had a reader who
 * took it for a fraction and one who took it for per cent. Values above {@code 100%} are the caller's to refuse.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * double lost = PercentSpec.parse("2.5%");  // 0.025
 * String text = PercentSpec.format(0.025);  // "2.5%"
 * PercentSpec.parse("0.5");                 // IllegalArgumentException: "0.5" has no % sign: write 0.5% or 50%
 * }</pre>
 */
public final class PercentSpec {
  /** The accepted forms, as help texts and error messages state them. */
  public static final String FORMS = "a percentage such as 50%, 2.5% or 0.1%; 0 needs no sign";

  private static final String NUMBER = "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)";
  private static final Pattern PERCENT = Pattern.compile(NUMBER + "\\s*%");
  private static final Pattern BARE = Pattern.compile("[+-]?" + NUMBER);

  private PercentSpec() {}

  /**
   * {@code text} as a fraction: {@code 50%} is {@code 0.5}.
   *
   * @throws NullPointerException if {@code text} is null
   * @throws IllegalArgumentException if {@code text} is negative, a bare number other than zero, or not a number
   *     and a per-cent sign
   */
  public static double parse(String text) {
    String t = text.strip();
    if (t.startsWith("-")) {
      throw new IllegalArgumentException("\"" + text + "\" is negative: a percentage must be >= 0%");
    }
    if (BARE.matcher(t).matches()) {
      String n = t.startsWith("+") ? t.substring(1) : t;
      if (new BigDecimal(n).signum() == 0) {
        return 0;
      }
      BigDecimal asPercent = new BigDecimal(n).movePointRight(2).stripTrailingZeros();
      throw new IllegalArgumentException("\"" + text + "\" has no % sign: write " + n + "% or, for a fraction of "
          + n + ", " + asPercent.toPlainString() + "%");
    }
    if (!PERCENT.matcher(t).matches()) {
      throw new IllegalArgumentException("\"" + text + "\" is not a percentage: write " + FORMS);
    }
    return new BigDecimal(t.substring(0, t.length() - 1).strip()).movePointLeft(2).doubleValue();
  }

  /** {@code fraction} as this grammar writes it: {@code 0.025} is {@code "2.5%"}, up to 6 significant digits. */
  public static String format(double fraction) {
    BigDecimal percent = new BigDecimal(String.format(java.util.Locale.ROOT, "%.6g", fraction * 100))
        .stripTrailingZeros();
    return (percent.signum() == 0 ? "0" : percent.toPlainString()) + "%";
  }
}
