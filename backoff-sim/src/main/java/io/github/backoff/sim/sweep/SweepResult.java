package io.github.backoff.sim.sweep;

import io.github.backoff.sim.report.Report;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The results of a sweep: one {@link PointResult} per (strategy, client count), strategy by strategy in the
 * configuration's order and, within a strategy, client counts in the configuration's order; plus how many engine
 * events were processed and how long it took (the only parts that vary between identical runs).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * SweepResult result = SweepSimulation.simulate(config, ProgressListener.NONE);
 * System.out.print(result.report().summary());
 * double fullJitterWork = result.point("full-jitter", 100).work().mean();
 * }</pre>
 *
 * @param config the configuration simulated
 * @param points the results, strategy-major
 * @param events engine events processed over all runs
 * @param elapsed wall-clock time the simulation took (not the report writing)
 */
public record SweepResult(SimulationConfig config, List<PointResult> points, long events, Duration elapsed) {

  /** Copies {@code points}. */
  public SweepResult {
    Objects.requireNonNull(config, "config");
    points = List.copyOf(points);
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /**
   * The point of {@code strategy} at {@code clients}.
   *
   * @throws IllegalArgumentException if the sweep has no such point
   */
  public PointResult point(String strategy, int clients) {
    for (PointResult p : points) {
      if (p.strategy().equals(strategy) && p.clients() == clients) {
        return p;
      }
    }
    throw new IllegalArgumentException("no point for strategy '" + strategy + "' at " + clients + " clients");
  }

  /** The points of {@code strategy}, in client order. */
  public List<PointResult> pointsOf(String strategy) {
    return points.stream().filter(p -> p.strategy().equals(strategy)).toList();
  }

  /** Engine events processed per second of wall-clock time. */
  /**
   * The sweep's reports, declared: {@code results.csv}, {@code utilisation.csv} (single-server), the work and
   * completion charts, {@code report.html} and the terminal summary. Write them with
   * {@code ReportWriter.write(result.report(), dir)}; read a table with {@code report().table("results.csv")}.
   */
  public Report report() {
    return SweepStudy.report(this);
  }

  public double eventsPerSecond() {
    double seconds = elapsed.toNanos() / 1e9;
    return seconds > 0 ? events / seconds : Double.NaN;
  }
}
