package io.github.backoff.sim.advise;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A recovery that never happened is "never", never the time left to the horizon. */
class MetricsNeverTest {
  private static final Scenario OUTAGE = Scenario.parse("clients.arrival=steady\nservice.outage.start=10s\n"
      + "service.outage.length=5s\nhorizon=60s\n");

  @Test
  void show_recoveryAtTheHorizon_isNever_andAFiniteOneIsItsTime() {
    Metrics m = Metrics.of(OUTAGE);
    assertThat(m.neverAt()).isEqualTo(45);
    assertThat(m.show("recovery", 45)).isEqualTo("never");
    assertThat(m.show("recovery", 3)).isEqualTo("3.00 s");
    assertThat(m.show("completion_p99", 45)).isEqualTo("45.0 s");
  }

  @Test
  void never_withoutAnOutage_noRecoveryIsNever() {
    Metrics m = Metrics.of(Scenario.parse("clients.arrival=steady\n"));
    assertThat(m.never("recovery", 1e9)).isFalse();
  }
}
