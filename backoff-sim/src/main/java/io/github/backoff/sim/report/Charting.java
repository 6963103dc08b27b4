package io.github.backoff.sim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

/**
 * Hides a cold JVM's one-off chart costs (Java2D, fonts, number formats, the PNG writer) behind the simulation:
 * {@link #prepareInBackground()} draws a small throw-away chart on a daemon thread while the runs go on.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Charting.prepareInBackground(); // then simulate, then draw the real charts
 * }</pre>
 */
public final class Charting {
  static {
    // Charts are drawn into images, never shown: don't let Java2D look for a display.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charting() {}

  /**
   * Starts the warm-up on a low-priority daemon thread. Optional: charts work without it, only later. Failures
   * are ignored here (the real charts will report them).
   */
  public static void prepareInBackground() {
    Thread thread = new Thread(() -> {
      try {
        warmUp();
      } catch (RuntimeException | Error e) {
        // the real charts will fail, and say why
      }
    }, "backoff-sim-chart-warm-up");
    thread.setDaemon(true);
    thread.setPriority(Thread.MIN_PRIORITY);
    thread.start();
  }

  /** Draws and encodes a small throw-away chart. */
  static void warmUp() {
    XYChart chart = new XYChartBuilder().width(64).height(48).title("warm-up").xAxisTitle("x").yAxisTitle("y")
        .build();
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    chart.addSeries("a", new double[] {1, 2}, new double[] {1000, 2000});
    try {
      BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
