package io.github.backoff.sim.sweep;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.Simulation;
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
 * SweepResult result = SweepSimulation.run(config, (done, total) -> { });
 * System.out.print(result.report().summary());
 * }</pre>
 */
public final class SweepSimulation {
  private SweepSimulation() {}

  /**
   * Simulates every point of {@code config} and writes {@code results.csv}, {@code work.png},
   * {@code completion.png} and {@code report.html} (and, for {@code single-server}, {@code utilisation.csv}) into
   * {@code config.out()}, creating it if needed.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SweepResult run(SimulationConfig config, ProgressListener progress) throws IOException {
    SweepStudy study = new SweepStudy(Objects.requireNonNull(config, "config"));
    return study.result(Simulation.run(study, progress).results());
  }

  /**
   * Simulates every point of {@code config} and returns the results, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static SweepResult simulate(SimulationConfig config, ProgressListener progress) {
    SweepStudy study = new SweepStudy(Objects.requireNonNull(config, "config"));
    return study.result(Simulation.measure(study, progress));
  }
}
