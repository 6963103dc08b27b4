package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VirtualClockTest {

  @Test
  void advanceTo_laterTime_movesForward() {
    VirtualClock clock = new VirtualClock();
    clock.advanceTo(3.5);
    clock.advanceTo(3.5);
    assertThat(clock.now()).isEqualTo(3.5);
    clock.reset();
    assertThat(clock.now()).isZero();
  }

  @Test
  void advanceTo_earlierTime_throws() {
    VirtualClock clock = new VirtualClock();
    clock.advanceTo(2);
    assertThatThrownBy(() -> clock.advanceTo(1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("time must be >= now: 1.0 < 2.0");
    assertThatThrownBy(() -> clock.advanceTo(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }
}
