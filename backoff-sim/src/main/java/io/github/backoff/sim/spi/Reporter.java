package io.github.backoff.sim.spi;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Turns a study's {@link Results} into the terminal summary and the report files. A model that declares its
 * metrics needs none of its own: {@code io.github.backoff.sim.report.MetricReports} writes CSV, charts and HTML
 * from the declarations. A model with a layout of its own declares it as data and reports through
 * {@code ReportWriter.of(results -> report)}, which writes the files; no model writes a file itself.
 *
 * <p>Implementations are stateless and thread-safe.
 *
 * <pre>{@code
 * Reporter reporter = study.reporter();
 * List<String> files = reporter.write(results, Path.of("out"));
 * System.out.print(reporter.summary(results));
 * }</pre>
 */
public interface Reporter {
  /** The summary for a terminal, lines ending in {@code \n}. */
  String summary(Results results);

  /** The names of the files {@link #write} writes, in order. */
  List<String> files(Results results);

  /**
   * Writes the report files into {@code dir}, creating it if needed.
   *
   * @throws IOException if the directory or a file cannot be written
   */
  void write(Results results, Path dir) throws IOException;

  /** Optionally starts one-off work (a cold JVM's chart set-up) while the simulation runs; does nothing here. */
  default void prepareInBackground() {
  }
}
