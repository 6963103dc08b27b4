package io.github.backoff.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SharedResetTest {
  private final FakeClock clock = new FakeClock();
  private final SharedReset reset = SharedReset.create(clock::nanoTime);

  @Test
  void waitNanos_noneLearned_isZero() {
    assertThat(reset.waitNanos()).isZero();
    assertThat(reset.waitNanos(1)).isZero();
  }

  @Test
  void waitNanos_afterALearnedReset_isTheTimeLeftPlusUpToHalfTheLearnedWait() {
    reset.noRequestsFor(4_000);
    clock.advanceNanos(1_000);

    assertThat(reset.waitNanos()).isEqualTo(3_000);
    assertThat(reset.waitNanos(1)).isEqualTo(5_000); // 3 000 left + half of the 4 000 learned
    clock.advanceNanos(3_000);
    assertThat(reset.waitNanos(1)).as("at the reset, nobody waits").isZero();
  }

  @Test
  void noRequestsFor_anEarlierReset_neverMovesItEarlier() {
    reset.noRequestsFor(Duration.ofSeconds(10).toNanos());
    reset.noRequestsFor(Duration.ofSeconds(2).toNanos());

    assertThat(reset.waitNanos()).isEqualTo(Duration.ofSeconds(10).toNanos());
    reset.noRequestsFor(Duration.ofSeconds(20).toNanos());
    assertThat(reset.waitNanos()).isEqualTo(Duration.ofSeconds(20).toNanos());
  }

  @Test
  void noRequestsFor_zeroNegativeOrHuge_learnsNothingOrSaturates() {
    reset.noRequestsFor(0);
    reset.noRequestsFor(-5);
    assertThat(reset.waitNanos()).isZero();

    reset.noRequestsFor(Long.MAX_VALUE);
    assertThat(reset.waitNanos(1)).isPositive();
  }

  @Test
  void waitNanos_uOutsideZeroOne_isRefused() {
    assertThatThrownBy(() -> reset.waitNanos(1.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("u must be in [0, 1]: 1.5");
    assertThatThrownBy(() -> reset.waitNanos(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> SharedReset.create(null)).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("ticker");
  }
}
