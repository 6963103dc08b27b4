package io.github.backoff.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.sweep.SimulationConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings every model shares, validated and shown in one place for both configurations. */
class StudyConfigTest {

  @Test
  void baseAndCap_defaults_inMilliseconds() {
    assertThat(SimulationConfig.defaults().baseAndCap())
        .isEqualTo("10 ms (decorrelated-jitter 5 ms, the study's), 2000 ms");
    assertThat(OverloadConfig.defaults().baseAndCap()).isEqualTo("100 ms, 2000 ms"); // full-jitter alone
  }

  @Test
  void baseAndCap_givenAsDurations_shownAsGiven() {
    SimulationConfig config = SimulationConfig.builder().base(10, "10ms").cap(2000, "2s").build();

    assertThat(config.baseAndCap()).isEqualTo("10 ms, 2 s");
    assertThat(config.base()).isEqualTo(10);
    assertThat(config.cap()).isEqualTo(2000);
  }

  @Test
  void common_settingsWithGivenText_reachBothConfigurations() {
    Settings settings = Settings.of(Map.of("base", "10ms", "cap", "500ms", "runs", "3", "seed", "7", "threads", "1",
        "out", "x", "strategies", "none,full-jitter")).withGiven("base", "10ms").withGiven("cap", "500ms");

    SimulationConfig sweep = SimulationConfig.builder().common(settings, StrategyLookup.NONE).build();
    OverloadConfig overload = OverloadConfig.builder().common(settings, StrategyLookup.NONE).build();

    for (StudyConfig config : new StudyConfig[] {sweep, overload}) {
      assertThat(config.baseAndCap()).isEqualTo("10 ms, 500 ms");
      assertThat(config.runs()).isEqualTo(3);
      assertThat(config.seed()).isEqualTo(7);
      assertThat(config.threads()).isEqualTo(1);
      assertThat(config.out()).isEqualTo(Path.of("x"));
      assertThat(config.strategies()).containsExactly("none", "full-jitter");
    }
  }

  @Test
  void build_capBelowBase_failsNamingCap() {
    assertThatThrownBy(() -> OverloadConfig.builder().base(100).cap(10).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cap: must be >= base: 10 < 100");
    assertThatThrownBy(() -> SimulationConfig.builder().base(100).cap(10).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cap: must be >= base: 10 < 100");
  }

  @Test
  void runs_aboveTheModelsMaximum_failsNamingRuns() {
    assertThatThrownBy(() -> OverloadConfig.builder().runs(1001))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("runs:");
    assertThat(SimulationConfig.builder().runs(1001).build().runs()).isEqualTo(1001);
  }
}
