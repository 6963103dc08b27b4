package io.github.backoff.sim.sweep;

import io.github.backoff.sim.ConfiguredStudy;
import io.github.backoff.sim.Stats;
import io.github.backoff.sim.report.Chart;
import io.github.backoff.sim.report.MetricReports;
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
import io.github.backoff.strategy.Backoff;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The client sweeps ({@code occ}, {@code single-server}) as a {@link Study}: points are (strategy, clients), each
 * run yields work, completion and utilisation. Reported by the sweep's own layout ({@link Reports},
 * {@link SummaryTable}). Immutable and thread-safe.
 */
final class SweepStudy extends ConfiguredStudy {
  static final List<Metric> METRICS = List.of(
      Metric.stats("work", "", "work: writes sent (occ) or requests sent (single-server)"),
      Metric.stats("completion", "ms", "when the last client learned of its success"),
      Metric.stats("utilisation", "", "the server's busy time over the time to its last service"));

  private final SimulationConfig config;
  private final List<Point> points;
  private final Backoff[] backoffs;
  private final int[] counts;
  private final long[] strategyHashes;

  SweepStudy(SimulationConfig config) {
    super(config, config.model().id(), METRICS, "strategy", "clients");
    this.config = config;
    List<String> strategies = config.strategies();
    List<Integer> clients = config.clients();
    int n = strategies.size() * clients.size();
    backoffs = new Backoff[n];
    counts = new int[n];
    strategyHashes = new long[n];
    List<Point> list = new ArrayList<>(n);
    for (int s = 0; s < strategies.size(); s++) {
      for (int c = 0; c < clients.size(); c++) {
        int p = s * clients.size() + c;
        backoffs[p] = config.backoff(strategies.get(s));
        counts[p] = clients.get(c);
        strategyHashes[p] = strategies.get(s).hashCode();
        list.add(new Point(strategies.get(s), counts[p]));
      }
    }
    points = List.copyOf(list);
  }

  SimulationConfig config() {
    return config;
  }

  @Override
  public List<Point> points() {
    return points;
  }

  @Override
  public int batch() {
    return 10;
  }

  @Override
  public double cost(int point) {
    return counts[point];
  }

  @Override
  public Trial newTrial() {
    ClientEngine model = config.model().newModel(SimulationConfig.TIME_UNIT.toNanos());
    ClientRunTally outcome = new ClientRunTally();
    long modelHash = config.model().id().hashCode();
    return (p, r, values, series) -> {
      long seed = Seeds.run(config.seed(), modelHash, strategyHashes[p], counts[p], r);
      model.run(counts[p], backoffs[p], new SplittableRandom(seed), outcome);
      values[0] = outcome.work();
      values[1] = outcome.completion();
      values[2] = outcome.utilisation();
      return outcome.events();
    };
  }

  /** The sweep's results in its own shape. */
  SweepResult result(Results results) {
    List<PointResult> out = new ArrayList<>(points.size());
    for (int p = 0; p < points.size(); p++) {
      out.add(new PointResult(config.model(), points.get(p).series(), counts[p], config.runs(),
          results.stats(p, 0), results.stats(p, 1), results.stats(p, 2)));
    }
    return new SweepResult(config, out, results.events(), results.elapsed());
  }

  @Override
  public Reporter reporter() {
    return ReportWriter.of(results -> report(result(results)));
  }

  /** File names of the sweep's reports. */
  static final String RESULTS_CSV = "results.csv";
  static final String UTILISATION_CSV = "utilisation.csv";
  static final String WORK_PNG = "work.png";
  static final String COMPLETION_PNG = "completion.png";
  static final String REPORT_HTML = "report.html";
  private static final int WIDTH = 900;
  private static final int HEIGHT = 560;

  /**
   * The sweep's reports, declared: {@code results.csv} (work and completion), {@code utilisation.csv}
   * (single-server), the work and completion charts against clients with their bound or reference, the page and
   * the summary at the largest client count.
   */
  static Report report(SweepResult result) {
    SimulationConfig config = result.config();
    boolean server = config.model() == ModelKind.SINGLE_SERVER;
    Report.Builder report = Report.builder()
        .csv(RESULTS_CSV, table(result, PointResult::work, PointResult::completion));
    if (server) {
      report.csv(UTILISATION_CSV, table(result, PointResult::utilisation));
    }
    String what = config.model() == ModelKind.OCC ? "writes sent" : "requests sent";
    return report
        .chart(WORK_PNG, chart(result, "Work: " + what + " (mean of " + config.runs() + " runs)",
            "work (" + what + ")", p -> p.work().mean(), p -> p.clients(), "lower bound: N", false))
        .chart(COMPLETION_PNG, chart(result, "Completion time (mean of " + config.runs() + " runs)",
            "completion time (time units = ms" + (completionLogScale(result) ? ", log scale)" : ")"),
            p -> p.completion().mean(), p -> p.clients() * p.model().attemptTime(), referenceLabel(config.model()),
            completionLogScale(result)))
        .page(REPORT_HTML, page(result))
        .summary(summary(result))
        .build();
  }

  /** One row per point: the key, then the statistics of each metric. */
  @SafeVarargs
  private static Table table(SweepResult result, Function<PointResult, Stats>... metrics) {
    List<String> header = new ArrayList<>(List.of("model", "strategy", "clients", "runs"));
    List<String> names = List.of(metrics.length == 1 ? "utilisation" : "work", "completion");
    for (int m = 0; m < metrics.length; m++) {
      header.addAll(MetricReports.statsColumns(names.get(m)));
    }
    Table.Builder table = Table.builder(header);
    for (PointResult p : result.points()) {
      List<String> row = new ArrayList<>(List.of(p.model().id(), p.strategy(), Integer.toString(p.clients()),
          Integer.toString(p.runs())));
      for (Function<PointResult, Stats> metric : metrics) {
        row.addAll(MetricReports.statsCells(metric.apply(p)));
      }
      table.row(row);
    }
    return table.build();
  }

  /**
   * Whether the completion chart's y axis is logarithmic: when its values, the reference included, span a factor of
   * {@value #LOG_SCALE_SPAN} or more (one strategy's completion can be 100 times the others': a linear axis flattens
   * them). Within less than a decade a linear axis reads better: a logarithmic one would need widening to a decade to
   * show two labels, and would squeeze the lines into a band of it.
   */
  static boolean completionLogScale(SweepResult result) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (PointResult p : result.points()) {
      for (double v : new double[] {p.completion().mean(), p.clients() * p.model().attemptTime()}) {
        if (!(v > 0)) {
          return false;
        }
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    return max >= LOG_SCALE_SPAN * min;
  }

  /** See {@link #completionLogScale}. */
  static final int LOG_SCALE_SPAN = 10;

  /**
   * The completion chart's dashed line: for {@code single-server} a lower bound of the mean (the server serves one
   * request at a time, so completion is at least the sum of N service times, of mean at least 10); for {@code occ}
   * only a reference (attempts overlap, so runs can finish earlier: see docs/simulator.md).
   */
  static String referenceLabel(ModelKind model) {
    String nTimes = "N x " + Numbers.plain(model.attemptTime());
    return model == ModelKind.SINGLE_SERVER ? "lower bound (mean): " + nTimes : "reference: " + nTimes;
  }

  /** A value against clients, one line per strategy, and a dashed bound or reference. */
  private static Chart chart(SweepResult result, String title, String yTitle, ToDoubleFunction<PointResult> y,
      ToDoubleFunction<PointResult> limit, String limitLabel, boolean logY) {
    Chart.Builder chart = Chart.builder(title, "clients", yTitle, WIDTH, HEIGHT).patterns("0", "#,##0")
        .markerSize(9); // large enough that a line drawn over another still shows its own marker shape
    if (logY) {
      chart.logY();
    }
    List<PointResult> first = null;
    for (String strategy : result.config().strategies()) {
      List<PointResult> points = result.pointsOf(strategy).stream()
          .sorted(Comparator.comparingInt(PointResult::clients)).toList();
      first = first == null ? points : first;
      chart.line(Chart.Line.of(strategy, clients(points), values(points, y)));
    }
    return chart.line(Chart.Line.of(limitLabel, clients(first), values(first, limit)).style(Chart.Style.DASHED))
        .build();
  }

  private static double[] clients(List<PointResult> points) {
    return points.stream().mapToDouble(PointResult::clients).toArray();
  }

  private static double[] values(List<PointResult> points, ToDoubleFunction<PointResult> f) {
    return points.stream().mapToDouble(f).toArray();
  }

  /** The page: the model, its parameters, both charts, each strategy against the bounds, the full table. */
  private static Page page(SweepResult result) {
    SimulationConfig config = result.config();
    boolean server = config.model() == ModelKind.SINGLE_SERVER;
    String modelText = server
        ? "One server serving one request at a time, service time max(" + Numbers.plain(SingleServerEngine.SERVICE_MIN)
            + ", Normal(" + Numbers.plain(SingleServerEngine.SERVICE_MEAN) + ", "
            + Numbers.plain(SingleServerEngine.SERVICE_SD) + ")); a request arriving while it is busy is rejected at "
            + "once. Requests and replies each take one hop of |Normal(10, 2)|. Work = requests sent."
        : "N clients each make one successful write to one row under optimistic concurrency (read the version, "
            + "write with it). An attempt is 4 hops of |Normal(" + Numbers.plain(OccEngine.HOP_MEAN) + ", "
            + Numbers.plain(OccEngine.HOP_SD) + ")|; the server answers at once. Work = writes sent.";
    int maxN = config.clients().stream().mapToInt(Integer::intValue).max().orElseThrow();
    List<String[]> parameters = new ArrayList<>();
    parameters.add(new String[] {"model", config.model().id()});
    parameters.add(new String[] {"clients", config.clients().toString()});
    parameters.add(new String[] {"runs per point", Integer.toString(config.runs())});
    parameters.add(new String[] {"seed", Long.toString(config.seed())});
    parameters.add(new String[] {"base, cap", config.baseAndCap()});
    for (String s : config.strategies()) {
      parameters.add(new String[] {"strategy " + s, config.backoff(s).toString()});
    }
    parameters.add(new String[] {"threads", Integer.toString(config.threads())});
    parameters.add(new String[] {"engine events", Numbers.grouped(result.events(), 0) + " in "
        + Numbers.grouped(result.elapsed().toNanos() / 1e9, 2) + " s ("
        + Numbers.grouped(result.eventsPerSecond(), 0) + " events/s)"});

    String nTimes = "N &times; " + Numbers.plain(config.model().attemptTime());
    List<String> limitHeader = new ArrayList<>(List.of("strategy", "work / N at N = " + maxN,
        "completion / (" + nTimes + ") at N = " + maxN, "work / N, mean over the sweep",
        "completion / (" + nTimes + "), mean over the sweep"));
    if (server) {
      limitHeader.add("utilisation at N = " + maxN);
    }
    Table.Builder limit = Table.builder(limitHeader);
    for (String s : config.strategies()) {
      PointResult top = result.point(s, maxN);
      List<String> row = new ArrayList<>(List.of(s, Numbers.grouped(top.workPerClient(), 2),
          Numbers.grouped(top.completionVsReference(), 2),
          Numbers.grouped(result.pointsOf(s).stream().mapToDouble(PointResult::workPerClient).average().orElse(0), 2),
          Numbers.grouped(result.pointsOf(s).stream().mapToDouble(PointResult::completionVsReference).average()
              .orElse(0), 2)));
      if (server) {
        row.add(Numbers.grouped(100 * top.utilisation().mean(), 1) + "%");
      }
      limit.row(row);
    }
    List<String> resultsHeader = new ArrayList<>(List.of("strategy", "clients", "work mean", "work sd", "work p50",
        "work p95", "completion mean", "completion sd", "completion p50", "completion p95", "work / N",
        "completion / (" + nTimes + ")"));
    if (server) {
      resultsHeader.add("utilisation");
    }
    Table.Builder rows = Table.builder(resultsHeader);
    for (PointResult p : result.points()) {
      List<String> row = new ArrayList<>(List.of(p.strategy(), Integer.toString(p.clients()),
          Numbers.grouped(p.work().mean(), 1), Numbers.grouped(p.work().sd(), 1), Numbers.grouped(p.work().p50(), 1),
          Numbers.grouped(p.work().p95(), 1), Numbers.grouped(p.completion().mean(), 1),
          Numbers.grouped(p.completion().sd(), 1), Numbers.grouped(p.completion().p50(), 1),
          Numbers.grouped(p.completion().p95(), 1), Numbers.grouped(p.workPerClient(), 2),
          Numbers.grouped(p.completionVsReference(), 2)));
      if (server) {
        row.add(Numbers.grouped(100 * p.utilisation().mean(), 1) + "%");
      }
      rows.row(row);
    }
    return Page.builder(config.model().id(), 1200)
        .text(modelText + " Completion = when the last client learns of its success. "
            + "Time unit = 1 ms of core Backoff delay.")
        .parameters(parameters)
        .markup(findings(result))
        .heading("Charts")
        .figure("work-chart", "Work against clients, one line per strategy", WORK_PNG, true)
        .figure("completion-chart", "Completion time against clients, one line per strategy", COMPLETION_PNG, true)
        .markup("<h2>Against the bounds</h2>\n<p>Work is at least N, every client's one successful call: work / N = 1 "
            + "when nobody collides. Completion is compared with " + nTimes + ", "
            + (server ? "a lower bound of its mean: the server serves one request at a time, so completion is at "
                + "least the sum of N service times, whose mean is at least " + Numbers.plain(config.model().attemptTime())
                + ". Rejections cost the server nothing in this model, so hammering it is free."
                : "a reference, not a bound: a client may read while the previous winner's reply is still on its way, "
                    + "so attempts overlap and completion can be below it (no backoff is, by sending many times the "
                    + "writes). docs/simulator.md explains why no useful lower bound exists.")
            + "</p>\n")
        .table("limit", limit.build(), 1, false)
        .markup("<h2>Results</h2>\n<p>Mean, sample standard deviation, median and 95th percentile over the runs "
            + "(also in <code>results.csv</code>).</p>\n")
        .table("results", rows.build(), 1, true)
        .build();
  }

  /**
   * "What this shows", computed from the results at the sweep's largest client count: the strategies that send the
   * least and the most work, those that finish first and last, and the trade-off when they differ.
   */
  static String findings(SweepResult result) {
    SimulationConfig config = result.config();
    int n = config.clients().stream().mapToInt(Integer::intValue).max().orElseThrow();
    List<PointResult> at = config.strategies().stream().map(st -> result.point(st, n)).toList();
    Comparator<PointResult> byWork = Comparator.comparingDouble(p -> p.work().mean());
    Comparator<PointResult> byCompletion = Comparator.comparingDouble(p -> p.completion().mean());
    PointResult least = at.stream().min(byWork).orElseThrow();
    PointResult most = at.stream().max(byWork).orElseThrow();
    PointResult first = at.stream().min(byCompletion).orElseThrow();
    PointResult last = at.stream().max(byCompletion).orElseThrow();
    String unit = config.model() == ModelKind.OCC ? "writes" : "requests";
    StringBuilder sb = new StringBuilder("<h2>What this shows</h2>\n<ul>\n");
    sb.append("<li>At N = ").append(n).append(", <b>").append(escape(least.strategy())).append("</b> sends the fewest ")
        .append(unit).append(": ").append(Numbers.grouped(least.workPerClient(), 2)).append(" per client");
    if (most != least) {
      sb.append("; <b>").append(escape(most.strategy())).append("</b> sends the most, ")
          .append(Numbers.grouped(most.work().mean() / least.work().mean(), 1)).append(" times as many");
    }
    sb.append(".</li>\n<li><b>").append(escape(first.strategy())).append("</b> finishes first (")
        .append(Numbers.grouped(first.completion().mean(), 0)).append(" ms)");
    if (last != first) {
      sb.append("; <b>").append(escape(last.strategy())).append("</b> last, ")
          .append(Numbers.grouped(last.completion().mean() / first.completion().mean(), 1))
          .append(" times as long");
    }
    sb.append(".</li>\n");
    if (least != first) {
      sb.append("<li>The trade-off: ").append(escape(first.strategy())).append(" finishes ")
          .append(Numbers.grouped(least.completion().mean() / first.completion().mean(), 1))
          .append(" times sooner than ").append(escape(least.strategy())).append(" but sends ")
          .append(Numbers.grouped(first.work().mean() / least.work().mean(), 1))
          .append(" times the ").append(unit).append(".</li>\n");
    }
    for (int i = 0; i < at.size(); i++) {
      for (int j = i + 1; j < at.size(); j++) {
        if (coincide(result, at.get(i).strategy(), at.get(j).strategy())) {
          sb.append("<li>").append(escape(at.get(i).strategy())).append(" and ").append(escape(at.get(j).strategy()))
              .append(" send the same ").append(unit).append(" at every N, within ").append(COINCIDE_PERCENT)
              .append(" % of the chart's height: their work lines lie on each other (the markers tell them apart)"
                  + ".</li>\n");
        }
      }
    }
    if (completionLogScale(result)) {
      sb.append("<li>The completion chart's axis is logarithmic: equal steps are equal ratios.</li>\n");
    }
    sb.append("</ul>\n");
    return sb.toString();
  }

  /** Two work lines closer than this share of the chart's highest value, at every client count, lie on each other. */
  static final int COINCIDE_PERCENT = 1;

  private static boolean coincide(SweepResult result, String a, String b) {
    double top = result.points().stream().mapToDouble(p -> p.work().mean()).max().orElse(0);
    for (int n : result.config().clients()) {
      double x = result.point(a, n).work().mean();
      double y = result.point(b, n).work().mean();
      if (Math.abs(x - y) > COINCIDE_PERCENT / 100.0 * top) {
        return false;
      }
    }
    return true;
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /**
   * The summary for a terminal: for each strategy, at the sweep's largest client count, mean work and completion
   * time, work against its lower bound N and completion against {@code N × one attempt's time}, and the server's
   * utilisation for {@code single-server}.
   */
  private static String summary(SweepResult result) {
    SimulationConfig config = result.config();
    int n = config.clients().stream().mapToInt(Integer::intValue).max().orElseThrow();
    boolean server = config.model() == ModelKind.SINGLE_SERVER;
    int width = Math.max(8, config.strategies().stream().mapToInt(String::length).max().orElse(8));
    StringBuilder sb = new StringBuilder();
    sb.append("model ").append(config.model().id()).append(", ").append(config.runs()).append(" runs per point, seed ")
        .append(config.seed()).append(", at N = ").append(n).append(" clients:\n");
    List<String> header = new ArrayList<>(List.of("work", "work/N", "completion",
        "vs Nx" + Numbers.plain(config.model().attemptTime())));
    if (server) {
      header.add("utilisation");
    }
    List<List<String>> rows = new ArrayList<>();
    for (String strategy : config.strategies()) {
      PointResult p = result.point(strategy, n);
      List<String> row = new ArrayList<>(List.of(Numbers.grouped(p.work().mean(), 1),
          Numbers.grouped(p.workPerClient(), 2) + "x", Numbers.grouped(p.completion().mean(), 1),
          Numbers.grouped(p.completionVsReference(), 2) + "x"));
      if (server) {
        row.add(Numbers.grouped(100 * p.utilisation().mean(), 1) + "%");
      }
      rows.add(row);
    }
    sb.append(table(config.strategies(), width, header, rows));
    String nTimes = "N x " + Numbers.plain(config.model().attemptTime());
    sb.append("work/N >= 1 (a lower bound); vs Nx").append(Numbers.plain(config.model().attemptTime()))
        .append(" = completion / (").append(nTimes)
        .append(server ? "), a lower bound of the mean" : "), a reference, not a bound: attempts overlap")
        .append("; time units = ms\n");
    return sb.toString();
  }

  /**
   * The summary's table: the names left-aligned in {@code nameWidth}, each value column right-aligned in its usual
   * width, widened where a value needs it (10^6 clients make 5,523,298,449 attempts) so that two spaces always part
   * the columns.
   */
  static String table(List<String> names, int nameWidth, List<String> header, List<List<String>> rows) {
    int[] widths = {13, 9, 14, 10, 13};
    for (List<String> row : rows) {
      for (int c = 0; c < row.size(); c++) {
        widths[c] = Math.max(widths[c], row.get(c).length() + 2);
      }
    }
    StringBuilder sb = new StringBuilder(Numbers.left("strategy", nameWidth));
    for (int c = 0; c < header.size(); c++) {
      sb.append(Numbers.right(header.get(c), widths[c]));
    }
    sb.append('\n');
    for (int r = 0; r < rows.size(); r++) {
      sb.append(Numbers.left(names.get(r), nameWidth));
      for (int c = 0; c < rows.get(r).size(); c++) {
        sb.append(Numbers.right(rows.get(r).get(c), widths[c]));
      }
      sb.append('\n');
    }
    return sb.toString();
  }
}
