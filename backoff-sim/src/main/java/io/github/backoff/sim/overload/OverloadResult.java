package io.github.backoff.sim.overload;

import io.github.backoff.sim.report.Report;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The results of an {@code overload} simulation: one {@link OverloadPointResult} per (policy, strategy), policy by policy
 * in the configuration's order and strategies in order within a policy; plus how many engine events were
 * processed and how long it took (the only parts that vary between identical runs).
 *
 * <p><b>Recovery.</b> A run has recovered at the start of the first of {@value
 * io.github.backoff.sim.overload.OverloadResult#RECOVERY_WINDOW} consecutive one-second buckets, at or after the end of the
 * outage, in each of which goodput is at least {@value io.github.backoff.sim.overload.OverloadResult#RECOVERY_PERCENT} % of
 * λ; its recovery time is that start minus the end of the outage. A run that never has such a window before the
 * horizon did not recover.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * OverloadResult result = OverloadSimulation.simulate(config, ProgressListener.NONE);
 * System.out.print(result.report().summary());
 * }</pre>
 *
 * @param config the configuration simulated
 * @param points the results, policy-major
 * @param events engine events processed over all runs
 * @param elapsed wall-clock time the simulation took
 */
public record OverloadResult(OverloadConfig config, List<OverloadPointResult> points, long events, Duration elapsed) {
  /** Consecutive buckets goodput must hold for a run to count as recovered. */
  public static final int RECOVERY_WINDOW = 5;
  /** The share of λ, in percent, goodput must reach in each of those buckets. */
  public static final int RECOVERY_PERCENT = 90;

  /** Copies {@code points}. */
  public OverloadResult {
    Objects.requireNonNull(config, "config");
    points = List.copyOf(points);
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /**
   * The point of {@code policy} with {@code strategy}.
   *
   * @throws IllegalArgumentException if there is no such point
   */
  public OverloadPointResult point(String policy, String strategy) {
    for (OverloadPointResult p : points) {
      if (p.policy().name().equals(policy) && p.strategy().equals(strategy)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no point for policy '" + policy + "' with strategy '" + strategy + "'");
  }

  /** Engine events processed per second of wall-clock time. */
  /**
   * The overload model's reports, declared: {@code timeseries.csv}, {@code summary.csv}, {@code runs.csv},
   * {@code latency.csv}, {@code goodput.png}, {@code overload.png}, {@code report.html} and the terminal summary.
   * Write them with {@code ReportWriter.write(result.report(), dir)}; read a table with
   * {@code report().table("summary.csv")}.
   */
  public Report report() {
    return OverloadStudy.report(this);
  }

  public double eventsPerSecond() {
    double seconds = elapsed.toNanos() / 1e9;
    return seconds > 0 ? events / seconds : Double.NaN;
  }
}
