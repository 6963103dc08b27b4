package io.github.backoff.sim.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SpiTest {

  @Test
  void metric_badName_isRejectedNamingIt() {
    assertThatThrownBy(() -> Metric.stats("P99 latency", "ms", "x")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("metric name must be lower-case letters, digits and _: 'P99 latency'");
    assertThat(Metric.series("goodput_per_s", "1/s", "x").aggregation()).isEqualTo(Metric.Aggregation.SERIES_MEAN);
  }

  @Test
  void parameter_badName_isRejectedNamingIt() {
    assertThatThrownBy(() -> new Parameter("--load", "F", "x", Parameter.Kind.NUMBER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("parameter name must be lower-case words joined by '-': '--load'");
    assertThat(new Parameter("outage-start", "T", "x", Parameter.Kind.SECONDS).name()).isEqualTo("outage-start");
  }

  @Test
  void settings_typedGetters_parseOrNameTheOption() {
    Settings s = Settings.of(Map.of("runs", " 12 ", "rate", "2.5", "seed", "-7", "loud", "true", "quiet", "false"));
    assertThat(s.integer("runs")).contains(12);
    assertThat(s.number("rate")).contains(2.5);
    assertThat(s.longValue("seed")).contains(-7L);
    assertThat(s.flag("loud")).isTrue();
    assertThat(s.flag("quiet")).isFalse();
    assertThat(s.flag("absent")).isFalse();
    assertThat(s.integer("absent")).isEmpty();
    assertThat(s.with("runs", "3").integer("runs")).contains(3);
    assertThat(s.integer("runs")).contains(12); // with() copies
    assertThatThrownBy(() -> s.integer("rate")).hasMessage("rate: not a whole number: '2.5'");
    assertThatThrownBy(() -> Settings.of(Map.of("rate", "fast")).number("rate"))
        .hasMessage("rate: not a number: 'fast'");
    assertThatThrownBy(() -> Settings.of(Map.of("seed", "x")).longValue("seed"))
        .hasMessage("seed: not a whole number: 'x'");
  }
}
