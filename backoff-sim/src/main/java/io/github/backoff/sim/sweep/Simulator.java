package io.github.backoff.sim.sweep;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.run.Runner;
import io.github.backoff.sim.report.Charting;
import io.github.backoff.sim.report.ReportWriter;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * Runs a sweep: every (strategy, client count) point of a {@link SimulationConfig}, {@code runs} times each,
 * spread over {@code threads} threads, and optionally writes the reports.
 *
 * <p><b>Determinism.</b> Each run draws from its own {@code SplittableRandom} seeded from
 * {@code (seed, model, strategy, clients, run index)} by hash mixing, and results are stored by run index and
 * aggregated in that order; thread scheduling decides only who computes a run, never what it computes. So the same
 * configuration gives bit-identical statistics, and a byte-identical {@code results.csv}, whatever the thread
 * count.
 *
 * <p>Stateless and thread-safe; each call uses threads of its own (the calling thread is one of the workers). If
 * the calling thread is interrupted the workers stop after their current batch of runs and a
 * {@link CancellationException} is thrown.
 *
 * <pre>{@code
 * SimulationConfig config = SimulationConfig.builder().out(Path.of("out")).build(); // the study
 * SimulationResult result = Simulator.run(config, (done, total) -> { });
 * System.out.print(result.report().summary());
 * }</pre>
 */
public final class Simulator {
  private Simulator() {}

  /**
   * Simulates every point of {@code config} and writes {@code results.csv}, {@code work.png},
   * {@code completion.png} and {@code report.html} (and, for {@code single-server}, {@code utilisation.csv}) into
   * {@code config.out()}, creating it if needed.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SimulationResult run(SimulationConfig config, ProgressListener progress) throws IOException {
    Charting.prepareInBackground();
    SimulationResult result = simulate(config, progress);
    ReportWriter.write(result.report(), config.out());
    return result;
  }

  /**
   * Simulates every point of {@code config} and returns the results, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SimulationResult simulate(SimulationConfig config, ProgressListener progress) {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(progress, "progress");
    SweepStudy study = new SweepStudy(config);
    return study.result(Runner.run(study, progress));
  }
}
