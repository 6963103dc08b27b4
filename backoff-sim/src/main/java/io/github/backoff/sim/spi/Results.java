package io.github.backoff.sim.spi;

import io.github.backoff.sim.Stats;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What the runner measured for a {@link Study}: per point, each {@link Metric.Aggregation#STATS} metric's value
 * for every run (in run order) and each {@link Metric.Aggregation#SERIES_MEAN} metric's mean per bucket; plus the
 * engine events processed and the wall time (the only parts that vary between identical runs). Imports nothing of
 * the report layer.
 *
 * <p>Immutable and thread-safe (the arrays are never handed out; accessors copy).
 *
 * <pre>{@code
 * Results results = Runner.run(study, ProgressListener.NONE);
 * Stats work = results.stats(0, 0); // point 0, metric 0
 * }</pre>
 */
public final class Results {
  private final Study study;
  private final double[][][] values;
  private final double[][][] means;
  private final long events;
  private final Duration elapsed;

  /**
   * Takes ownership of the arrays (the runner's): {@code values[point][metric][run]} and
   * {@code means[point][metric][bucket]} (null entries for metrics of the other aggregation).
   */
  public Results(Study study, double[][][] values, double[][][] means, long events, Duration elapsed) {
    this.study = Objects.requireNonNull(study, "study");
    this.values = Objects.requireNonNull(values, "values");
    this.means = Objects.requireNonNull(means, "means");
    this.events = events;
    this.elapsed = Objects.requireNonNull(elapsed, "elapsed");
  }

  /** The study simulated. */
  public Study study() {
    return study;
  }

  /** The study's points. */
  public List<Point> points() {
    return study.points();
  }

  /** The study's metrics. */
  public List<Metric> metrics() {
    return study.metrics();
  }

  /** The index of the metric named {@code name}. */
  public int metric(String name) {
    List<Metric> m = study.metrics();
    for (int i = 0; i < m.size(); i++) {
      if (m.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no metric '" + name + "'");
  }

  /** The values of a STATS metric for every run of a point, in run order (a copy). */
  public double[] runs(int point, int metric) {
    return values[point][metric].clone();
  }

  /** The statistics of a STATS metric over the runs of a point ({@link Stats#NONE} if every run gave NaN). */
  public Stats stats(int point, int metric) {
    double[] v = values[point][metric];
    return Double.isNaN(v[0]) ? Stats.NONE : Stats.of(v);
  }

  /** The mean over the runs of a SERIES_MEAN metric, per bucket (a copy). */
  public double[] series(int point, int metric) {
    return means[point][metric].clone();
  }

  /** Engine events processed over all runs. */
  public long events() {
    return events;
  }

  /** Wall-clock time of the simulation (not the reports). */
  public Duration elapsed() {
    return elapsed;
  }

  /** Engine events per second of wall-clock time. */
  public double eventsPerSecond() {
    double seconds = elapsed.toNanos() / 1e9;
    return seconds > 0 ? events / seconds : Double.NaN;
  }
}
