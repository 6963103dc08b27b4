package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FakeClockTest {

  @Test
  void sleep_advancesAndRecords() throws InterruptedException {
    FakeClock clock = new FakeClock(100);

    clock.sleep(50);
    clock.advance(Duration.ofNanos(25));

    assertThat(clock.nanoTime()).isEqualTo(175);
    assertThat(clock.sleeps()).containsExactly(Duration.ofNanos(50));
  }

  @Test
  void sleep_interrupted_throwsAndClearsFlag() {
    FakeClock clock = new FakeClock();
    Thread.currentThread().interrupt();

    assertThatThrownBy(() -> clock.sleep(10)).isInstanceOf(InterruptedException.class);
    assertThat(Thread.interrupted()).isFalse();
    assertThat(clock.nanoTime()).isZero();
  }

  @Test
  void advance_negative_isRejected() {
    assertThatThrownBy(() -> new FakeClock().advanceNanos(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("amount must not be negative: -1");
  }
}
