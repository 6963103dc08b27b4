package io.github.backoff.sim.sweep;

import io.github.backoff.sim.report.Numbers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The study's two graphs as PNG images drawn with XChart: mean work against clients and mean completion time
 * against clients, one line per strategy, plus a dashed line each: the lower bound of work ({@code N}: every
 * client needs one successful call) and the completion reference {@code N × one attempt's time} (a lower bound of
 * the mean for {@code single-server}, only a reference for {@code occ}).
 *
 * <p>Stateless and thread-safe (each call draws its own chart). Runs headless: no display is needed.
 *
 * <pre>{@code
 * byte[] png = Charts.work(result);
 * }</pre>
 */
public final class Charts {
  /** Width of each chart, in pixels. */
  public static final int WIDTH = 900;
  /** Height of each chart, in pixels. */
  public static final int HEIGHT = 560;

  static {
    // Charts are drawn into images, never shown: don't let Java2D look for a display.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charts() {}

  /** Mean work (writes sent, or requests for single-server) against clients, as a PNG. */
  public static byte[] work(SimulationResult result) {
    String what = result.config().model().id().equals("occ") ? "writes sent" : "requests sent";
    return png(result, "Work: " + what + " (mean of " + result.config().runs() + " runs)", "work (" + what + ")",
        p -> p.work().mean(), p -> p.clients(), "lower bound: N");
  }

  /** Mean completion time against clients, as a PNG. */
  public static byte[] completion(SimulationResult result) {
    return png(result, "Completion time (mean of " + result.config().runs() + " runs)",
        "completion time (time units = ms)", p -> p.completion().mean(),
        p -> p.clients() * p.model().attemptTime(), referenceLabel(result.config().model()));
  }

  /**
   * The completion chart's dashed line: for {@code single-server} a lower bound of the mean (the server serves one
   * request at a time, so completion is at least the sum of N service times, of mean at least 10); for {@code occ}
   * only a reference (attempts overlap, so runs can finish earlier: see docs/simulator.md).
   */
  static String referenceLabel(ModelKind model) {
    String nTimes = "N x " + Numbers.plain(model.attemptTime());
    return model == ModelKind.SINGLE_SERVER ? "lower bound (mean): " + nTimes
        : "reference: " + nTimes;
  }

  private static byte[] png(SimulationResult result, String title, String yTitle,
      ToDoubleFunction<PointResult> y, ToDoubleFunction<PointResult> limit, String limitLabel) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("clients").yAxisTitle(yTitle).build();
    Styler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.InsideNW);
    styler.setChartBackgroundColor(java.awt.Color.WHITE);
    chart.getStyler().setMarkerSize(5);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.getStyler().setXAxisDecimalPattern("0");
    List<PointResult> first = null;
    for (String strategy : result.config().strategies()) {
      List<PointResult> points = result.pointsOf(strategy).stream()
          .sorted(Comparator.comparingInt(PointResult::clients)).toList();
      first = first == null ? points : first;
      chart.addSeries(strategy, x(points), values(points, y));
    }
    XYSeries bound = chart.addSeries(limitLabel, x(first), values(first, limit));
    bound.setLineStyle(SeriesLines.DASH_DASH);
    bound.setMarker(SeriesMarkers.NONE);
    bound.setLineColor(java.awt.Color.GRAY);
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static double[] x(List<PointResult> points) {
    return points.stream().mapToDouble(PointResult::clients).toArray();
  }

  private static double[] values(List<PointResult> points, ToDoubleFunction<PointResult> f) {
    return points.stream().mapToDouble(f).toArray();
  }
}
