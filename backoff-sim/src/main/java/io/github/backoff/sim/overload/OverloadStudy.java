package io.github.backoff.sim.overload;

import io.github.backoff.sim.ConfiguredStudy;
import io.github.backoff.sim.Stats;
import io.github.backoff.sim.report.Chart;
import io.github.backoff.sim.report.Numbers;
import io.github.backoff.sim.report.Page;
import io.github.backoff.sim.report.Report;
import io.github.backoff.sim.report.ReportWriter;
import io.github.backoff.sim.report.Table;
import io.github.backoff.sim.run.Seeds;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Trial;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * The {@code overload} model as a {@link Study}: points are (policy, strategy); each run yields its totals and,
 * per one-second bucket, the {@link OverloadMetric} series. Its reports are declared by {@link #report} for the one report layer.
 * Immutable and thread-safe.
 */
final class OverloadStudy extends ConfiguredStudy {
  private static final long MODEL_HASH = "overload".hashCode();
  /** The per-run totals, in the order of {@link OverloadRun}'s components after {@code run}. */
  static final List<Metric> TOTALS = List.of(
      Metric.stats("requests", "", "requests that arrived before the horizon"),
      Metric.stats("attempts", "", "attempts sent, first attempts included"),
      Metric.stats("retries", "", "retries sent"),
      Metric.stats("successes", "", "requests that succeeded"),
      Metric.stats("timeouts", "", "attempts that timed out at the client"),
      Metric.stats("rejected", "", "attempts rejected because the queue was full"),
      Metric.stats("lost", "", "requests given up"),
      Metric.stats("budget_denied", "", "requests whose retry the budget denied"),
      Metric.stats("wasted", "", "services completed for clients that had given up"),
      Metric.stats("max_queue", "", "the longest the queue got"),
      Metric.stats("recovery", "s", "seconds from the end of the outage until goodput is back"),
      Metric.stats("events", "", "engine events processed"),
      Metric.stats("throttled", "", "attempts the throttling server rejected"),
      Metric.stats("limiter_wait", "s", "the rate limiter's waits, added up"),
      Metric.stats("limiter_wait_max", "s", "the longest wait for the rate limiter"),
      Metric.stats("limiter_gave_up", "", "requests given up: the limiter's token was due after the timeout"),
      Metric.stats("latency_mean", "s", "mean latency of the successful requests"),
      Metric.stats("latency_p50", "s", "median latency of the successful requests"),
      Metric.stats("latency_p99", "s", "99th percentile latency of the successful requests"));
  /** Of {@link #TOTALS}, how many make an {@link OverloadRun}; the rest make an {@link OverloadLatency}. */
  private static final int RUN_TOTALS = 12;
  static final List<Metric> METRICS;

  static {
    List<Metric> all = new ArrayList<>(TOTALS);
    for (OverloadMetric m : OverloadMetric.values()) {
      all.add(Metric.series(m.column(), "", m.name().toLowerCase(java.util.Locale.ROOT)));
    }
    METRICS = List.copyOf(all);
  }

  private final OverloadConfig config;
  private final List<Point> points;

  OverloadStudy(OverloadConfig config) {
    super(config, "overload", METRICS, "policy", null);
    this.config = config;
    List<Point> list = new ArrayList<>();
    for (OverloadPolicy policy : config.policies()) {
      for (String strategy : config.strategies()) {
        list.add(new Point(policy.name() + "/" + strategy, Double.NaN));
      }
    }
    points = List.copyOf(list);
  }

  @Override
  public List<Point> points() {
    return points;
  }

  @Override
  public int buckets() {
    return config.horizon();
  }

  private OverloadPolicy policy(int p) {
    return config.policies().get(p / config.strategies().size());
  }

  private String strategy(int p) {
    return config.strategies().get(p % config.strategies().size());
  }

  @Override
  public Trial newTrial() {
    OverloadModel model = new OverloadModel(config.system());
    boolean network = !config.networkLatency().isZero();
    OverloadOutcome o = new OverloadOutcome();
    int totals = TOTALS.size();
    int buckets = config.horizon();
    return (p, r, values, series) -> {
      OverloadPolicy policy = policy(p);
      String strategy = strategy(p);
      long runHash = points.get(p).series().hashCode(); // "policy/strategy"
      model.run(config.backoff(strategy), policy.attempts(config.maxAttempts()), policy.budget(), policy.rateLimiter(),
          OverloadStreams.arrivals(config.seed(), r), OverloadStreams.service(config.seed(), r),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, runHash, 0, r)),
          network ? OverloadStreams.network(config.seed(), r) : null, o);
      values[0] = o.requests();
      values[1] = o.attempts();
      values[2] = o.retries();
      values[3] = o.successes();
      values[4] = o.timeouts();
      values[5] = o.rejected();
      values[6] = o.lost();
      values[7] = o.budgetDenied();
      values[8] = o.wasted();
      values[9] = o.maxQueue();
      values[10] = o.recovery();
      values[11] = o.events();
      values[12] = o.throttled();
      values[13] = o.limiterWait();
      values[14] = o.limiterWaitMax();
      values[15] = o.limiterGaveUp();
      values[16] = o.latencyMean();
      values[17] = o.latencyP50();
      values[18] = o.latencyP99();
      for (int m = 0; m < OverloadMetric.values().length; m++) {
        float[] s = series[totals + m];
        for (int b = 0; b < buckets; b++) {
          s[b] = (float) o.value(m, b);
        }
      }
      return o.events();
    };
  }

  /** The results in the overload model's own shape. */
  OverloadResult result(Results results) {
    int metrics = OverloadMetric.values().length;
    int totals = TOTALS.size();
    List<OverloadPoint> out = new ArrayList<>(points.size());
    for (int p = 0; p < points.size(); p++) {
      List<OverloadRun> runs = new ArrayList<>(config.runs());
      List<OverloadLatency> latency = new ArrayList<>(config.runs());
      double[][] v = new double[totals][];
      for (int k = 0; k < totals; k++) {
        v[k] = results.runs(p, k);
      }
      for (int r = 0; r < config.runs(); r++) {
        runs.add(new OverloadRun(r, (long) v[0][r], (long) v[1][r], (long) v[2][r], (long) v[3][r],
            (long) v[4][r], (long) v[5][r], (long) v[6][r], (long) v[7][r], (long) v[8][r], (int) v[9][r],
            v[10][r], (long) v[11][r]));
        int l = RUN_TOTALS;
        latency.add(new OverloadLatency(r, (long) v[l][r], v[l + 1][r], v[l + 2][r], (long) v[l + 3][r],
            v[l + 4][r], v[l + 5][r], v[l + 6][r]));
      }
      double[][] means = new double[metrics][];
      for (int m = 0; m < metrics; m++) {
        means[m] = results.series(p, totals + m);
      }
      out.add(new OverloadPoint(policy(p), strategy(p), runs, latency, means));
    }
    return new OverloadResult(config, out, results.events(), results.elapsed());
  }

  @Override
  public Reporter reporter() {
    return ReportWriter.of(results -> report(result(results)));
  }

  /** File names of the overload model's reports. */
  static final String TIMESERIES_CSV = "timeseries.csv";
  static final String SUMMARY_CSV = "summary.csv";
  static final String RUNS_CSV = "runs.csv";
  static final String LATENCY_CSV = "latency.csv";
  static final String GOODPUT_PNG = "goodput.png";
  static final String PANELS_PNG = "overload.png";
  static final String REPORT_HTML = "report.html";
  private static final String NOT_APPLICABLE = "n/a";
  private static final int WIDTH = 900;
  private static final int HEIGHT = 520;
  private static final int PANEL_WIDTH = 640;
  private static final int PANEL_HEIGHT = 380;
  private static final int COLUMNS = 2;

  /**
   * The overload model's reports, declared: the time series, the summary per policy and strategy, every run, the
   * latency and rate limiter table, the goodput chart, one panel per policy, the page and the terminal summary.
   */
  static Report report(OverloadResult result) {
    OverloadConfig c = result.config();
    boolean several = c.strategies().size() > 1;
    List<Chart> panels = new ArrayList<>();
    for (OverloadPoint p : result.points()) {
      panels.add(panel(p, c, several));
    }
    return Report.builder()
        .csv(TIMESERIES_CSV, timeSeries(result))
        .csv(SUMMARY_CSV, summaryTable(result))
        .csv(RUNS_CSV, runs(result))
        .csv(LATENCY_CSV, latency(result))
        .chart(GOODPUT_PNG, goodput(result))
        .grid(PANELS_PNG, COLUMNS, panels)
        .page(REPORT_HTML, page(result))
        .summary(summary(result))
        .build();
  }

  private static boolean noOutage(OverloadConfig c) {
    return c.outageLength() == 0;
  }

  private static boolean showsLatency(OverloadConfig c) {
    return c.throttleRate() > 0 || c.policies().stream().anyMatch(p -> p.rateLimiter() != null);
  }

  /** The server's capacity (requests per second) during bucket {@code b}, averaged over the bucket. */
  static double capacityAt(OverloadConfig c, int b) {
    double overlap = Math.max(0, Math.min(b + 1.0, c.outageEnd()) - Math.max(b, c.outageStart()));
    return c.capacity() * (1 - overlap * (1 - c.outageCapacity()));
  }

  private static Table timeSeries(OverloadResult result) {
    List<String> header = new ArrayList<>(List.of("policy", "strategy", "time_s"));
    for (OverloadMetric m : OverloadMetric.values()) {
      header.add(m.column());
    }
    header.add("capacity_per_s");
    Table.Builder table = Table.builder(header);
    for (OverloadPoint p : result.points()) {
      for (int b = 0; b < p.buckets(); b++) {
        List<String> row = new ArrayList<>(header.size());
        row.add(p.policy().name());
        row.add(p.strategy());
        row.add(Integer.toString(b));
        for (OverloadMetric m : OverloadMetric.values()) {
          row.add(Numbers.fixed3(p.mean(m, b)));
        }
        row.add(Numbers.fixed3(capacityAt(result.config(), b)));
        table.row(row);
      }
    }
    return table.build();
  }

  private static Table summaryTable(OverloadResult result) {
    Table.Builder table = Table.builder("policy", "strategy", "runs", "requests_mean", "attempts_mean",
        "amplification_mean", "amplification_max", "lost_mean", "lost_share_mean", "budget_denied_mean",
        "wasted_mean", "max_queue", "recovered_runs", "recovery_s_mean", "recovery_s_p50", "recovery_s_max");
    boolean noOutage = noOutage(result.config());
    for (OverloadPoint p : result.points()) {
      Stats recovery = p.recovery();
      double maxRecovery = p.runs().stream().filter(OverloadRun::recovered).mapToDouble(OverloadRun::recovery)
          .max().orElse(Double.NaN);
      table.row(p.policy().name(), p.strategy(), Integer.toString(p.runs().size()),
          Numbers.fixed3(mean(p, OverloadRun::requests)), Numbers.fixed3(mean(p, OverloadRun::attempts)),
          Numbers.fixed3(p.amplification().mean()),
          Numbers.fixed3(p.runs().stream().mapToDouble(OverloadRun::amplification).max().orElse(0)),
          Numbers.fixed3(p.lost().mean()), Numbers.fixed3(p.lostShare().mean()),
          Numbers.fixed3(mean(p, OverloadRun::budgetDenied)), Numbers.fixed3(mean(p, OverloadRun::wasted)),
          Integer.toString(p.maxQueue()),
          noOutage ? "" : Integer.toString((int) p.recoveredRuns()),
          noOutage ? "" : Numbers.fixed3(recovery.mean()),
          noOutage ? "" : Numbers.fixed3(recovery.p50()),
          noOutage ? "" : Numbers.fixed3(maxRecovery));
    }
    return table.build();
  }

  private static Table runs(OverloadResult result) {
    Table.Builder table = Table.builder("policy", "strategy", "run", "requests", "attempts", "retries",
        "successes", "timeouts", "rejected", "lost", "budget_denied", "wasted", "amplification", "max_queue",
        "recovered", "recovery_s");
    boolean noOutage = noOutage(result.config());
    for (OverloadPoint p : result.points()) {
      for (OverloadRun r : p.runs()) {
        table.row(p.policy().name(), p.strategy(), Integer.toString(r.run()), Long.toString(r.requests()),
            Long.toString(r.attempts()), Long.toString(r.retries()), Long.toString(r.successes()),
            Long.toString(r.timeouts()), Long.toString(r.rejected()), Long.toString(r.lost()),
            Long.toString(r.budgetDenied()), Long.toString(r.wasted()), Numbers.fixed3(r.amplification()),
            Integer.toString(r.maxQueue()), noOutage ? "" : r.recovered() ? "yes" : "no",
            noOutage ? "" : Numbers.fixed3(r.recovery()));
      }
    }
    return table.build();
  }

  private static Table latency(OverloadResult result) {
    Table.Builder table = Table.builder("policy", "strategy", "runs", "throttled_mean", "throttled_share_mean",
        "limiter_wait_per_request_ms_mean", "limiter_wait_max_ms", "limiter_gave_up_mean", "latency_mean_ms",
        "latency_p50_ms", "latency_p99_ms");
    for (OverloadPoint p : result.points()) {
      table.row(p.policy().name(), p.strategy(), Integer.toString(p.runs().size()),
          Numbers.fixed3(p.throttled().mean()), Numbers.fixed3(p.throttledShare().mean()),
          Numbers.fixed3(1000 * p.limiterWaitPerRequest().mean()),
          Numbers.fixed3(1000 * p.latency().stream().mapToDouble(OverloadLatency::limiterWaitMax).max().orElse(0)),
          Numbers.fixed3(p.latency().stream().mapToLong(OverloadLatency::limiterGaveUp).average().orElse(0)),
          Numbers.fixed3(1000 * latencyMean(p, OverloadLatency::latencyMean)),
          Numbers.fixed3(1000 * latencyMean(p, OverloadLatency::latencyP50)),
          Numbers.fixed3(1000 * latencyMean(p, OverloadLatency::latencyP99)));
    }
    return table.build();
  }

  /** The mean over the runs that measured a latency ({@code NaN} if none did). */
  private static double latencyMean(OverloadPoint p, ToDoubleFunction<OverloadLatency> f) {
    return p.latency().stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
  }

  private static double mean(OverloadPoint p, ToLongFunction<OverloadRun> f) {
    return p.runs().stream().mapToLong(f).average().orElse(Double.NaN);
  }

  /** Goodput over time of every (policy, strategy). */
  private static Chart goodput(OverloadResult result) {
    OverloadConfig c = result.config();
    Chart.Builder chart = chart(WIDTH, HEIGHT, "Goodput over time (mean of " + c.runs() + " runs): λ = "
        + Numbers.plain(c.rate()) + "/s, μ = " + Numbers.plain(c.capacity()) + "/s", "goodput (requests/s)");
    double[] x = times(c);
    boolean several = c.strategies().size() > 1;
    for (OverloadPoint p : result.points()) {
      chart.line(Chart.Line.of(label(p, several, " / "), x, p.series(OverloadMetric.GOODPUT))
          .style(Chart.Style.PLAIN));
    }
    return reference(chart, c).build();
  }

  /** One (policy, strategy): offered load, goodput, retries and the queue (right axis) over time. */
  private static Chart panel(OverloadPoint p, OverloadConfig c, boolean several) {
    String recovery = noOutage(c) ? "no outage"
        : p.recoveredRuns() == 0 ? "never recovered"
        : "recovered " + p.recoveredRuns() + "/" + p.runs().size() + " runs, median "
            + Numbers.grouped(p.recovery().p50(), 0) + " s";
    Chart.Builder chart = chart(PANEL_WIDTH, PANEL_HEIGHT, label(p, several, " / ") + ": " + p.policy().description()
        + " (" + Numbers.grouped(p.amplification().mean(), 2) + "x; " + recovery + ")", "per second");
    double[] x = times(c);
    chart.line(Chart.Line.of("offered (attempts/s)", x, p.series(OverloadMetric.ATTEMPTS)).style(Chart.Style.PLAIN)
            .color(0xD62728))
        .line(Chart.Line.of("goodput", x, p.series(OverloadMetric.GOODPUT)).style(Chart.Style.PLAIN).color(0x2CA02C))
        .line(Chart.Line.of("retries/s", x, p.series(OverloadMetric.RETRIES)).style(Chart.Style.PLAIN).color(0xFF7F0E))
        .line(Chart.Line.of("queue (right axis)", x, p.series(OverloadMetric.QUEUE)).style(Chart.Style.PLAIN)
            .color(0x1F77B4).onRight())
        .rightTitle("queue length");
    return reference(chart, c).small().build();
  }

  private static Chart.Builder chart(int width, int height, String title, String yTitle) {
    return Chart.builder(title, "time (s)", yTitle, width, height).legend(Chart.Legend.BELOW).markerSize(0)
        .patterns("0", "#,##0");
  }

  /** The capacity step (dashed), λ (dotted) and the outage's start and end (vertical lines). */
  private static Chart.Builder reference(Chart.Builder chart, OverloadConfig c) {
    chart.line(Chart.Line.of("capacity μ", new double[] {0, c.outageStart(), c.outageStart(), c.outageEnd(),
        c.outageEnd(), c.horizon()}, new double[] {c.capacity(), c.capacity(), c.capacity() * c.outageCapacity(),
        c.capacity() * c.outageCapacity(), c.capacity(), c.capacity()}).style(Chart.Style.DASHED));
    chart.line(Chart.Line.of("arrival rate λ", new double[] {0, c.horizon()}, new double[] {c.rate(), c.rate()})
        .style(Chart.Style.DOTTED));
    if (c.outageLength() > 0) {
      chart.verticals(c.outageStart(), c.outageEnd());
    }
    return chart;
  }

  private static double[] times(OverloadConfig c) {
    return IntStream.range(0, c.horizon()).mapToDouble(b -> b + 0.5).toArray(); // each bucket at its middle
  }

  private static String label(OverloadPoint p, boolean withStrategy, String separator) {
    return withStrategy ? p.policy().name() + separator + p.strategy() : p.policy().name();
  }

  /** The page: the model, its parameters, the summary table, both charts and every run. */
  private static Page page(OverloadResult result) {
    OverloadConfig c = result.config();
    boolean noOutage = noOutage(c);
    List<String[]> parameters = new ArrayList<>();
    parameters.add(new String[] {"arrival rate λ", Numbers.plain(c.rate()) + " requests/s"});
    parameters.add(new String[] {"capacity μ", Numbers.plain(c.capacity()) + " requests/s (load "
        + Numbers.grouped(100 * c.rate() / c.capacity(), 1) + "%)"});
    parameters.add(new String[] {"queue", c.queue() + " requests"});
    parameters.add(new String[] {"timeout", Numbers.plain(c.timeout()) + " s"});
    parameters.add(new String[] {"outage", Numbers.plain(c.outageStart()) + " s to " + Numbers.plain(c.outageEnd())
        + " s at " + Numbers.plain(100 * c.outageCapacity()) + "% of μ"});
    parameters.add(new String[] {"horizon", c.horizon() + " s"});
    parameters.add(new String[] {"server drops expired requests", c.dropExpired() ? "yes" : "no"});
    if (c.throttleRate() > 0) {
      parameters.add(new String[] {"server", "throttling at " + Numbers.plain(c.throttleRate())
          + " attempts/s (at full capacity)"});
    }
    if (!c.networkLatency().isZero()) {
      parameters.add(new String[] {"network latency per answer", c.networkLatency().toString()});
    }
    if (!c.retryAfter().isNone()) {
      parameters.add(new String[] {"hint per throttled reply", (c.retryAfter().isMillis() ? "x-amz-retry-after "
          : "Retry-After ") + c.retryAfter().duration().toMillis() + " ms"});
    }
    parameters.add(new String[] {"max attempts", Integer.toString(c.maxAttempts())});
    for (OverloadPolicy p : c.policies()) {
      parameters.add(new String[] {"policy " + p.name(), p.description()});
    }
    for (String s : c.strategies()) {
      parameters.add(new String[] {"strategy " + s, c.backoff(s).toString()});
    }
    parameters.add(new String[] {"runs, seed", c.runs() + ", " + c.seed()});
    parameters.add(new String[] {"engine events", Numbers.grouped(result.events(), 0) + " in "
        + Numbers.grouped(result.elapsed().toNanos() / 1e9, 2) + " s"});

    Table.Builder summary = Table.builder("policy", "strategy", "amplification", "lost (mean)", "lost %",
        "budget denied", "wasted services", "max queue", "recovered runs", "recovery (s)");
    for (OverloadPoint p : result.points()) {
      summary.row(p.policy().name(), p.strategy(), Numbers.grouped(p.amplification().mean(), 2) + "x",
          Numbers.grouped(p.lost().mean(), 0), Numbers.grouped(100 * p.lostShare().mean(), 2),
          Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::budgetDenied).average().orElse(0), 0),
          Numbers.grouped(p.runs().stream().mapToLong(OverloadRun::wasted).average().orElse(0), 0),
          Integer.toString(p.maxQueue()),
          noOutage ? NOT_APPLICABLE : p.recoveredRuns() + "/" + p.runs().size(),
          noOutage ? NOT_APPLICABLE
              : p.recoveredRuns() == 0 ? "never" : Numbers.grouped(p.recovery().p50(), 0));
    }
    Table.Builder runs = Table.builder("policy", "strategy", "run", "requests", "attempts", "amplification",
        "successes", "timeouts", "rejected", "lost", "budget denied", "wasted", "max queue", "recovery (s)");
    for (OverloadPoint p : result.points()) {
      for (OverloadRun r : p.runs()) {
        runs.row(p.policy().name(), p.strategy(), Integer.toString(r.run()), Numbers.grouped(r.requests(), 0),
            Numbers.grouped(r.attempts(), 0), Numbers.grouped(r.amplification(), 2) + "x",
            Numbers.grouped(r.successes(), 0), Numbers.grouped(r.timeouts(), 0), Numbers.grouped(r.rejected(), 0),
            Numbers.grouped(r.lost(), 0), Numbers.grouped(r.budgetDenied(), 0), Numbers.grouped(r.wasted(), 0),
            Integer.toString(r.maxQueue()), noOutage ? NOT_APPLICABLE
                : r.recovered() ? Numbers.grouped(r.recovery(), 0) : "never");
      }
    }
    return Page.builder("overload", 1300)
        .text("An open system: requests arrive as a Poisson process of rate λ at one server of capacity μ "
            + "(exponential service times, FIFO) with a bounded queue. A client fails an attempt after waiting "
            + "the timeout, or at once if the queue is full, and retries per the policy with the strategy's "
            + "backoff. The server " + (c.dropExpired() ? "discards queued requests whose client gave up"
                : "cannot tell that a client gave up and serves every queued request") + ". During the outage "
            + "the capacity drops to a fraction of μ. Time unit = 1 s; core backoff delays keep their real "
            + "durations.")
        .parameters(parameters)
        .markup("<h2>Summary</h2>\n<p>Amplification = attempts / requests. Recovery = seconds from the end of the "
            + "outage to the first of " + OverloadResult.RECOVERY_WINDOW + " consecutive seconds with "
            + "goodput &ge; " + OverloadResult.RECOVERY_PERCENT + "% of λ (median over the runs that "
            + "recovered). Also in <code>summary.csv</code>.</p>\n")
        .table("summary", summary.build(), 2, false)
        .heading("Charts")
        .figure("goodput-chart", "Goodput over time, one line per policy", GOODPUT_PNG, false)
        .figure("overload-chart", "Offered load, goodput, retries and queue over time, one panel per policy",
            PANELS_PNG, false)
        .markup("<h2>Runs</h2>\n<p>Also in <code>runs.csv</code>; the time series (means over the runs) are in "
            + "<code>timeseries.csv</code>.</p>\n")
        .table("runs", runs.build(), 2, true)
        .build();
  }

  /** The terminal summary: a line of parameters, then per policy amplification, loss and recovery. */
  private static String summary(OverloadResult result) {
    OverloadConfig c = result.config();
    boolean several = c.strategies().size() > 1;
    int width = Math.max(8, result.points().stream().mapToInt(p -> label(p, several, "/").length()).max().orElse(8));
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
      sb.append(Numbers.left(label(p, several, "/"), width))
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
        sb.append(Numbers.left(label(p, several, "/"), width))
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
}
