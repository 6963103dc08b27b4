package io.github.backoff.sim.overload;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.Simulation;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * Runs an {@code overload} simulation: every (policy, strategy) of an {@link OverloadConfig}, {@code runs} times
 * each, spread over {@code threads} threads, and optionally writes the reports.
 *
 * <p><b>Determinism.</b> Run {@code r} draws its arrivals and its service times from two generators seeded from
 * {@code (seed, r)} only, so every policy faces the same requests (common random numbers), and its backoff jitter
 * from one seeded from {@code (seed, policy, strategy, r)}. Results are stored by index and averaged in index
 * order, so the reports are byte-identical whatever the thread count.
 *
 * <p>Stateless and thread-safe; each call uses threads of its own (the calling thread is one of them). If the
 * calling thread is interrupted while waiting for the others, a {@link CancellationException} is thrown.
 *
 * <pre>{@code
 * OverloadResult result = OverloadSimulation.run(OverloadConfig.defaults(), ProgressListener.NONE);
 * System.out.print(result.report().summary());
 * }</pre>
 */
public final class OverloadSimulation {
  private OverloadSimulation() {}

  /**
   * Simulates {@code config} and writes {@code timeseries.csv}, {@code summary.csv}, {@code runs.csv},
   * {@code goodput.png}, {@code overload.png} and {@code report.html} into {@code config.out()}.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static OverloadResult run(OverloadConfig config, ProgressListener progress) throws IOException {
    OverloadStudy study = new OverloadStudy(Objects.requireNonNull(config, "config"));
    return study.result(Simulation.run(study, progress).results());
  }

  /**
   * Simulates {@code config} and returns the results, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static OverloadResult simulate(OverloadConfig config, ProgressListener progress) {
    OverloadStudy study = new OverloadStudy(Objects.requireNonNull(config, "config"));
    return study.result(Simulation.measure(study, progress));
  }
}
