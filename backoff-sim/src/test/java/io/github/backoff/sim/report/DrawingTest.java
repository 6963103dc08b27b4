package io.github.backoff.sim.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What XChart is asked to draw: a logarithmic axis that always carries labels and holds every line, and lines of
 * one point (a sweep of one client count) that still show.
 */
class DrawingTest {

  @Test
  void logRange_twoPowersOfTenInside_isTheValues() {
    assertThat(Drawing.logRange(new double[] {380, 4_000, 101_722})).containsExactly(380, 101_722);
    assertThat(Drawing.logRange(new double[] {1_000, 10_000})).containsExactly(1_000, 10_000);
  }

  @Test
  void logRange_onePowerOfTenInside_widensTheNearerSideToTheNextPower() {
    // 62,092 is 0.21 decades below 100,000; 2,003 is 0.30 above 1,000
    assertThat(Drawing.logRange(new double[] {2_003, 4_000, 62_092})).containsExactly(2_003, 100_000);
    // 1,500 is 0.18 decades above 1,000; 20,000 is 0.70 below 100,000
    assertThat(Drawing.logRange(new double[] {20_000, 1_500})).containsExactly(1_000, 20_000);
    assertThat(Drawing.logRange(new double[] {1_000})).containsExactly(100, 1_000);
  }

  @Test
  void logRange_withinOneDecade_widensToThatDecade() {
    assertThat(Drawing.logRange(new double[] {5_676, 4_000, 6_166})).containsExactly(1_000, 10_000);
    assertThat(Drawing.logRange(new double[] {0.25})).containsExactly(0.1, 1);
  }

  @Test
  void logRange_noValueOrOneNotAboveZero_fails() {
    assertThatThrownBy(() -> Drawing.logRange(new double[0])).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a logarithmic axis needs at least one value");
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThatThrownBy(() -> Drawing.logRange(new double[] {10, bad})).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("a logarithmic axis needs finite values above 0: " + bad);
    }
  }

  @Test
  void xy_logChartOfOneClientCount_axisHoldsEveryLineAndTwoPowersOfTen() {
    XYChart chart = Drawing.xy(oneClientCount().logY().build());

    double min = chart.getStyler().getYAxisMin(0);
    double max = chart.getStyler().getYAxisMax(0);
    assertThat(min).isEqualTo(2_003);
    assertThat(max).isEqualTo(100_000);
    for (XYSeries series : chart.getSeriesMap().values()) {
      for (double y : series.getYData()) {
        assertThat(y).as(series.getName()).isBetween(min, max);
      }
    }
    assertThat(chart.getStyler().isYAxisLogarithmic()).isTrue();
  }

  @Test
  void xy_linearChart_leavesTheRangeToXChart() {
    XYChart chart = Drawing.xy(oneClientCount().build());

    assertThat(chart.getStyler().getYAxisMin(0)).isNull();
    assertThat(chart.getStyler().getYAxisMax(0)).isNull();
  }

  @Test
  void xy_linesWithoutMarkers_ofOnePointGetALevelMarkerInTheirColour_ofMoreNone() {
    XYChart one = Drawing.xy(oneClientCount().build());
    XYChart two = Drawing.xy(Chart.builder("t", "x", "y", 300, 200)
        .line(Chart.Line.of("reference", new double[] {1, 2}, new double[] {3, 4}).style(Chart.Style.DASHED))
        .build());

    XYSeries reference = one.getSeriesMap().get("reference: N x 40");
    assertThat(reference.getMarker()).isSameAs(Drawing.Level.INSTANCE);
    assertThat(reference.getMarkerColor()).isEqualTo(Color.GRAY);
    assertThat(one.getSeriesMap().get("rate").getMarker()).isSameAs(Drawing.Level.INSTANCE);
    assertThat(one.getSeriesMap().get("rate").getMarkerColor()).isEqualTo(new Color(0x2060C0));
    assertThat(one.getSeriesMap().get("none").getMarker()).isNotSameAs(Drawing.Level.INSTANCE);
    assertThat(two.getSeriesMap().get("reference").getMarker()).isSameAs(SeriesMarkers.NONE);
  }

  @Test
  void png_referenceOfOnePoint_isDrawnAtItsLevel() throws Exception {
    // Grey (the dashed style's colour, exactly) in the plot's middle column, between the two points above it and
    // the bottom: the reference's level bar. Before the fix XChart drew nothing for a one-point line.
    Chart chart = Chart.builder("t", "clients", "y", 400, 400).legend(Chart.Legend.BELOW)
        .line(Chart.Line.of("a", new double[] {100}, new double[] {9_000}))
        .line(Chart.Line.of("b", new double[] {100}, new double[] {1_000}))
        .line(Chart.Line.of("reference", new double[] {100}, new double[] {5_000}).style(Chart.Style.DASHED))
        .build();
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(Drawing.png(chart)));

    int grey = 0;
    for (int y = 0; y < image.getHeight() * 3 / 4; y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        grey += (image.getRGB(x, y) & 0xFFFFFF) == (Color.GRAY.getRGB() & 0xFFFFFF) ? 1 : 0;
      }
    }
    assertThat(grey).isGreaterThanOrEqualTo(12);
  }

  /** The completion chart of a sweep of one client count, N = 100, with a rate line on the left axis too. */
  private static Chart.Builder oneClientCount() {
    double[] n = {100};
    return Chart.builder("Completion time", "clients", "completion time", 900, 560).patterns("0", "#,##0")
        .line(Chart.Line.of("none", n, new double[] {2_003}))
        .line(Chart.Line.of("exponential", n, new double[] {62_092}))
        .line(Chart.Line.of("full-jitter", n, new double[] {5_676}))
        .line(Chart.Line.of("rate", n, new double[] {3_000}).style(Chart.Style.DOTTED).color(0x2060C0))
        .line(Chart.Line.of("reference: N x 40", n, new double[] {4_000}).style(Chart.Style.DASHED));
  }
}
