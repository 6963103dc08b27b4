package io.github.backoff.sim.report;

import io.github.backoff.sim.OverloadConfig;
import io.github.backoff.sim.OverloadPoint;
import io.github.backoff.sim.OverloadPolicy;
import io.github.backoff.sim.OverloadResult;
import io.github.backoff.sim.OverloadRun;
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
    StringBuilder h = new StringBuilder(64 * 1024 + 4 * (goodputPng.length + panelsPng.length) / 3);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>Backoff simulation: overload</title>\n<style>\n")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1300px;color:#222;padding:0 1em}\n")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\n")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em}td{white-space:nowrap}"
            + "td.n{text-align:right;font-variant-numeric:tabular-nums}.scroll{overflow-x:auto}\n")
        .append("th{background:#f2f2f2}img{max-width:100%;height:auto;border:1px solid #ddd}\n")
        .append("</style>\n</head>\n<body>\n");
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
    row(h, "arrival rate λ", Numbers.plain(c.rate()) + " requests/s");
    row(h, "capacity μ", Numbers.plain(c.capacity()) + " requests/s (load " + Numbers.grouped(100 * c.rate()
        / c.capacity(), 1) + "%)");
    row(h, "queue", c.queue() + " requests");
    row(h, "timeout", Numbers.plain(c.timeout()) + " s");
    row(h, "outage", Numbers.plain(c.outageStart()) + " s to " + Numbers.plain(c.outageEnd()) + " s at "
        + Numbers.plain(100 * c.outageCapacity()) + "% of μ");
    row(h, "horizon", c.horizon() + " s");
    row(h, "server drops expired requests", c.dropExpired() ? "yes" : "no");
    row(h, "max attempts", Integer.toString(c.maxAttempts()));
    for (OverloadPolicy p : c.policies()) {
      row(h, "policy " + p.name(), p.description());
    }
    for (String s : c.strategies()) {
      row(h, "strategy " + s, c.backoff(s).toString());
    }
    row(h, "runs, seed", c.runs() + ", " + c.seed());
    row(h, "engine events", Numbers.grouped(result.events(), 0) + " in "
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
      num(h, Numbers.grouped(p.amplification().mean(), 2) + "x");
      num(h, Numbers.grouped(p.lost().mean(), 0));
      num(h, Numbers.grouped(100 * p.lostShare().mean(), 2));
      num(h, Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::budgetDenied).average().orElse(0), 0));
      num(h, Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::wasted).average().orElse(0), 0));
      num(h, Integer.toString(p.maxQueue()));
      num(h, p.recoveredRuns() + "/" + p.runs().size());
      num(h, p.recoveredRuns() == 0 ? "did not recover" : Numbers.grouped(p.recovery().p50(), 0));
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
        num(h, Integer.toString(r.run()));
        num(h, Numbers.grouped(r.requests(), 0));
        num(h, Numbers.grouped(r.attempts(), 0));
        num(h, Numbers.grouped(r.amplification(), 2) + "x");
        num(h, Numbers.grouped(r.successes(), 0));
        num(h, Numbers.grouped(r.timeouts(), 0));
        num(h, Numbers.grouped(r.rejected(), 0));
        num(h, Numbers.grouped(r.lost(), 0));
        num(h, Numbers.grouped(r.budgetDenied(), 0));
        num(h, Numbers.grouped(r.wasted(), 0));
        num(h, Integer.toString(r.maxQueue()));
        num(h, r.recovered() ? Numbers.grouped(r.recovery(), 0) : "did not recover");
        h.append("</tr>\n");
      }
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
    h.append("<figure><img id=\"").append(id).append("\" alt=\"").append(esc(alt)).append("\" src=\"data:image/png;"
        + "base64,").append(Base64.getEncoder().encodeToString(png)).append("\"></figure>\n");
  }

  private static String esc(String s) {
    return HtmlReport.esc(s);
  }
}
