package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class NetworkLatencyTest {
  /** A generator that fails on any draw: a constant must not draw. */
  private static final RandomGenerator NO_DRAWS = () -> {
    throw new AssertionError("drew a number");
  };

  @Test
  void parse_eachForm_roundTripsThroughToString() {
    assertThat(NetworkLatency.parse("0")).isSameAs(NetworkLatency.ZERO);
    assertThat(NetworkLatency.parse("0ms").isZero()).isTrue();
    assertThat(NetworkLatency.parse("2ms").mean()).isEqualTo(0.002);
    assertThat(NetworkLatency.parse("2ms").toString()).isEqualTo("2ms");
    assertThat(NetworkLatency.parse("1500us").toString()).isEqualTo("1.5ms");
    assertThat(NetworkLatency.parse("normal:2ms,0.5ms").toString()).isEqualTo("normal:2ms,0.5ms");
    assertThat(NetworkLatency.parse(" LogNormal:1.2ms, 400us ").toString()).isEqualTo("lognormal:1.2ms,0.4ms");
    assertThat(NetworkLatency.parse("normal:2ms,0")).isEqualTo(NetworkLatency.constant(0.002));
    assertThat(NetworkLatency.parse("0.001s")).isEqualTo(NetworkLatency.parse("1ms"));
  }

  @Test
  void parse_badText_failsNamingTheOptionAndTheValue() {
    assertThatThrownBy(() -> NetworkLatency.parse("2")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("network-latency: \"2\" has no unit: write 2ms, 2s, 1m30s or PT2S (e.g. 2ms, "
            + "normal:2ms,0.5ms): '2'");
    assertThatThrownBy(() -> NetworkLatency.parse("uniform:1ms,2ms")).hasMessageStartingWith(
        "network-latency: unknown distribution 'uniform'");
    assertThatThrownBy(() -> NetworkLatency.parse("normal:2ms")).hasMessage(
        "network-latency: normal takes MEAN,SD (e.g. normal:2ms,0.5ms): 'normal:2ms'");
    assertThatThrownBy(() -> NetworkLatency.parse("-1ms")).hasMessage(
        "network-latency: \"-1ms\" is negative: a duration must be >= 0 (e.g. 2ms, normal:2ms,0.5ms): '-1ms'");
    assertThatThrownBy(() -> NetworkLatency.parse("61s")).hasMessage(
        "network-latency: the latency must be in [0, 60] s: 61.0 s");
    assertThatThrownBy(() -> NetworkLatency.parse("lognormal:0,1ms")).hasMessage(
        "network-latency: a log-normal's mean must be > 0: 0.0 s");
    assertThatThrownBy(() -> NetworkLatency.parse("2 parsecs")).hasMessageStartingWith(
        "network-latency: \"2 parsecs\" is not a duration");
  }

  @Test
  void sample_constant_drawsNothing() {
    assertThat(NetworkLatency.ZERO.sample(NO_DRAWS)).isZero();
    assertThat(NetworkLatency.parse("3ms").sample(NO_DRAWS)).isEqualTo(0.003);
  }

  @Test
  void sample_normalAndLognormal_haveTheGivenMeanAndSd() {
    for (String text : new String[] {"normal:2ms,0.5ms", "lognormal:2ms,0.5ms"}) {
      NetworkLatency l = NetworkLatency.parse(text);
      SplittableRandom random = new SplittableRandom(7);
      int n = 200_000;
      double sum = 0;
      double squares = 0;
      for (int i = 0; i < n; i++) {
        double x = l.sample(random);
        assertThat(x).isNotNegative();
        sum += x;
        squares += x * x;
      }
      double mean = sum / n;
      assertThat(mean).as(text).isCloseTo(0.002, within(0.00002));
      assertThat(Math.sqrt(squares / n - mean * mean)).as(text).isCloseTo(0.0005, within(0.00002));
    }
  }

  @Test
  void scaled_multipliesEveryTime() {
    assertThat(NetworkLatency.parse("lognormal:2ms,0.5ms").scaled(0.5).toString())
        .isEqualTo("lognormal:1ms,0.25ms");
    assertThat(NetworkLatency.ZERO.scaled(10)).isSameAs(NetworkLatency.ZERO);
    assertThatThrownBy(() -> NetworkLatency.ZERO.scaled(0)).hasMessage(
        "network-latency: the scale factor must be > 0 and finite: 0.0");
  }
}
