package io.github.backoff.sim.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricReportsTest {

  @Test
  void needsLogScale_positiveValuesSpanningAHundredfold_isTrue() {
    assertThat(MetricReports.needsLogScale(new double[] {36.8, 100.0, 73_000.0})).isTrue();
    assertThat(MetricReports.needsLogScale(new double[] {1.0, 100.0})).isTrue();
  }

  @Test
  void needsLogScale_narrowerSpan_isFalse() {
    assertThat(MetricReports.needsLogScale(new double[] {1.0, 99.9})).isFalse();
    assertThat(MetricReports.needsLogScale(new double[] {5.0})).isFalse();
  }

  @Test
  void needsLogScale_zeroNegativeNaNInfiniteOrNothing_isFalse() {
    // A log axis cannot show them: such a chart stays linear.
    assertThat(MetricReports.needsLogScale(new double[] {0.0, 1.0, 1_000.0})).isFalse();
    assertThat(MetricReports.needsLogScale(new double[] {-1.0, 1.0, 1_000.0})).isFalse();
    assertThat(MetricReports.needsLogScale(new double[] {Double.NaN, 1.0, 1_000.0})).isFalse();
    assertThat(MetricReports.needsLogScale(new double[] {1.0, Double.POSITIVE_INFINITY})).isFalse();
    assertThat(MetricReports.needsLogScale(new double[0])).isFalse();
  }
}
