package io.github.backoff.sim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class SimulationConfigTest {

  @Test
  void defaults_areTheStudy() {
    SimulationConfig config = SimulationConfig.defaults();
    assertThat(config.model()).isEqualTo(ModelKind.OCC);
    assertThat(config.clients()).hasSize(19).startsWith(10, 20).endsWith(190);
    assertThat(config.strategies())
        .containsExactly("none", "exponential", "full-jitter", "equal-jitter", "decorrelated-jitter");
    assertThat(config.runs()).isEqualTo(100);
    assertThat(config.base()).isEqualTo(10);
    assertThat(config.decorrelatedBase()).isEqualTo(5);
    assertThat(config.cap()).isEqualTo(2000);
    assertThat(config.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(config.seed()).isEqualTo(SimulationConfig.DEFAULT_SEED);
    assertThat(config.out()).isEqualTo(Path.of("simulation"));
  }

  @Test
  void builder_strings_parseLikeTheCommandLine() {
    SimulationConfig config = SimulationConfig.builder().model("single-server").clients("1..3")
        .strategies(" none , full-jitter").base(2.5).cap(100).runs(3).seed(-7).threads(3).out(Path.of("o")).build();
    assertThat(config.model()).isEqualTo(ModelKind.SINGLE_SERVER);
    assertThat(config.clients()).containsExactly(1, 2, 3);
    assertThat(config.strategies()).containsExactly("none", "full-jitter");
    assertThat(config.backoff("full-jitter").maxDelayNanos(1)).isEqualTo(2_500_000);
    assertThat(config.toString()).isEqualTo("model=single-server clients=[1, 2, 3] strategies=[none, full-jitter] "
        + "runs=3 seed=-7 threads=3 base=2.5 cap=100 out=o");
  }

  @Test
  void register_customStrategy_canBeSelected() {
    Backoff preset = Backoff.constant(Duration.ofMillis(50));
    SimulationConfig config = SimulationConfig.builder().register("preset", preset)
        .strategies(List.of("preset", "none")).build();
    assertThat(config.backoff("preset")).isSameAs(preset);
    assertThat(config.registry().names()).contains("preset");
  }

  @Test
  void units_mapsOneUnitToOneMillisecond() {
    assertThat(SimulationConfig.units(5)).isEqualTo(Duration.ofMillis(5));
    assertThat(SimulationConfig.units(0.5)).isEqualTo(Duration.ofNanos(500_000));
  }

  @Test
  void build_badSettings_throwOneLineNamingTheParameter() {
    assertBad(b -> b.runs(0), "runs: must be in [1, 100000]: 0");
    assertBad(b -> b.threads(0), "threads: must be in [1, 1024]: 0");
    assertBad(b -> b.threads(2000), "threads: must be in [1, 1024]: 2000");
    assertBad(b -> b.base(-1), "base: must be in [0, 1e12] time units: -1.0");
    assertBad(b -> b.cap(Double.NaN), "cap: must be in [0, 1e12] time units: NaN");
    assertBad(b -> b.base(10).cap(5).build(), "cap: must be >= base: 5 < 10");
    assertBad(b -> b.model("overload"), "model: overload is not a client sweep: configure it with OverloadConfig");
    assertBad(b -> b.model("mm1"), "model: unknown model 'mm1' (known: occ, single-server, overload)");
    assertBad(b -> b.clients("0"), "clients: count must be in [1, 1000000]: 0 in '0'");
    assertBad(b -> b.clients(List.of()), "clients: must not be empty");
    assertBad(b -> b.clients(List.of(3, 3)), "clients: must not repeat: [3, 3]");
    assertBad(b -> b.strategies("none,none"), "strategies: must not repeat: none,none");
    assertBad(b -> b.strategies(""), "strategies: bad strategy name '' (must be non-blank, without commas, "
        + "quotes or line breaks)");
    assertBad(b -> b.strategies(List.of()), "strategies: must not be empty");
    assertBad(b -> b.strategies("none,fibonacci").build(), "strategies: unknown strategy 'fibonacci' (known: "
        + "none, exponential, full-jitter, equal-jitter, decorrelated-jitter)");
  }

  private static void assertBad(Consumer<SimulationConfig.Builder> settings, String message) {
    assertThatThrownBy(() -> settings.accept(SimulationConfig.builder()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void builder_nulls_throwNpe() {
    assertThatThrownBy(() -> SimulationConfig.builder().out(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> SimulationConfig.builder().model((ModelKind) null))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> SimulationConfig.builder().register("x", null))
        .isInstanceOf(NullPointerException.class);
  }
}
