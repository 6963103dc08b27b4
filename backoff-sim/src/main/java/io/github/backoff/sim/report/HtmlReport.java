package io.github.backoff.sim.report;

import io.github.backoff.sim.ModelKind;
import io.github.backoff.sim.PointResult;
import io.github.backoff.sim.SimulationConfig;
import io.github.backoff.sim.SimulationResult;
import io.github.backoff.sim.model.OccModel;
import io.github.backoff.sim.model.SingleServerModel;
import java.util.Base64;

/**
 * {@code report.html}: a self-contained page (no scripts, no external resources; the charts are embedded as
 * base64 {@code data:} URIs) with the parameters and seed, both charts, each strategy's distance from the physical
 * limit and the full results table.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * String html = HtmlReport.render(result, Charts.work(result), Charts.completion(result));
 * }</pre>
 */
public final class HtmlReport {
  private HtmlReport() {}

  /** The page, with {@code workPng} and {@code completionPng} embedded. */
  public static String render(SimulationResult result, byte[] workPng, byte[] completionPng) {
    SimulationConfig config = result.config();
    boolean server = config.model() == ModelKind.SINGLE_SERVER;
    String modelText = server
        ? "One server serving one request at a time, service time max(" + Numbers.plain(SingleServerModel.SERVICE_MIN)
            + ", Normal(" + Numbers.plain(SingleServerModel.SERVICE_MEAN) + ", "
            + Numbers.plain(SingleServerModel.SERVICE_SD) + ")); a request arriving while it is busy is rejected at "
            + "once. Requests and replies each take one hop of |Normal(10, 2)|. Work = requests sent."
        : "N clients each make one successful write to one row under optimistic concurrency (read the version, "
            + "write with it). An attempt is 4 hops of |Normal(" + Numbers.plain(OccModel.HOP_MEAN) + ", "
            + Numbers.plain(OccModel.HOP_SD) + ")|; the server answers at once. Work = writes sent.";
    int maxN = config.clients().stream().mapToInt(Integer::intValue).max().orElseThrow();

    StringBuilder h = new StringBuilder(64 * 1024 + 4 * (workPng.length + completionPng.length) / 3);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>Backoff simulation: ").append(esc(config.model().id())).append("</title>\n")
        .append("<style>\n")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222;padding:0 1em}\n")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\n")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em}td{white-space:nowrap}"
            + "td.n{text-align:right;font-variant-numeric:tabular-nums}.scroll{overflow-x:auto}\n")
        .append("th{background:#f2f2f2}img{max-width:100%;height:auto;border:1px solid #ddd}\n")
        .append("</style>\n</head>\n<body>\n");
    h.append("<h1>Backoff simulation: model <code>").append(esc(config.model().id())).append("</code></h1>\n");
    h.append("<p>").append(esc(modelText)).append(" Completion = when the last client learns of its success. ")
        .append("Time unit = 1 ms of core Backoff delay.</p>\n");

    h.append("<h2>Parameters</h2>\n<table id=\"parameters\">\n");
    row(h, "model", config.model().id());
    row(h, "clients", config.clients().toString());
    row(h, "runs per point", Integer.toString(config.runs()));
    row(h, "seed", Long.toString(config.seed()));
    row(h, "base, cap", Numbers.plain(config.base()) + ", " + Numbers.plain(config.cap()) + " time units");
    for (String s : config.strategies()) {
      row(h, "strategy " + s, config.backoff(s).toString());
    }
    row(h, "threads", Integer.toString(config.threads()));
    row(h, "engine events", Numbers.grouped(result.events(), 0) + " in "
        + Numbers.grouped(result.elapsed().toNanos() / 1e9, 2) + " s ("
        + Numbers.grouped(result.eventsPerSecond(), 0) + " events/s)");
    h.append("</table>\n");

    h.append("<h2>Charts</h2>\n");
    image(h, "work-chart", "Work against clients, one line per strategy", workPng);
    image(h, "completion-chart", "Completion time against clients, one line per strategy", completionPng);

    h.append("<h2>Distance from the physical limit</h2>\n<p>At the physical limit every client succeeds at its "
        + "first attempt (work / N = 1) and the contended resource never idles (completion / (N &times; ")
        .append(Numbers.plain(config.model().attemptTime())).append(") = 1).")
        .append(server ? " Rejections cost the server nothing in this model, so hammering it is free."
            : " A client may read while the previous winner's reply is still on its way, so attempts overlap and "
                + "completion can beat the limit: no backoff does, by sending many times the writes.")
        .append("</p>\n");
    h.append("<table id=\"limit\">\n<tr><th>strategy</th><th>work / N at N = ").append(maxN)
        .append("</th><th>completion / limit at N = ").append(maxN)
        .append("</th><th>work / N, mean over the sweep</th><th>completion / limit, mean over the sweep</th>");
    if (server) {
      h.append("<th>utilisation at N = ").append(maxN).append("</th>");
    }
    h.append("</tr>\n");
    for (String s : config.strategies()) {
      PointResult top = result.point(s, maxN);
      double work = result.pointsOf(s).stream().mapToDouble(PointResult::workPerClient).average().orElse(0);
      double time = result.pointsOf(s).stream().mapToDouble(PointResult::completionVsLimit).average().orElse(0);
      h.append("<tr><td>").append(esc(s)).append("</td>");
      num(h, Numbers.grouped(top.workPerClient(), 2));
      num(h, Numbers.grouped(top.completionVsLimit(), 2));
      num(h, Numbers.grouped(work, 2));
      num(h, Numbers.grouped(time, 2));
      if (server) {
        num(h, Numbers.grouped(100 * top.utilisation().mean(), 1) + "%");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");

    h.append("<h2>Results</h2>\n<p>Mean, sample standard deviation, median and 95th percentile over the runs "
        + "(also in <code>results.csv</code>).</p>\n<div class=\"scroll\">\n<table id=\"results\">\n<tr><th>strategy</th><th>clients</th>"
        + "<th>work mean</th><th>work sd</th><th>work p50</th><th>work p95</th><th>completion mean</th>"
        + "<th>completion sd</th><th>completion p50</th><th>completion p95</th><th>work / N</th>"
        + "<th>completion / limit</th>");
    if (server) {
      h.append("<th>utilisation</th>");
    }
    h.append("</tr>\n");
    for (PointResult p : result.points()) {
      h.append("<tr><td>").append(esc(p.strategy())).append("</td>");
      num(h, Integer.toString(p.clients()));
      num(h, Numbers.grouped(p.work().mean(), 1));
      num(h, Numbers.grouped(p.work().sd(), 1));
      num(h, Numbers.grouped(p.work().p50(), 1));
      num(h, Numbers.grouped(p.work().p95(), 1));
      num(h, Numbers.grouped(p.completion().mean(), 1));
      num(h, Numbers.grouped(p.completion().sd(), 1));
      num(h, Numbers.grouped(p.completion().p50(), 1));
      num(h, Numbers.grouped(p.completion().p95(), 1));
      num(h, Numbers.grouped(p.workPerClient(), 2));
      num(h, Numbers.grouped(p.completionVsLimit(), 2));
      if (server) {
        num(h, Numbers.grouped(100 * p.utilisation().mean(), 1) + "%");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n</div>\n</body>\n</html>\n");
    return h.toString();
  }

  private static void row(StringBuilder h, String name, String value) {
    h.append("<tr><th>").append(esc(name)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
  }

  private static void num(StringBuilder h, String text) {
    h.append("<td class=\"n\">").append(esc(text)).append("</td>");
  }

  private static void image(StringBuilder h, String id, String alt, byte[] png) {
    h.append("<figure><img id=\"").append(id).append("\" alt=\"").append(esc(alt)).append("\" width=\"")
        .append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT).append("\" src=\"data:image/png;base64,")
        .append(Base64.getEncoder().encodeToString(png)).append("\"></figure>\n");
  }

  static String esc(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '&' -> sb.append("&amp;");
        case '"' -> sb.append("&quot;");
        case '\'' -> sb.append("&#39;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
