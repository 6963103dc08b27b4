package io.github.backoff.sim.report;

import io.github.backoff.sim.Stats;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The report layer for any model, written from its declared {@link Metric}s alone: a model with no layout of its
 * own reports through this {@link Reporter}, so adding a model needs no report code.
 *
 * <ul>
 *   <li>{@code results.csv}: one row per point, {@code model,SERIES[,X],runs} then, per
 *       {@link Metric.Aggregation#STATS} metric, {@code NAME_mean,NAME_sd,NAME_p50,NAME_p95};</li>
 *   <li>{@code timeseries.csv} (if the model declares {@link Metric.Aggregation#SERIES_MEAN} metrics):
 *       {@code model,SERIES[,X],bucket} then one column per series metric, the mean over the runs;</li>
 *   <li>{@code NAME.png} per STATS metric: its mean against the x-axis parameter, one line per series (a bar per
 *       point when the study has no x-axis); {@code NAME.png} per series metric: over time, one line per point;</li>
 *   <li>{@code report.html}: the parameters, the charts and the results table, self-contained;</li>
 *   <li>the summary: each series at the largest x (every point without an x-axis), each STATS metric's mean.</li>
 * </ul>
 * Numbers use {@code .} and three decimals whatever the locale; the same results give byte-identical CSV.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Reporter reporter = MetricReports.INSTANCE; // what Study.reporter() returns for a model without its own
 * reporter.write(results, Path.of("out"));
 * }</pre>
 */
public final class MetricReports implements Reporter {
  /** The one instance. */
  public static final MetricReports INSTANCE = new MetricReports();
  /** The per-point table's file name. */
  public static final String RESULTS_CSV = "results.csv";
  /** The time series' file name. */
  public static final String TIMESERIES_CSV = "timeseries.csv";
  /** The HTML report's file name. */
  public static final String REPORT_HTML = "report.html";
  private static final int WIDTH = 900;
  private static final int HEIGHT = 520;

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private MetricReports() {}

  @Override
  public List<String> files(Results results) {
    List<String> files = new ArrayList<>();
    files.add(RESULTS_CSV);
    if (hasSeries(results.study())) {
      files.add(TIMESERIES_CSV);
    }
    for (Metric m : results.metrics()) {
      files.add(m.name() + ".png");
    }
    files.add(REPORT_HTML);
    return files;
  }

  @Override
  public void write(Results results, Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve(RESULTS_CSV), resultsCsv(results));
    if (hasSeries(results.study())) {
      Files.writeString(dir.resolve(TIMESERIES_CSV), timeSeriesCsv(results));
    }
    Map<String, byte[]> charts = new LinkedHashMap<>();
    List<Metric> metrics = results.metrics();
    for (int m = 0; m < metrics.size(); m++) {
      byte[] png = chart(results, m);
      charts.put(metrics.get(m).name(), png);
      Files.write(dir.resolve(metrics.get(m).name() + ".png"), png);
    }
    Files.writeString(dir.resolve(REPORT_HTML), html(results, charts));
  }

  @Override
  public void prepareInBackground() {
    Charting.prepareInBackground();
  }

  /**
   * The four cells a {@link Metric.Aggregation#STATS} metric takes in a CSV row: mean, sample standard deviation,
   * median and 95th percentile, with three decimals (empty for {@link Stats#NONE}).
   */
  public static List<String> statsCells(Stats s) {
    return List.of(Numbers.fixed3(s.mean()), Numbers.fixed3(s.sd()), Numbers.fixed3(s.p50()), Numbers.fixed3(s.p95()));
  }

  /** The column names of {@link #statsCells}: {@code NAME_mean,NAME_sd,NAME_p50,NAME_p95}. */
  public static List<String> statsColumns(String name) {
    return List.of(name + "_mean", name + "_sd", name + "_p50", name + "_p95");
  }

  /** The text of {@code results.csv}. */
  public static String resultsCsv(Results results) {
    Study study = results.study();
    StringBuilder sb = new StringBuilder("model,").append(study.seriesName());
    if (study.xName() != null) {
      sb.append(',').append(study.xName());
    }
    sb.append(",runs");
    for (Metric m : results.metrics()) {
      if (m.aggregation() == Metric.Aggregation.STATS) {
        sb.append(',').append(m.name()).append("_mean,").append(m.name()).append("_sd,").append(m.name())
            .append("_p50,").append(m.name()).append("_p95");
      }
    }
    sb.append('\n');
    List<Point> points = results.points();
    for (int p = 0; p < points.size(); p++) {
      sb.append(study.model()).append(',').append(points.get(p).series());
      if (study.xName() != null) {
        sb.append(',').append(Numbers.plain(points.get(p).x()));
      }
      sb.append(',').append(study.runs());
      for (int m = 0; m < results.metrics().size(); m++) {
        if (results.metrics().get(m).aggregation() == Metric.Aggregation.STATS) {
          Stats s = results.stats(p, m);
          sb.append(',').append(Numbers.fixed3(s.mean())).append(',').append(Numbers.fixed3(s.sd())).append(',')
              .append(Numbers.fixed3(s.p50())).append(',').append(Numbers.fixed3(s.p95()));
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** The text of {@code timeseries.csv}: one row per point and bucket. */
  public static String timeSeriesCsv(Results results) {
    Study study = results.study();
    List<Metric> metrics = results.metrics();
    StringBuilder sb = new StringBuilder("model,").append(study.seriesName());
    if (study.xName() != null) {
      sb.append(',').append(study.xName());
    }
    sb.append(",bucket");
    for (Metric m : metrics) {
      if (m.aggregation() == Metric.Aggregation.SERIES_MEAN) {
        sb.append(',').append(m.name());
      }
    }
    sb.append('\n');
    for (int p = 0; p < results.points().size(); p++) {
      double[][] s = new double[metrics.size()][];
      for (int m = 0; m < metrics.size(); m++) {
        s[m] = metrics.get(m).aggregation() == Metric.Aggregation.SERIES_MEAN ? results.series(p, m) : null;
      }
      for (int b = 0; b < study.buckets(); b++) {
        sb.append(study.model()).append(',').append(results.points().get(p).series());
        if (study.xName() != null) {
          sb.append(',').append(Numbers.plain(results.points().get(p).x()));
        }
        sb.append(',').append(b);
        for (double[] values : s) {
          if (values != null) {
            sb.append(',').append(Numbers.fixed3(values[b]));
          }
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  @Override
  public String summary(Results results) {
    Study study = results.study();
    List<Point> points = results.points();
    List<Integer> shown = new ArrayList<>();
    if (study.xName() == null) {
      for (int p = 0; p < points.size(); p++) {
        shown.add(p);
      }
    } else {
      Map<String, Integer> best = new LinkedHashMap<>();
      for (int p = 0; p < points.size(); p++) {
        Integer q = best.get(points.get(p).series());
        if (q == null || points.get(p).x() > points.get(q).x()) {
          best.put(points.get(p).series(), p);
        }
      }
      shown.addAll(best.values());
    }
    int width = Math.max(8, points.stream().mapToInt(p -> p.series().length()).max().orElse(8));
    StringBuilder sb = new StringBuilder("model ").append(study.model()).append(", ").append(study.runs())
        .append(" runs per point, mean over the runs")
        .append(study.xName() == null ? "" : ", at the largest " + study.xName()).append(":\n");
    sb.append(Numbers.left(study.seriesName(), width));
    if (study.xName() != null) {
      sb.append(Numbers.right(study.xName(), 10));
    }
    List<Metric> metrics = results.metrics();
    for (Metric m : metrics) {
      if (m.aggregation() == Metric.Aggregation.STATS) {
        sb.append(Numbers.right(m.name(), Math.max(12, m.name().length() + 2)));
      }
    }
    sb.append('\n');
    for (int p : shown) {
      sb.append(Numbers.left(points.get(p).series(), width));
      if (study.xName() != null) {
        sb.append(Numbers.right(Numbers.plain(points.get(p).x()), 10));
      }
      for (int m = 0; m < metrics.size(); m++) {
        if (metrics.get(m).aggregation() == Metric.Aggregation.STATS) {
          sb.append(Numbers.right(Numbers.grouped(results.stats(p, m).mean(), 2),
              Math.max(12, metrics.get(m).name().length() + 2)));
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static boolean hasSeries(Study study) {
    return study.metrics().stream().anyMatch(m -> m.aggregation() == Metric.Aggregation.SERIES_MEAN);
  }

  private static String axis(Metric m) {
    return m.unit().isEmpty() ? m.name() : m.name() + " (" + m.unit() + ")";
  }

  /**
   * Whether a line chart of these values needs a logarithmic y-axis: all positive and spanning a factor of
   * {@value #LOG_SCALE_SPAN} or more. On a linear axis such a chart shows only its largest values (a latency that
   * collapses at high load flattens the 2.7x gain at low load into the floor).
   */
  static boolean needsLogScale(double[] values) {
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (double v : values) {
      if (!(v > 0) || Double.isInfinite(v)) {
        return false;
      }
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return values.length > 0 && max >= LOG_SCALE_SPAN * min;
  }

  /** See {@link #needsLogScale}. */
  static final int LOG_SCALE_SPAN = 100;

  /** The chart of metric {@code m}, as a PNG. */
  static byte[] chart(Results results, int m) {
    Study study = results.study();
    Metric metric = results.metrics().get(m);
    List<Point> points = results.points();
    Chart<?, ?> chart;
    if (metric.aggregation() == Metric.Aggregation.SERIES_MEAN) {
      XYChart xy = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(metric.description())
          .xAxisTitle("bucket").yAxisTitle(axis(metric)).build();
      double[] x = new double[study.buckets()];
      for (int b = 0; b < x.length; b++) {
        x[b] = b;
      }
      for (int p = 0; p < points.size(); p++) {
        String label = study.xName() == null ? points.get(p).series()
            : points.get(p).series() + " " + study.xName() + "=" + Numbers.plain(points.get(p).x());
        xy.addSeries(label, x, results.series(p, m)).setMarker(
            org.knowm.xchart.style.markers.SeriesMarkers.NONE);
      }
      chart = xy;
    } else if (study.xName() != null) {
      double[] means = new double[points.size()];
      for (int p = 0; p < points.size(); p++) {
        means[p] = results.stats(p, m).mean();
      }
      boolean log = needsLogScale(means);
      XYChart xy = new XYChartBuilder().width(WIDTH).height(HEIGHT)
          .title(metric.description() + " (mean of " + study.runs() + " runs" + (log ? ", log scale)" : ")"))
          .xAxisTitle(study.xName()).yAxisTitle(axis(metric)).build();
      if (log) {
        xy.getStyler().setYAxisLogarithmic(true);
        xy.getStyler().setYAxisDecimalPattern("#,##0.###"); // 10,000 rather than 1E4
      }
      Map<String, List<double[]>> lines = new LinkedHashMap<>();
      for (int p = 0; p < points.size(); p++) {
        lines.computeIfAbsent(points.get(p).series(), k -> new ArrayList<>())
            .add(new double[] {points.get(p).x(), means[p]});
      }
      lines.forEach((series, xy0) -> xy.addSeries(series, xy0.stream().mapToDouble(v -> v[0]).toArray(),
          xy0.stream().mapToDouble(v -> v[1]).toArray()));
      chart = xy;
    } else {
      CategoryChart bars = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
          .title(metric.description() + " (mean of " + study.runs() + " runs)").xAxisTitle(study.seriesName())
          .yAxisTitle(axis(metric)).build();
      bars.getStyler().setLegendVisible(false);
      bars.addSeries(metric.name(), points.stream().map(Point::series).toList(),
          java.util.stream.IntStream.range(0, points.size()).mapToObj(p -> (Number) results.stats(p, m).mean())
              .toList());
      chart = bars;
    }
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of {@code report.html} with the charts embedded. */
  static String html(Results results, Map<String, byte[]> charts) {
    Study study = results.study();
    String model = Numbers.html(study.model());
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>Backoff simulation: ").append(model).append("</title>\n<style>\n")
        .append("body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222;padding:0 1em}\n")
        .append("table{border-collapse:collapse;margin:1em 0;font-size:0.9em}\n")
        .append("th,td{border:1px solid #ccc;padding:0.25em 0.6em}td.n{text-align:right}\n")
        .append("th{background:#f2f2f2}img{max-width:100%;height:auto;border:1px solid #ddd}\n")
        .append("</style>\n</head>\n<body>\n<h1>Backoff simulation: model <code>").append(model)
        .append("</code></h1>\n<h2>Parameters</h2>\n<table id=\"parameters\">\n");
    for (String[] row : study.parameterRows()) {
      Html.row(h, row[0], row[1]);
    }
    Html.row(h, "runs per point", Integer.toString(study.runs()));
    Html.row(h, "engine events", Numbers.grouped(results.events(), 0));
    h.append("</table>\n<h2>Charts</h2>\n");
    charts.forEach((name, png) -> h.append("<figure><img id=\"").append(Numbers.html(name))
        .append("-chart\" alt=\"").append(Numbers.html(name)).append("\" src=\"data:image/png;base64,")
        .append(Base64.getEncoder().encodeToString(png)).append("\"></figure>\n"));
    h.append("<h2>Results</h2>\n<p>Mean, sample standard deviation, median and 95th percentile over the runs "
        + "(also in <code>results.csv</code>).</p>\n<table id=\"results\">\n<tr><th>")
        .append(Numbers.html(study.seriesName())).append("</th>");
    if (study.xName() != null) {
      h.append("<th>").append(Numbers.html(study.xName())).append("</th>");
    }
    List<Metric> metrics = results.metrics();
    for (Metric m : metrics) {
      if (m.aggregation() == Metric.Aggregation.STATS) {
        for (String stat : List.of("mean", "sd", "p50", "p95")) {
          h.append("<th>").append(Numbers.html(m.name())).append(' ').append(stat).append("</th>");
        }
      }
    }
    h.append("</tr>\n");
    for (int p = 0; p < results.points().size(); p++) {
      Point point = results.points().get(p);
      h.append("<tr><td>").append(Numbers.html(point.series())).append("</td>");
      if (study.xName() != null) {
        Html.num(h, Numbers.plain(point.x()));
      }
      for (int m = 0; m < metrics.size(); m++) {
        if (metrics.get(m).aggregation() == Metric.Aggregation.STATS) {
          Stats s = results.stats(p, m);
          for (double v : new double[] {s.mean(), s.sd(), s.p50(), s.p95()}) {
            Html.num(h, Numbers.grouped(v, 3));
          }
        }
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n</body>\n</html>\n");
    return h.toString();
  }
}
