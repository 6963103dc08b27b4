package io.github.backoff.sim.advise;

import io.github.backoff.DurationSpec;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * Numbers as scenario files and reports write them. Durations are the core's one grammar ({@link DurationSpec}:
 * {@code 500ms}, {@code 1.5s}, {@code 1m30s}; a bare number is refused) and so are percentages
 * ({@link io.github.backoff.PercentSpec}). Stateless and thread-safe.
 */
final class Units {
  private Units() {}

  /** {@code text}, a duration in the core's grammar, in seconds. */
  static double seconds(String text) {
    return DurationSpec.parse(text).toNanos() / 1e9;
  }

  /** A number as written: whole numbers without a fraction, others with up to 6 significant digits. */
  static String number(double d) {
    if (d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return new BigDecimal(String.format(Locale.ROOT, "%.6g", d)).stripTrailingZeros().toPlainString();
  }
}
