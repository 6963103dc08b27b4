package io.github.backoff.sim.sweep;

import io.github.backoff.sim.report.Charting;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Writes every report of a simulation into a directory: {@code results.csv}, {@code work.png},
 * {@code completion.png}, {@code report.html}, and for the single-server model {@code utilisation.csv}. Existing
 * files of those names are replaced; nothing else in the directory is touched.
 *
 * <p>Stateless and thread-safe (two calls must not target the same directory at once).
 *
 * <pre>{@code
 * Reports.writeAll(result, Path.of("out"));
 * }</pre>
 */
public final class Reports {
  /** The file names written, in order. */
  public static final String RESULTS_CSV = "results.csv";
  /** The work chart's file name. */
  public static final String WORK_PNG = "work.png";
  /** The completion chart's file name. */
  public static final String COMPLETION_PNG = "completion.png";
  /** The HTML report's file name. */
  public static final String REPORT_HTML = "report.html";
  /** The utilisation table's file name (single-server model only). */
  public static final String UTILISATION_CSV = "utilisation.csv";

  private Reports() {}

  /**
   * Starts, on a daemon thread, drawing a small throw-away chart, so that a cold JVM's one-off chart costs overlap
   * the simulation. Optional: {@link #writeAll} works without it, only later. Failures are ignored here (the real
   * charts will report them).
   */
  public static void prepareInBackground() {
    Charting.prepareInBackground();
  }

  /**
   * Writes the reports of {@code result} into {@code dir}, creating it if needed.
   *
   * @throws IOException if the directory or a file cannot be written
   */
  public static void writeAll(SimulationResult result, Path dir) throws IOException {
    Files.createDirectories(dir);
    // The two charts draw on two threads: on a cold JVM each costs a few hundred milliseconds.
    CompletableFuture<byte[]> completion = CompletableFuture.supplyAsync(() -> Charts.completion(result));
    byte[] work = Charts.work(result);
    Files.writeString(dir.resolve(RESULTS_CSV), CsvReport.results(result));
    if (result.config().model() == ModelKind.SINGLE_SERVER) {
      Files.writeString(dir.resolve(UTILISATION_CSV), CsvReport.utilisation(result));
    }
    byte[] completionPng;
    try {
      completionPng = completion.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      throw e;
    }
    Files.write(dir.resolve(WORK_PNG), work);
    Files.write(dir.resolve(COMPLETION_PNG), completionPng);
    Files.writeString(dir.resolve(REPORT_HTML), HtmlReport.render(result, work, completionPng));
  }
}
