package io.github.backoff.cli;

import io.github.backoff.strategy.BackoffSchedule;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The PNG chart of {@code backoff schedule --chart}: per retry, the band from the theoretical minimum to maximum,
 * the sampled waits as dots, and the median and 90th-percentile lines.
 */
final class ScheduleChart {
  static final int WIDTH = 900;
  static final int HEIGHT = 540;
  /** Enough dots per retry to show the distribution without drowning the lines. */
  private static final int MAX_DOTS_PER_RETRY = 250;

  private ScheduleChart() {}

  static byte[] png(BackoffSchedule schedule, String name, long seed) throws IOException {
    List<BackoffSchedule.Row> rows = schedule.rows();
    int n = rows.size();
    long largest = 1;
    for (BackoffSchedule.Row row : rows) {
      largest = Math.max(largest, row.maxNanos());
    }
    Unit unit = Unit.of(largest);

    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(name + ": wait before each retry (" + schedule.samples() + " samples, seed " + seed + ")")
        .xAxisTitle("retry").yAxisTitle("wait (" + unit.label + ")").build();
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
    chart.getStyler().setLegendBackgroundColor(new Color(255, 255, 255, 220));
    chart.getStyler().setPlotGridLinesColor(new Color(225, 225, 225));
    // Whole-number bounds so the axis ticks fall on retry numbers; the formatter hides 0 and n + 1.
    chart.getStyler().setXAxisMin(0.0);
    chart.getStyler().setXAxisMax(n + 1.0);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setYAxisDecimalPattern("#,##0.###");
    chart.getStyler().setXAxisDecimalPattern("0");

    double[] bandX = new double[2 * n];
    double[] bandY = new double[2 * n];
    double[] retries = new double[n];
    double[] medians = new double[n];
    double[] p90s = new double[n];
    for (int i = 0; i < n; i++) {
      BackoffSchedule.Row row = rows.get(i);
      bandX[i] = row.retry();
      bandY[i] = unit.value(row.maxNanos());
      bandX[2 * n - 1 - i] = row.retry();
      bandY[2 * n - 1 - i] = unit.value(row.minNanos());
      retries[i] = row.retry();
      medians[i] = unit.value(row.medianNanos());
      p90s[i] = unit.value(row.p90Nanos());
    }
    XYSeries band = chart.addSeries("theoretical min..max", bandX, bandY);
    band.setXYSeriesRenderStyle(XYSeriesRenderStyle.PolygonArea);
    band.setFillColor(new Color(70, 130, 180, 60));
    band.setLineColor(new Color(70, 130, 180, 140));
    band.setMarker(SeriesMarkers.NONE);

    int dots = Math.min(schedule.samples(), MAX_DOTS_PER_RETRY);
    double[] dotX = new double[dots * n];
    double[] dotY = new double[dots * n];
    for (int r = 1, k = 0; r <= n; r++) {
      for (int s = 0; s < dots; s++, k++) {
        // Spread each retry's dots sideways (by sample index, so deterministic) to show their density.
        dotX[k] = r - 0.25 + 0.5 * (dots == 1 ? 0.5 : (double) s / (dots - 1));
        dotY[k] = unit.value(schedule.sampleNanos(s, r));
      }
    }
    XYSeries samples = chart.addSeries("samples", dotX, dotY);
    samples.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
    samples.setMarker(SeriesMarkers.CIRCLE);
    samples.setMarkerColor(new Color(120, 120, 120, 70));

    XYSeries median = chart.addSeries("median", retries, medians);
    median.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
    median.setLineColor(new Color(200, 60, 30));
    median.setMarkerColor(new Color(200, 60, 30));
    median.setMarker(SeriesMarkers.DIAMOND);
    median.setLineStyle(new BasicStroke(2.5f));

    XYSeries p90 = chart.addSeries("90th percentile", retries, p90s);
    p90.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
    p90.setLineColor(new Color(30, 110, 40));
    p90.setMarkerColor(new Color(30, 110, 40));
    p90.setMarker(SeriesMarkers.NONE);
    p90.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f},
        0f));

    chart.getStyler().setMarkerSize(4);
    return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
  }

  /** The y-axis unit, chosen so the largest wait reads as a number below about ten thousand. */
  private enum Unit {
    MICROS(1_000L, "us"), MILLIS(1_000_000L, "ms"), SECONDS(1_000_000_000L, "s"), MINUTES(60_000_000_000L, "min"),
    HOURS(3_600_000_000_000L, "h");

    final long nanos;
    final String label;

    Unit(long nanos, String label) {
      this.nanos = nanos;
      this.label = label;
    }

    static Unit of(long largestNanos) {
      if (largestNanos < 1_000_000L) {
        return MICROS;
      }
      if (largestNanos < 10_000_000_000L) {
        return MILLIS;
      }
      if (largestNanos < 600_000_000_000L) {
        return SECONDS;
      }
      return largestNanos < 36_000_000_000_000L ? MINUTES : HOURS;
    }

    double value(long nanos) {
      return (double) nanos / this.nanos;
    }
  }
}
