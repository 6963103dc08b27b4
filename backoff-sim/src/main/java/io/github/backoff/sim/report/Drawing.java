package io.github.backoff.sim.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Draws declared {@link Chart}s with XChart, headless. Stateless and thread-safe. */
final class Drawing {
  /** The colour of vertical marker lines: a translucent red. */
  private static final Color VERTICAL = new Color(0xB0, 0x30, 0x30, 0x90);

  static {
    // Charts are drawn into images, never shown: don't let Java2D look for a display.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Drawing() {}

  /** One chart as a PNG. */
  static byte[] png(Chart spec) {
    try {
      return BitmapEncoder.getBitmapBytes(xy(spec), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Charts side by side, {@code columns} to a row, each the size of the first, as one PNG. */
  static byte[] grid(int columns, List<Chart> charts) {
    int width = charts.get(0).width();
    int height = charts.get(0).height();
    int cols = Math.min(columns, charts.size());
    int rows = (charts.size() + cols - 1) / cols;
    BufferedImage image = new BufferedImage(cols * width, rows * height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, image.getWidth(), image.getHeight());
      for (int i = 0; i < charts.size(); i++) {
        XYChart chart = xy(charts.get(i));
        Graphics2D cell = (Graphics2D) g.create((i % cols) * width, (i / cols) * height, width, height);
        try {
          chart.paint(cell, width, height);
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

  private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {SeriesMarkers.CIRCLE,
      SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN,
      SeriesMarkers.CROSS, SeriesMarkers.OVAL, SeriesMarkers.RECTANGLE};

  /** The chart drawn by XChart, not yet painted (package-private for tests of its axes and series). */
  static XYChart xy(Chart spec) {
    XYChart chart = new XYChartBuilder().width(spec.width()).height(spec.height()).title(spec.title())
        .xAxisTitle(spec.xTitle()).yAxisTitle(spec.yTitle()).build();
    XYStyler styler = chart.getStyler();
    if (spec.legend() == Chart.Legend.BELOW) {
      styler.setLegendPosition(Styler.LegendPosition.OutsideS);
      styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    } else {
      styler.setLegendPosition(Styler.LegendPosition.InsideNW);
    }
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setMarkerSize(spec.markerSize());
    if (spec.yPattern() != null) {
      styler.setYAxisDecimalPattern(spec.yPattern());
    }
    if (spec.xPattern() != null) {
      styler.setXAxisDecimalPattern(spec.xPattern());
    }
    styler.setYAxisLogarithmic(spec.logY());
    if (spec.logY()) {
      double[] range = logRange(leftValues(spec));
      styler.setYAxisMin(0, range[0]); // the left-hand axis' group only: a right-hand one keeps its own range
      styler.setYAxisMax(0, range[1]);
    }
    int solid = 0;
    for (Chart.Line line : spec.lines()) {
      XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
      switch (line.style()) {
        // A marker shape of its own per line, so a line drawn over another (two strategies that agree) still shows.
        case SOLID -> s.setMarker(MARKERS[solid++ % MARKERS.length]);
        case PLAIN -> s.setMarker(unmarked(line));
        case DASHED -> {
          s.setLineStyle(SeriesLines.DASH_DASH);
          s.setMarker(unmarked(line));
          s.setLineColor(Color.GRAY);
        }
        case DOTTED -> {
          s.setLineStyle(SeriesLines.DOT_DOT);
          s.setLineColor(Color.DARK_GRAY);
          s.setMarker(unmarked(line));
        }
        case POINTS -> s.setLineStyle(SeriesLines.NONE);
      }
      if (line.rgb() >= 0) {
        s.setLineColor(new Color(line.rgb()));
      }
      if (line.rgb() >= 0 && line.style() == Chart.Style.POINTS || s.getMarker() instanceof Level) {
        s.setMarkerColor(s.getLineColor());
      }
      if (line.right()) {
        s.setYAxisGroup(1);
      }
    }
    if (spec.rightTitle() != null) {
      chart.setYAxisGroupTitle(1, spec.rightTitle());
      styler.setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    }
    double[] verticals = spec.verticals();
    if (verticals.length > 0) {
      styler.setAnnotationLineColor(VERTICAL);
      for (double x : verticals) {
        chart.addAnnotation(new AnnotationLine(x, true, false));
      }
    }
    if (spec.small()) {
      styler.setChartTitleFont(styler.getChartTitleFont().deriveFont(12f));
      styler.setLegendFont(styler.getLegendFont().deriveFont(10f));
    }
    return chart;
  }

  /**
   * The marker of a line drawn without markers: none, unless the line has a single point, which XChart would not
   * draw at all (a line needs two); then a {@link Level}, so a bound or a reference at one client count still shows.
   */
  private static org.knowm.xchart.style.markers.Marker unmarked(Chart.Line line) {
    return line.x().length == 1 ? Level.INSTANCE : SeriesMarkers.NONE;
  }

  /** The y values drawn against the left-hand axis, the one {@link Chart#logY()} applies to. */
  private static double[] leftValues(Chart spec) {
    return spec.lines().stream().filter(line -> !line.right()).flatMapToDouble(line -> Arrays.stream(line.y()))
        .toArray();
  }

  /**
   * The range of a logarithmic axis over {@code values}: theirs, widened where needed so that it holds at least two
   * powers of ten. XChart labels a logarithmic axis at the powers of ten only, so a range holding one of them (a
   * sweep of one client count: 2,000 to 60,000) would show one label, and a range holding none (every value within
   * one decade) no label at all. With one inside, the side nearer to the next power (on the log scale) is widened
   * to it; with none, both sides are widened to the decade around the values. Never narrower than the values, so
   * every line (a bound or reference too) stays inside.
   *
   * @throws IllegalArgumentException if there is no value, or one is not above 0 or not finite
   */
  static double[] logRange(double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("a logarithmic axis needs at least one value");
    }
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (double v : values) {
      if (!(v > 0) || Double.isInfinite(v)) {
        throw new IllegalArgumentException("a logarithmic axis needs finite values above 0: " + v);
      }
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    double logMin = Math.log10(min);
    double logMax = Math.log10(max);
    int firstPower = (int) Math.ceil(logMin);
    int lastPower = (int) Math.floor(logMax);
    if (lastPower > firstPower) {
      return new double[] {min, max};
    }
    if (lastPower < firstPower) {
      return new double[] {Math.pow(10, lastPower), Math.pow(10, firstPower)};
    }
    return logMin - (firstPower - 1) <= (lastPower + 1) - logMax
        ? new double[] {Math.pow(10, firstPower - 1), max}
        : new double[] {min, Math.pow(10, lastPower + 1)};
  }

  /**
   * A short horizontal bar in the series' colour, as wide as a legend's line sample: marks the level of a line of
   * one point (a bound or a reference at a single client count) where a line cannot be drawn.
   */
  static final class Level extends org.knowm.xchart.style.markers.Marker {
    static final Level INSTANCE = new Level();
    private static final BasicStroke STROKE = new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);

    private Level() {}

    @Override
    public void paint(Graphics2D g, double xOffset, double yOffset, int markerSize) {
      g.setStroke(STROKE);
      double half = Math.max(markerSize, 6); // 18 px at the sweep's size 9: within the legend's 24 px sample
      g.draw(new Line2D.Double(xOffset - half, yOffset, xOffset + half, yOffset));
    }
  }
}
