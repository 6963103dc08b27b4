package io.github.backoff.sim.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
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

  private static XYChart xy(Chart spec) {
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
    int solid = 0;
    for (Chart.Line line : spec.lines()) {
      XYSeries s = chart.addSeries(line.name(), line.x(), line.y());
      switch (line.style()) {
        // A marker shape of its own per line, so a line drawn over another (two strategies that agree) still shows.
        case SOLID -> s.setMarker(MARKERS[solid++ % MARKERS.length]);
        case PLAIN -> s.setMarker(SeriesMarkers.NONE);
        case DASHED -> {
          s.setLineStyle(SeriesLines.DASH_DASH);
          s.setMarker(SeriesMarkers.NONE);
          s.setLineColor(Color.GRAY);
        }
        case DOTTED -> {
          s.setLineStyle(SeriesLines.DOT_DOT);
          s.setLineColor(Color.DARK_GRAY);
          s.setMarker(SeriesMarkers.NONE);
        }
        case POINTS -> s.setLineStyle(SeriesLines.NONE);
      }
      if (line.rgb() >= 0) {
        s.setLineColor(new Color(line.rgb()));
        if (line.style() == Chart.Style.POINTS) {
          s.setMarkerColor(new Color(line.rgb()));
        }
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
}
