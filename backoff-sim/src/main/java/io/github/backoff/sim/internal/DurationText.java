package io.github.backoff.sim.internal;

/**
 * The one reader of a model option's duration written with its unit ({@code 2ms}, {@code 1.5s}, {@code 500us}):
 * the caller keeps its own range checks and messages. Not part of the API.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * double nanos = DurationText.nanos("2.5ms");     // 2_500_000.0; NaN for "2.5" or "fast"
 * double seconds = DurationText.seconds("2.5ms"); // 0.0025
 * }</pre>
 */
public final class DurationText {
  private static final String[] UNITS = {"ns", "us", "µs", "ms", "s"};
  private static final double[] NANOS = {1, 1e3, 1e3, 1e6, 1e9};
  private static final double[] SECONDS = {1e-9, 1e-6, 1e-6, 1e-3, 1};

  private DurationText() {}

  /**
   * {@code text} (a number of digits, {@code .}, {@code +} or {@code -}, then {@code ns}, {@code us}, {@code µs},
   * {@code ms} or {@code s}) in nanoseconds, or NaN if it is not that.
   */
  public static double nanos(String text) {
    return read(text, NANOS);
  }

  /** As {@link #nanos}, in seconds (the number times the unit's length in seconds). */
  public static double seconds(String text) {
    return read(text, SECONDS);
  }

  private static double read(String text, double[] scales) {
    int i = 0;
    while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.'
        || text.charAt(i) == '-' || text.charAt(i) == '+')) {
      i++;
    }
    String unit = text.substring(i).strip();
    for (int u = 0; u < UNITS.length; u++) {
      if (UNITS[u].equals(unit)) {
        try {
          return Double.parseDouble(text.substring(0, i)) * scales[u];
        } catch (NumberFormatException e) {
          return Double.NaN;
        }
      }
    }
    return Double.NaN;
  }
}
