package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CappedTest {
  private static final Backoff CAPPED = Backoff.exponential(Duration.ofNanos(100)).withCap(Duration.ofNanos(1000));

  @Test
  void delayNanos_table_isMinOfCapAndInner() {
    long[] expected = {100, 200, 400, 800, 1000, 1000};
    for (int retry = 1; retry <= expected.length; retry++) {
      assertThat(CAPPED.delayNanos(retry, 0, NO_DRAWS)).as("retry %d", retry).isEqualTo(expected[retry - 1]);
    }
    assertThat(CAPPED.delayNanos(Integer.MAX_VALUE, 0, NO_DRAWS)).isEqualTo(1000);
    assertThat(CAPPED.minDelayNanos(Integer.MAX_VALUE)).isEqualTo(1000);
    assertThat(CAPPED.maxDelayNanos(3)).isEqualTo(400);
  }

  @Test
  void delayNanos_statefulInner_passesThePreviousWaitThrough() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(10), Duration.ofDays(1))
        .withCap(Duration.ofNanos(50));

    assertThat(backoff.delayNanos(2, 20, Randoms.uniforms(0.5))).isEqualTo(35);
    assertThat(backoff.delayNanos(2, 20, Randoms.uniforms(Math.nextDown(1.0)))).isEqualTo(50);
  }

  @Test
  void toString_always_namesInnerAndCap() {
    assertThat(CAPPED).hasToString("exponential(base=100 ns, multiplier=2.0) capped at 1 us");
  }
}
