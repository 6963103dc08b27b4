package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class ConstantTest {
  /** Deterministic strategies must not consume random draws, so they compose under jitter predictably. */
  static final RandomGenerator NO_DRAWS = () -> {
    throw new AssertionError("a deterministic strategy drew a random number");
  };

  @Test
  void delayNanos_anyRetryAndPrevious_isTheDelay() {
    Backoff backoff = Backoff.constant(Duration.ofMillis(25));

    for (int retry : new int[] {1, 2, 64, 65, Integer.MAX_VALUE}) {
      assertThat(backoff.delayNanos(retry, 123, NO_DRAWS)).isEqualTo(25_000_000L);
      assertThat(backoff.minDelayNanos(retry)).isEqualTo(25_000_000L);
      assertThat(backoff.maxDelayNanos(retry)).isEqualTo(25_000_000L);
    }
  }

  @Test
  void constant_durationBeyondLongNanos_saturates() {
    Backoff backoff = Backoff.constant(Duration.ofSeconds(Long.MAX_VALUE));

    assertThat(backoff.delayNanos(1, 0, NO_DRAWS)).isEqualTo(Long.MAX_VALUE);
    assertThat(backoff).hasToString("constant(forever)");
  }

  @Test
  void equalsAndHashCode_sameDelay_areEqual() {
    assertThat(Backoff.constant(Duration.ofMillis(25))).isEqualTo(Backoff.constant(Duration.ofNanos(25_000_000L)))
        .hasSameHashCodeAs(Backoff.constant(Duration.ofMillis(25)))
        .isNotEqualTo(Backoff.constant(Duration.ofMillis(26)));
  }

  @Test
  void toString_always_showsTheDelay() {
    assertThat(Backoff.constant(Duration.ofMillis(25))).hasToString("constant(25 ms)");
    assertThat(Backoff.none()).hasToString("none");
  }
}
