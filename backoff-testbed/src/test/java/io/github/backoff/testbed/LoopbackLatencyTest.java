package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.sim.overload.NetworkLatency;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoopbackLatencyTest {
  private static final double EPS = 1e-15;

  @Test
  void of_noTimes_isAllNaN() {
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(new double[0]);
    assertThat(m.count()).isZero();
    assertThat(m.mean()).isNaN();
    assertThat(m.sd()).isNaN();
    assertThat(m.p50()).isNaN();
    assertThat(m.p99()).isNaN();
  }

  @Test
  void of_oneTime_hasNoDeviation() {
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(new double[] {0.004});
    assertThat(m).isEqualTo(new LoopbackLatency.Measurement(1, 0.004, 0, 0.004, 0.004));
  }

  @Test
  void of_twoTimes_hasTheSampleDeviation() {
    // Mean 2, squares 1 + 1 over n - 1 = 1: sd sqrt(2). p50 is rank ceil(1) = 1, p99 rank ceil(1.98) = 2.
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(new double[] {3, 1});
    assertThat(m.count()).isEqualTo(2);
    assertThat(m.mean()).isEqualTo(2.0);
    assertThat(m.sd()).isCloseTo(Math.sqrt(2), within(EPS));
    assertThat(m.p50()).isEqualTo(1.0);
    assertThat(m.p99()).isEqualTo(3.0);
  }

  @Test
  void of_unsortedTimes_sortsACopyForThePercentiles() {
    double[] times = {0.003, 0.001, 0.002};
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(times);
    // Mean 2 ms; squares 1e-6 + 1e-6 over 2: sd 1 ms. p50 rank ceil(1.5) = 2, p99 rank ceil(2.97) = 3.
    assertThat(m.mean()).isCloseTo(0.002, within(EPS));
    assertThat(m.sd()).isCloseTo(0.001, within(EPS));
    assertThat(m.p50()).isEqualTo(0.002);
    assertThat(m.p99()).isEqualTo(0.003);
    assertThat(times).containsExactly(0.003, 0.001, 0.002);
  }

  @Test
  void of_hundredTimes_takesTheNearestRanks() {
    double[] times = new double[100];
    for (int i = 0; i < 100; i++) {
      times[i] = 100 - i; // 100 .. 1
    }
    LoopbackLatency.Measurement m = LoopbackLatency.Measurement.of(times);
    assertThat(m.mean()).isEqualTo(50.5);
    assertThat(m.p50()).isEqualTo(50.0);
    assertThat(m.p99()).isEqualTo(99.0);
  }

  @Test
  void asLognormal_meanAndSd_isTheModelsNetworkLatency() {
    assertThat(new LoopbackLatency.Measurement(3, 0.002, 0.001, 0.0025, 0.004).asLognormal())
        .isEqualTo(NetworkLatency.lognormal(0.002, 0.001));
  }

  @Test
  void toString_figures_inMilliseconds() {
    assertThat(new LoopbackLatency.Measurement(3, 0.002, 0.001, 0.0025, 0.004).toString())
        .isEqualTo("3 requests: mean 2.000 ms, sd 1.000 ms, p50 2.500 ms, p99 4.000 ms");
  }

  @Test
  void measure_tooFewOrNegativeSpacing_failsNamingTheParameter() {
    assertThatThrownBy(() -> LoopbackLatency.measure(9, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("count must be >= 10: 9");
    assertThatThrownBy(() -> LoopbackLatency.measure(10, Duration.ofNanos(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("spacing must not be negative: PT-0.000000001S");
  }

  @Test
  void measure_tenRequestsAtTheLoopbackServer_areRoundTripsLessTheService() {
    // Real loopback requests (300 of warm-up, then 10), one after another: about a second.
    LoopbackLatency.Measurement m = LoopbackLatency.measure(10, Duration.ZERO);
    assertThat(m.count()).isEqualTo(10);
    assertThat(m.p50()).as("less the 2 ms service, in seconds").isGreaterThan(0).isLessThan(0.5);
    assertThat(m.mean()).isGreaterThan(0).isLessThan(0.5);
    assertThat(m.p99()).isGreaterThanOrEqualTo(m.p50());
  }
}
