package io.github.backoff.sim.overload;

import io.github.backoff.sim.internal.Html;
import io.github.backoff.sim.report.Numbers;
import io.github.backoff.sim.sweep.HtmlReport;
import java.util.Base64;

/**
 * {@code report.html} for the {@code overload} model: a self-contained page (no scripts, no external resources;
 * charts as {@code data:} URIs) with the parameters, the per-policy summary, both charts and the per-run table.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * String html = OverloadHtml.render(result, OverloadCharts.goodput(result), OverloadCharts.panels(result));
 * }</pre>
 */
public final class OverloadHtml {
  private OverloadHtml() {}

  /** The page, with {@code goodputPng} and {@code panelsPng} embedded. */
  public static String render(OverloadResult result, byte[] goodputPng, byte[] panelsPng) {
    OverloadConfig c = result.config();
    boolean noOutage = OverloadReports.noOutage(c);
    StringBuilder h = new StringBuilder(64 * 1024 + 4 * (goodputPng.length + panelsPng.length) / 3);
    Html.head(h, "overload", 1300);
    h.append("<h1>Backoff simulation: model <code>overload</code></h1>\n<p>")
        .append(esc("An open system: requests arrive as a Poisson process of rate λ at one server of capacity μ "
            + "(exponential service times, FIFO) with a bounded queue. A client fails an attempt after waiting "
            + "the timeout, or at once if the queue is full, and retries per the policy with the strategy's "
            + "backoff. The server " + (c.dropExpired() ? "discards queued requests whose client gave up"
                : "cannot tell that a client gave up and serves every queued request") + ". During the outage "
            + "the capacity drops to a fraction of μ. Time unit = 1 s; core backoff delays keep their real "
            + "durations."))
        .append("</p>\n");

    h.append("<h2>Parameters</h2>\n<table id=\"parameters\">\n");
    Html.row(h, "arrival rate λ", Numbers.plain(c.rate()) + " requests/s");
    Html.row(h, "capacity μ", Numbers.plain(c.capacity()) + " requests/s (load " + Numbers.grouped(100 * c.rate()
        / c.capacity(), 1) + "%)");
    Html.row(h, "queue", c.queue() + " requests");
    Html.row(h, "timeout", Numbers.plain(c.timeout()) + " s");
    Html.row(h, "outage", Numbers.plain(c.outageStart()) + " s to " + Numbers.plain(c.outageEnd()) + " s at "
        + Numbers.plain(100 * c.outageCapacity()) + "% of μ");
    Html.row(h, "horizon", c.horizon() + " s");
    Html.row(h, "server drops expired requests", c.dropExpired() ? "yes" : "no");
    if (c.throttleRate() > 0) {
      Html.row(h, "server", "throttling at " + Numbers.plain(c.throttleRate()) + " attempts/s (at full capacity)");
    }
    Html.row(h, "max attempts", Integer.toString(c.maxAttempts()));
    for (OverloadPolicy p : c.policies()) {
      Html.row(h, "policy " + p.name(), p.description());
    }
    for (String s : c.strategies()) {
      Html.row(h, "strategy " + s, c.backoff(s).toString());
    }
    Html.row(h, "runs, seed", c.runs() + ", " + c.seed());
    Html.row(h, "engine events", Numbers.grouped(result.events(), 0) + " in "
        + Numbers.grouped(result.elapsed().toNanos() / 1e9, 2) + " s");
    h.append("</table>\n");

    h.append("<h2>Summary</h2>\n<p>Amplification = attempts / requests. Recovery = seconds from the end of the "
        + "outage to the first of ").append(OverloadResult.RECOVERY_WINDOW).append(" consecutive seconds with "
        + "goodput &ge; ").append(OverloadResult.RECOVERY_PERCENT).append("% of λ (median over the runs that "
        + "recovered). Also in <code>summary.csv</code>.</p>\n<table id=\"summary\">\n<tr><th>policy</th>"
        + "<th>strategy</th><th>amplification</th><th>lost (mean)</th><th>lost %</th><th>budget denied</th>"
        + "<th>wasted services</th><th>max queue</th><th>recovered runs</th><th>recovery (s)</th></tr>\n");
    for (OverloadPoint p : result.points()) {
      h.append("<tr><td>").append(esc(p.policy().name())).append("</td><td>").append(esc(p.strategy()))
          .append("</td>");
      Html.num(h, Numbers.grouped(p.amplification().mean(), 2) + "x");
      Html.num(h, Numbers.grouped(p.lost().mean(), 0));
      Html.num(h, Numbers.grouped(100 * p.lostShare().mean(), 2));
      Html.num(h, Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::budgetDenied).average().orElse(0), 0));
      Html.num(h, Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::wasted).average().orElse(0), 0));
      Html.num(h, Integer.toString(p.maxQueue()));
      Html.num(h, noOutage ? OverloadReports.NOT_APPLICABLE : p.recoveredRuns() + "/" + p.runs().size());
      Html.num(h, noOutage ? OverloadReports.NOT_APPLICABLE
          : p.recoveredRuns() == 0 ? "did not recover" : Numbers.grouped(p.recovery().p50(), 0));
      h.append("</tr>\n");
    }
    h.append("</table>\n");

    h.append("<h2>Charts</h2>\n");
    image(h, "goodput-chart", "Goodput over time, one line per policy", goodputPng);
    image(h, "overload-chart", "Offered load, goodput, retries and queue over time, one panel per policy",
        panelsPng);

    h.append("<h2>Runs</h2>\n<p>Also in <code>runs.csv</code>; the time series (means over the runs) are in "
        + "<code>timeseries.csv</code>.</p>\n<div class=\"scroll\">\n<table id=\"runs\">\n<tr><th>policy</th>"
        + "<th>strategy</th><th>run</th><th>requests</th><th>attempts</th><th>amplification</th><th>successes</th>"
        + "<th>timeouts</th><th>rejected</th><th>lost</th><th>budget denied</th><th>wasted</th><th>max queue</th>"
        + "<th>recovery (s)</th></tr>\n");
    for (OverloadPoint p : result.points()) {
      for (OverloadRun r : p.runs()) {
        h.append("<tr><td>").append(esc(p.policy().name())).append("</td><td>").append(esc(p.strategy()))
            .append("</td>");
        Html.num(h, Integer.toString(r.run()));
        Html.num(h, Numbers.grouped(r.requests(), 0));
        Html.num(h, Numbers.grouped(r.attempts(), 0));
        Html.num(h, Numbers.grouped(r.amplification(), 2) + "x");
        Html.num(h, Numbers.grouped(r.successes(), 0));
        Html.num(h, Numbers.grouped(r.timeouts(), 0));
        Html.num(h, Numbers.grouped(r.rejected(), 0));
        Html.num(h, Numbers.grouped(r.lost(), 0));
        Html.num(h, Numbers.grouped(r.budgetDenied(), 0));
        Html.num(h, Numbers.grouped(r.wasted(), 0));
        Html.num(h, Integer.toString(r.maxQueue()));
        Html.num(h, noOutage ? OverloadReports.NOT_APPLICABLE
            : r.recovered() ? Numbers.grouped(r.recovery(), 0) : "did not recover");
        h.append("</tr>\n");
      }
    }
    h.append("</table>\n</div>\n</body>\n</html>\n");
    return h.toString();
  }

  private static void image(StringBuilder h, String id, String alt, byte[] png) {
    h.append("<figure><img id=\"").append(id).append("\" alt=\"").append(esc(alt)).append("\" src=\"data:image/png;"
        + "base64,").append(Base64.getEncoder().encodeToString(png)).append("\"></figure>\n");
  }

  private static String esc(String s) {
    return Numbers.html(s);
  }
}
