package io.github.backoff.sim.overload;

import io.github.backoff.sim.report.Numbers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Writes every report of an {@code overload} simulation into a directory: {@code timeseries.csv},
 * {@code summary.csv}, {@code runs.csv}, {@code latency.csv}, {@code goodput.png}, {@code overload.png} and
 * {@code report.html}; and formats its terminal summary. Existing files of those names are replaced; nothing else is touched.
 *
 * <p>Stateless and thread-safe (two calls must not target the same directory at once).
 *
 * <pre>{@code
 * OverloadReports.writeAll(result, Path.of("storm"));
 * }</pre>
 */
public final class OverloadReports {
  /** The time series' file name. */
  public static final String TIMESERIES_CSV = "timeseries.csv";
  /** The per-(policy, strategy) summary's file name. */
  public static final String SUMMARY_CSV = "summary.csv";
  /** The per-run table's file name. */
  public static final String RUNS_CSV = "runs.csv";
  /** The goodput chart's file name. */
  public static final String GOODPUT_PNG = "goodput.png";
  /** The panels chart's file name. */
  public static final String PANELS_PNG = "overload.png";
  /** The throttling and latency table's file name. */
  public static final String LATENCY_CSV = "latency.csv";
  /** The HTML report's file name. */
  public static final String REPORT_HTML = "report.html";

  private OverloadReports() {}

  /**
   * Writes the reports of {@code result} into {@code dir}, creating it if needed.
   *
   * @throws IOException if the directory or a file cannot be written
   */
  public static void writeAll(OverloadResult result, Path dir) throws IOException {
    Files.createDirectories(dir);
    CompletableFuture<byte[]> panels = CompletableFuture.supplyAsync(() -> OverloadCharts.panels(result));
    byte[] goodput = OverloadCharts.goodput(result);
    Files.writeString(dir.resolve(TIMESERIES_CSV), OverloadCsv.timeSeries(result));
    Files.writeString(dir.resolve(SUMMARY_CSV), OverloadCsv.summary(result));
    Files.writeString(dir.resolve(RUNS_CSV), OverloadCsv.runs(result));
    Files.writeString(dir.resolve(LATENCY_CSV), OverloadCsv.latency(result));
    byte[] panelsPng;
    try {
      panelsPng = panels.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      throw e;
    }
    Files.write(dir.resolve(GOODPUT_PNG), goodput);
    Files.write(dir.resolve(PANELS_PNG), panelsPng);
    Files.writeString(dir.resolve(REPORT_HTML), OverloadHtml.render(result, goodput, panelsPng));
  }

  /** The terminal summary: per (policy, strategy), amplification, requests lost and recovery; lines end in \n. */
  public static String summary(OverloadResult result) {
    OverloadConfig c = result.config();
    int width = Math.max(8, result.points().stream().mapToInt(p -> label(p, c).length()).max().orElse(8));
    StringBuilder sb = new StringBuilder();
    sb.append("model overload: λ ").append(Numbers.plain(c.rate())).append("/s, μ ")
        .append(Numbers.plain(c.capacity())).append("/s, queue ").append(c.queue()).append(", timeout ")
        .append(Numbers.plain(c.timeout())).append(" s, outage ").append(Numbers.plain(c.outageStart()))
        .append("..").append(Numbers.plain(c.outageEnd())).append(" s at ")
        .append(Numbers.plain(100 * c.outageCapacity())).append("% capacity, horizon ").append(c.horizon())
        .append(" s, ").append(c.runs()).append(" runs, seed ").append(c.seed()).append('\n');
    sb.append(Numbers.left("policy", width)).append(Numbers.right("amplification", 15))
        .append(Numbers.right("lost", 12)).append(Numbers.right("lost %", 9)).append(Numbers.right("recovered", 11))
        .append(Numbers.right("recovery (s)", 14)).append('\n');
    for (OverloadPoint p : result.points()) {
      sb.append(Numbers.left(label(p, c), width))
          .append(Numbers.right(Numbers.grouped(p.amplification().mean(), 2) + "x", 15))
          .append(Numbers.right(Numbers.grouped(p.lost().mean(), 0), 12))
          .append(Numbers.right(Numbers.grouped(100 * p.lostShare().mean(), 2), 9))
          .append(Numbers.right(noOutage(c) ? NOT_APPLICABLE : p.recoveredRuns() + "/" + p.runs().size(), 11))
          .append(Numbers.right(noOutage(c) ? NOT_APPLICABLE
              : p.recoveredRuns() == 0 ? "never" : Numbers.grouped(p.recovery().p50(), 0), 14))
          .append('\n');
    }
    if (showsLatency(c)) {
      sb.append(Numbers.left("policy", width)).append(Numbers.right("throttled %", 13))
          .append(Numbers.right("limiter wait/req (ms)", 23)).append(Numbers.right("latency p50 (ms)", 18))
          .append(Numbers.right("p99 (ms)", 10)).append('\n');
      for (OverloadPoint p : result.points()) {
        sb.append(Numbers.left(label(p, c), width))
            .append(Numbers.right(Numbers.grouped(100 * p.throttledShare().mean(), 2), 13))
            .append(Numbers.right(Numbers.grouped(1000 * p.limiterWaitPerRequest().mean(), 1), 23))
            .append(Numbers.right(Numbers.grouped(1000 * p.latency().stream()
                .mapToDouble(OverloadLatency::latencyP50).filter(v -> !Double.isNaN(v)).average().orElse(0), 0), 18))
            .append(Numbers.right(Numbers.grouped(1000 * p.latency().stream()
                .mapToDouble(OverloadLatency::latencyP99).filter(v -> !Double.isNaN(v)).average().orElse(0), 0), 10))
            .append('\n');
      }
    }
    if (noOutage(c)) {
      sb.append("recovery: n/a, there is no outage (outage length 0)\n");
      return sb.toString();
    }
    sb.append("recovery: median over the runs that recovered, seconds from the end of the outage until goodput >= ")
        .append(OverloadResult.RECOVERY_PERCENT).append("% of λ for ").append(OverloadResult.RECOVERY_WINDOW)
        .append(" s in a row\n");
    return sb.toString();
  }

  /** What the reports print for a recovery time when there was no outage to recover from. */
  static final String NOT_APPLICABLE = "n/a";

  /** Whether the configuration has no outage ({@code --outage-length 0}): recovery times do not apply. */
  static boolean noOutage(OverloadConfig c) {
    return c.outageLength() == 0;
  }

  /** Whether the summary shows the throttling and latency table: a throttling server or a rate limiter. */
  static boolean showsLatency(OverloadConfig c) {
    return c.throttleRate() > 0 || c.policies().stream().anyMatch(p -> p.rateLimiter() != null);
  }

  static String label(OverloadPoint p, OverloadConfig c) {
    return c.strategies().size() > 1 ? p.policy().name() + "/" + p.strategy() : p.policy().name();
  }
}
