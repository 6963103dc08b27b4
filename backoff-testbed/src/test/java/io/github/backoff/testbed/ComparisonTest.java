package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ComparisonTest {
  @Test
  void difference_isRelativeToTheTestbed() {
    assertThat(Comparison.difference(110, 100)).isEqualTo(0.1);
    assertThat(Comparison.difference(90, 100)).isEqualTo(-0.1);
    assertThat(Comparison.difference(0, 0)).isZero();
    assertThat(Comparison.difference(1, 0)).isInfinite();
    assertThat(Comparison.difference(Double.NaN, 1)).isNaN();
  }

  @Test
  void measurement_ofTimes_hasTheirStatistics() {
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(new double[] {0.001, 0.002, 0.003, 0.004});
    assertThat(m.count()).isEqualTo(4);
    assertThat(m.mean()).isEqualTo(0.0025);
    assertThat(m.p50()).isEqualTo(0.002);
    assertThat(m.p99()).isEqualTo(0.004);
    assertThat(m.asLognormal().mean()).isEqualTo(0.0025);
    assertThat(LoopbackLatency.Measurement.of(new double[0]).mean()).isNaN();
  }

  @Test
  void measure_badArguments_failNamingThem() {
    assertThatThrownBy(() -> LoopbackLatency.measure(5, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("count must be >= 10: 5");
    assertThatThrownBy(() -> LoopbackLatency.measure(10, Duration.ofMillis(-1)))
        .hasMessage("spacing must not be negative: PT-0.001S");
  }

  @Test
  void combine_labelsNotOnePerRow_failsNamingThem() {
    assertThatThrownBy(() -> Comparison.combine(io.github.backoff.sim.overload.OverloadConfig.builder().build(), 1.0,
        java.util.List.of(), java.util.List.of("advised")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("labels: 1 for 0 rows");
  }
}
