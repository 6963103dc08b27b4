package io.github.backoff.sim.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.sim.advise.Scenario;
import io.github.backoff.sim.overload.OverloadSystem;
import org.junit.jupiter.api.Test;

class ScenarioSystemsTest {
  @Test
  void of_steadyScenario_isTheSystemItsKeysDescribe() {
    OverloadSystem system = ScenarioSystems.of(Scenario.parse(
        "clients.arrival=steady\nclients.rate=80\nservice.capacity=100\nservice.failure=throttling\n"
        + "service.retry_after=1s\n"));

    assertThat(system.rate()).isEqualTo(80);
    assertThat(system.capacity()).isEqualTo(100);
    assertThat(system.retryAfter()).hasToString("1s");
  }

  @Test
  void of_burstScenario_isRefused() {
    Scenario burst = Scenario.parse("clients.arrival=burst\n");

    assertThatThrownBy(() -> ScenarioSystems.of(burst)).isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("a burst scenario has no overload model");
  }

  @Test
  void register_secondTime_isRefused() {
    Scenario.parse("clients.arrival=steady\n"); // Scenario is initialised: its accessor is registered

    assertThatThrownBy(() -> ScenarioSystems.register(s -> OverloadSystem.DEFAULTS))
        .isInstanceOf(IllegalStateException.class).hasMessage("the scenario accessor is already registered");
  }
}
