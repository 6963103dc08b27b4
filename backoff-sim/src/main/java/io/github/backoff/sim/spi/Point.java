package io.github.backoff.sim.spi;

import java.util.Objects;

/**
 * One point of a study: a series (a strategy, a policy, a policy/strategy pair) at a value of the study's x-axis
 * parameter (a client count, a load level; {@code NaN} when the study has no x-axis).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Point p = new Point("full-jitter", 100);
 * }</pre>
 *
 * @param series the series' name, as printed in reports (no commas, quotes or line breaks)
 * @param x the x-axis value, or {@code NaN}
 */
public record Point(String series, double x) {
  /** Checks the series' name is not null. */
  public Point {
    Objects.requireNonNull(series, "series");
  }
}
