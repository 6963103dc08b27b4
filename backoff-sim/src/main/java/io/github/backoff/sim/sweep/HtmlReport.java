package io.github.backoff.sim.sweep;

import io.github.backoff.sim.internal.Html;
import io.github.backoff.sim.report.Numbers;
import java.util.Base64;

/**
 * {@code report.html}: a self-contained page (no scripts, no external resources; the charts are embedded as
 * base64 {@code data:} URIs) with the parameters and seed, both charts, each strategy against the bounds (work
 * against N; completion against {@code N × one attempt's time}) and the full results table.
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
    Html.head(h, config.model().id(), 1200);
    h.append("<h1>Backoff simulation: model <code>").append(esc(config.model().id())).append("</code></h1>\n");
    h.append("<p>").append(esc(modelText)).append(" Completion = when the last client learns of its success. ")
        .append("Time unit = 1 ms of core Backoff delay.</p>\n");

    h.append("<h2>Parameters</h2>\n<table id=\"parameters\">\n");
    Html.row(h, "model", config.model().id());
    Html.row(h, "clients", config.clients().toString());
    Html.row(h, "runs per point", Integer.toString(config.runs()));
    Html.row(h, "seed", Long.toString(config.seed()));
    Html.row(h, "base, cap", Numbers.plain(config.base()) + ", " + Numbers.plain(config.cap()) + " time units");
    for (String s : config.strategies()) {
      Html.row(h, "strategy " + s, config.backoff(s).toString());
    }
    Html.row(h, "threads", Integer.toString(config.threads()));
    Html.row(h, "engine events", Numbers.grouped(result.events(), 0) + " in "
        + Numbers.grouped(result.elapsed().toNanos() / 1e9, 2) + " s ("
        + Numbers.grouped(result.eventsPerSecond(), 0) + " events/s)");
    h.append("</table>\n");

    h.append("<h2>Charts</h2>\n");
    image(h, "work-chart", "Work against clients, one line per strategy", workPng);
    image(h, "completion-chart", "Completion time against clients, one line per strategy", completionPng);

    String nTimes = "N &times; " + Numbers.plain(config.model().attemptTime());
    h.append("<h2>Against the bounds</h2>\n<p>Work is at least N, every client's one successful call: work / N = 1 "
        + "when nobody collides. Completion is compared with ").append(nTimes).append(", ")
        .append(server ? "a lower bound of its mean: the server serves one request at a time, so completion is at "
            + "least the sum of N service times, whose mean is at least " + Numbers.plain(config.model().attemptTime())
            + ". Rejections cost the server nothing in this model, so hammering it is free."
            : "a reference, not a bound: a client may read while the previous winner's reply is still on its way, "
                + "so attempts overlap and completion can be below it (no backoff is, by sending many times the "
                + "writes). docs/simulator.md explains why no useful lower bound exists.")
        .append("</p>\n");
    h.append("<table id=\"limit\">\n<tr><th>strategy</th><th>work / N at N = ").append(maxN)
        .append("</th><th>completion / (").append(nTimes).append(") at N = ").append(maxN)
        .append("</th><th>work / N, mean over the sweep</th><th>completion / (").append(nTimes)
        .append("), mean over the sweep</th>");
    if (server) {
      h.append("<th>utilisation at N = ").append(maxN).append("</th>");
    }
    h.append("</tr>\n");
    for (String s : config.strategies()) {
      PointResult top = result.point(s, maxN);
      double work = result.pointsOf(s).stream().mapToDouble(PointResult::workPerClient).average().orElse(0);
      double time = result.pointsOf(s).stream().mapToDouble(PointResult::completionVsReference).average().orElse(0);
      h.append("<tr><td>").append(esc(s)).append("</td>");
      Html.num(h, Numbers.grouped(top.workPerClient(), 2));
      Html.num(h, Numbers.grouped(top.completionVsReference(), 2));
      Html.num(h, Numbers.grouped(work, 2));
      Html.num(h, Numbers.grouped(time, 2));
      if (server) {
        Html.num(h, Numbers.grouped(100 * top.utilisation().mean(), 1) + "%");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");

    h.append("<h2>Results</h2>\n<p>Mean, sample standard deviation, median and 95th percentile over the runs "
        + "(also in <code>results.csv</code>).</p>\n<div class=\"scroll\">\n<table id=\"results\">\n<tr><th>strategy</th><th>clients</th>"
        + "<th>work mean</th><th>work sd</th><th>work p50</th><th>work p95</th><th>completion mean</th>"
        + "<th>completion sd</th><th>completion p50</th><th>completion p95</th><th>work / N</th>"
        + "<th>completion / (" + nTimes + ")</th>");
    if (server) {
      h.append("<th>utilisation</th>");
    }
    h.append("</tr>\n");
    for (PointResult p : result.points()) {
      h.append("<tr><td>").append(esc(p.strategy())).append("</td>");
      Html.num(h, Integer.toString(p.clients()));
      Html.num(h, Numbers.grouped(p.work().mean(), 1));
      Html.num(h, Numbers.grouped(p.work().sd(), 1));
      Html.num(h, Numbers.grouped(p.work().p50(), 1));
      Html.num(h, Numbers.grouped(p.work().p95(), 1));
      Html.num(h, Numbers.grouped(p.completion().mean(), 1));
      Html.num(h, Numbers.grouped(p.completion().sd(), 1));
      Html.num(h, Numbers.grouped(p.completion().p50(), 1));
      Html.num(h, Numbers.grouped(p.completion().p95(), 1));
      Html.num(h, Numbers.grouped(p.workPerClient(), 2));
      Html.num(h, Numbers.grouped(p.completionVsReference(), 2));
      if (server) {
        Html.num(h, Numbers.grouped(100 * p.utilisation().mean(), 1) + "%");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n</div>\n</body>\n</html>\n");
    return h.toString();
  }

  private static void image(StringBuilder h, String id, String alt, byte[] png) {
    h.append("<figure><img id=\"").append(id).append("\" alt=\"").append(esc(alt)).append("\" width=\"")
        .append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT).append("\" src=\"data:image/png;base64,")
        .append(Base64.getEncoder().encodeToString(png)).append("\"></figure>\n");
  }

  static String esc(String s) {
    return Numbers.html(s);
  }
}
