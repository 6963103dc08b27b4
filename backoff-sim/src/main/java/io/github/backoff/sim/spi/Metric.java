package io.github.backoff.sim.spi;

import java.util.Objects;

/**
 * A measure a model declares: its name (the CSV column stem and chart title), its unit, how runs are aggregated,
 * and a short description. The runner stores one value per run (or, for {@link Aggregation#SERIES_MEAN}, one
 * value per time bucket per run) and the report layer writes every declared metric without knowing the model.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Metric p99 = Metric.stats("latency_p99", "ms", "99th percentile of request latency");
 * Metric goodput = Metric.series("goodput_per_s", "1/s", "requests that succeeded per second");
 * }</pre>
 *
 * @param name lower-case letters, digits and underscores; unique within a model
 * @param unit the unit, for axis titles ({@code ""} for a count or a ratio)
 * @param aggregation how the runs of a point are summarised
 * @param description a short description for reports
 */
public record Metric(String name, String unit, Aggregation aggregation, String description) {

  /** How a point's runs are summarised. */
  public enum Aggregation {
    /** One value per run; reported as mean, sample standard deviation, median and 95th percentile. */
    STATS,
    /** One value per time bucket per run; reported as the mean of each bucket over the runs. */
    SERIES_MEAN
  }

  /**
   * Checks the fields.
   *
   * @throws IllegalArgumentException if the name is not lower-case letters, digits and underscores
   */
  public Metric {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(aggregation, "aggregation");
    Objects.requireNonNull(description, "description");
    if (!name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("metric name must be lower-case letters, digits and _: '" + name + "'");
    }
  }

  /** A per-run metric summarised by {@link Aggregation#STATS}. */
  public static Metric stats(String name, String unit, String description) {
    return new Metric(name, unit, Aggregation.STATS, description);
  }

  /** A per-bucket time series averaged over the runs ({@link Aggregation#SERIES_MEAN}). */
  public static Metric series(String name, String unit, String description) {
    return new Metric(name, unit, Aggregation.SERIES_MEAN, description);
  }
}
