package io.github.backoff.sim.report;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Locale-independent number formatting, so reports are byte-identical on every machine. {@link BigDecimal} rather
 * than {@code String.format}: no locale data to load, which on a cold JVM costs a noticeable part of the
 * simulator's whole run. A building block for models' own report layouts.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * String cell = Numbers.grouped(12345.678, 1); // "12,345.7"
 * }</pre>
 */
public final class Numbers {
  private Numbers() {}

  /** Three decimals rounded half-even, {@code .} as the separator; empty for NaN. */
  public static String fixed3(double value) {
    return Double.isNaN(value) ? "" : decimal(value, 3);
  }

  /** {@code digits} decimals with thousands grouped by commas; {@code -} for NaN. */
  public static String grouped(double value, int digits) {
    if (Double.isNaN(value)) {
      return "-";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    String plain = decimal(value, digits);
    int start = plain.startsWith("-") ? 1 : 0;
    int dot = plain.indexOf('.');
    int end = dot < 0 ? plain.length() : dot;
    StringBuilder sb = new StringBuilder(plain.length() + 8).append(plain, 0, start);
    for (int i = start; i < end; i++) {
      if (i > start && (end - i) % 3 == 0) {
        sb.append(',');
      }
      sb.append(plain.charAt(i));
    }
    return sb.append(plain, end, plain.length()).toString();
  }

  /** A whole number if {@code value} is one, else its shortest decimal form. */
  public static String plain(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
  }

  /** Right-aligns {@code text} in {@code width} characters. */
  public static String right(String text, int width) {
    return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
  }

  /** Left-aligns {@code text} in {@code width} characters. */
  public static String left(String text, int width) {
    return text.length() >= width ? text : text + " ".repeat(width - text.length());
  }

  private static String decimal(double value, int digits) {
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    String s = new BigDecimal(value).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
    return s.startsWith("-") && s.chars().allMatch(c -> c == '-' || c == '0' || c == '.') ? s.substring(1) : s;
  }

  /** {@code s} escaped for HTML text and attribute values. */
  public static String html(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
