package io.github.backoff.sim.overload;

import io.github.backoff.sim.report.Numbers;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The {@code overload} model's charts as PNG images drawn with XChart, time on the x axis in seconds, the means
 * over the runs, the outage's start and end marked by vertical lines and the server's capacity drawn as a dashed
 * step:
 * <ul>
 *   <li>{@link #goodput}: goodput of every (policy, strategy) on one chart, with λ dotted;
 *   <li>{@link #panels}: one panel per (policy, strategy), two columns, each with offered load (attempts/s),
 *       goodput, retries/s and, on the right axis, the mean queue length.
 * </ul>
 *
 * <p>Stateless and thread-safe. Runs headless.
 *
 * <pre>{@code
 * Files.write(dir.resolve("overload.png"), OverloadCharts.panels(result));
 * }</pre>
 */
public final class OverloadCharts {
  /** Width of the goodput chart, in pixels. */
  public static final int WIDTH = 900;
  /** Height of the goodput chart, in pixels. */
  public static final int HEIGHT = 520;
  /** Width of one panel, in pixels. */
  public static final int PANEL_WIDTH = 640;
  /** Height of one panel, in pixels. */
  public static final int PANEL_HEIGHT = 380;
  /** Panels per row. */
  public static final int COLUMNS = 2;

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private OverloadCharts() {}

  /** The server's capacity (requests per second) during bucket {@code b}, averaged over the bucket. */
  static double capacityAt(OverloadConfig c, int b) {
    double overlap = Math.max(0, Math.min(b + 1.0, c.outageEnd()) - Math.max(b, c.outageStart()));
    return c.capacity() * (1 - overlap * (1 - c.outageCapacity()));
  }

  /** Goodput over time of every (policy, strategy), as a PNG. */
  public static byte[] goodput(OverloadResult result) {
    OverloadConfig c = result.config();
    XYChart chart = chart(WIDTH, HEIGHT, "Goodput over time (mean of " + c.runs() + " runs): λ = "
        + Numbers.plain(c.rate()) + "/s, μ = " + Numbers.plain(c.capacity()) + "/s", "goodput (requests/s)", c);
    double[] x = times(c);
    boolean several = c.strategies().size() > 1;
    for (OverloadPoint p : result.points()) {
      line(chart, label(p, several), x, p.series(OverloadMetric.GOODPUT));
    }
    reference(chart, c);
    return encode(chart);
  }

  /** One panel per (policy, strategy), as one PNG. */
  public static byte[] panels(OverloadResult result) {
    OverloadConfig c = result.config();
    List<OverloadPoint> points = result.points();
    int columns = Math.min(COLUMNS, points.size());
    int rows = (points.size() + columns - 1) / columns;
    BufferedImage image = new BufferedImage(columns * PANEL_WIDTH, rows * PANEL_HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      boolean several = c.strategies().size() > 1;
      for (int i = 0; i < points.size(); i++) {
        XYChart chart = panel(points.get(i), c, several);
        Graphics2D cell = (Graphics2D) g.create((i % columns) * PANEL_WIDTH, (i / columns) * PANEL_HEIGHT,
            PANEL_WIDTH, PANEL_HEIGHT);
        try {
          chart.paint(cell, PANEL_WIDTH, PANEL_HEIGHT);
        } finally {
          cell.dispose();
        }
      }
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static XYChart panel(OverloadPoint p, OverloadConfig c, boolean several) {
    String recovery = OverloadReports.noOutage(c) ? "no outage"
        : p.recoveredRuns() == 0 ? "did not recover"
        : "recovered " + p.recoveredRuns() + "/" + p.runs().size() + " runs, median "
            + Numbers.grouped(p.recovery().p50(), 0) + " s";
    XYChart chart = chart(PANEL_WIDTH, PANEL_HEIGHT, label(p, several) + ": " + p.policy().description() + " ("
        + Numbers.grouped(p.amplification().mean(), 2) + "x; " + recovery + ")", "per second", c);
    double[] x = times(c);
    line(chart, "offered (attempts/s)", x, p.series(OverloadMetric.ATTEMPTS)).setLineColor(new Color(0xD62728));
    line(chart, "goodput", x, p.series(OverloadMetric.GOODPUT)).setLineColor(new Color(0x2CA02C));
    line(chart, "retries/s", x, p.series(OverloadMetric.RETRIES)).setLineColor(new Color(0xFF7F0E));
    XYSeries queue = line(chart, "queue (right axis)", x, p.series(OverloadMetric.QUEUE));
    queue.setLineColor(new Color(0x1F77B4));
    queue.setYAxisGroup(1);
    chart.setYAxisGroupTitle(1, "queue length");
    chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    reference(chart, c);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
    chart.getStyler().setLegendFont(chart.getStyler().getLegendFont().deriveFont(10f));
    return chart;
  }

  private static XYChart chart(int width, int height, String title, String yTitle, OverloadConfig c) {
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle("time (s)")
        .yAxisTitle(yTitle).build();
    XYStyler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setMarkerSize(0);
    styler.setYAxisDecimalPattern("#,##0");
    styler.setXAxisDecimalPattern("0");
    return chart;
  }

  /** The capacity step (dashed), λ (dotted) and the outage's start and end (vertical lines). */
  private static void reference(XYChart chart, OverloadConfig c) {
    XYSeries capacity = chart.addSeries("capacity μ", new double[] {0, c.outageStart(), c.outageStart(),
        c.outageEnd(), c.outageEnd(), c.horizon()}, new double[] {c.capacity(), c.capacity(),
        c.capacity() * c.outageCapacity(), c.capacity() * c.outageCapacity(), c.capacity(), c.capacity()});
    capacity.setLineStyle(SeriesLines.DASH_DASH);
    capacity.setLineColor(Color.GRAY);
    capacity.setMarker(SeriesMarkers.NONE);
    XYSeries rate = chart.addSeries("arrival rate λ", new double[] {0, c.horizon()},
        new double[] {c.rate(), c.rate()});
    rate.setLineStyle(SeriesLines.DOT_DOT);
    rate.setLineColor(Color.DARK_GRAY);
    rate.setMarker(SeriesMarkers.NONE);
    if (c.outageLength() > 0) {
      chart.getStyler().setAnnotationLineColor(new Color(0xB0, 0x30, 0x30, 0x90));
      for (double t : new double[] {c.outageStart(), c.outageEnd()}) {
        AnnotationLine line = new AnnotationLine(t, true, false);
        chart.addAnnotation(line);
      }
    }
  }

  private static XYSeries line(XYChart chart, String name, double[] x, double[] y) {
    XYSeries s = chart.addSeries(name, x, y);
    s.setMarker(SeriesMarkers.NONE);
    return s;
  }

  private static String label(OverloadPoint p, boolean withStrategy) {
    return withStrategy ? p.policy().name() + " / " + p.strategy() : p.policy().name();
  }

  private static double[] times(OverloadConfig c) {
    return IntStream.range(0, c.horizon()).mapToDouble(b -> b + 0.5).toArray(); // each bucket at its middle
  }

  private static byte[] encode(XYChart chart) {
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
