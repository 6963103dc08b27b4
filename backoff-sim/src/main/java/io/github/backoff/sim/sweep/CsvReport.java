package io.github.backoff.sim.sweep;

import io.github.backoff.sim.Stats;
import io.github.backoff.sim.report.Numbers;

/**
 * {@code results.csv}: one line per point with work and completion statistics, and for the single-server model
 * {@code utilisation.csv} with the server's utilisation. Numbers have three decimals with {@code .} whatever the
 * locale; lines end with {@code \n}. The content depends only on the configuration (not on threads or timing), so
 * the same seed gives a byte-identical file.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Files.writeString(dir.resolve("results.csv"), CsvReport.results(result));
 * }</pre>
 */
public final class CsvReport {
  /** The header of {@code results.csv}. */
  public static final String HEADER = "model,strategy,clients,runs,work_mean,work_sd,work_p50,work_p95,"
      + "completion_mean,completion_sd,completion_p50,completion_p95";
  /** The header of {@code utilisation.csv}. */
  public static final String UTILISATION_HEADER =
      "model,strategy,clients,runs,utilisation_mean,utilisation_sd,utilisation_p50,utilisation_p95";

  private CsvReport() {}

  /** The text of {@code results.csv}. */
  public static String results(SimulationResult result) {
    StringBuilder sb = new StringBuilder(HEADER).append('\n');
    for (PointResult p : result.points()) {
      key(sb, p);
      stats(sb, p.work());
      sb.append(',');
      stats(sb, p.completion());
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The text of {@code utilisation.csv} (empty fields for models without a server). */
  public static String utilisation(SimulationResult result) {
    StringBuilder sb = new StringBuilder(UTILISATION_HEADER).append('\n');
    for (PointResult p : result.points()) {
      key(sb, p);
      stats(sb, p.utilisation());
      sb.append('\n');
    }
    return sb.toString();
  }

  private static void key(StringBuilder sb, PointResult p) {
    // Strategy names cannot hold commas, quotes or line breaks (the registry refuses them), so no quoting.
    sb.append(p.model().id()).append(',').append(p.strategy()).append(',').append(p.clients()).append(',')
        .append(p.runs()).append(',');
  }

  private static void stats(StringBuilder sb, Stats s) {
    sb.append(Numbers.fixed3(s.mean())).append(',').append(Numbers.fixed3(s.sd())).append(',')
        .append(Numbers.fixed3(s.p50())).append(',').append(Numbers.fixed3(s.p95()));
  }
}
