package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TruncatedTest {
  private static final Backoff TRUNCATED = Backoff.exponential(Duration.ofNanos(100)).truncatedAfter(3);

  @Test
  void delayNanos_table_waitsWhatRetryMinRNWould() {
    long[] expected = {100, 200, 400, 400, 400};
    for (int retry = 1; retry <= expected.length; retry++) {
      assertThat(TRUNCATED.delayNanos(retry, 0, NO_DRAWS)).as("retry %d", retry).isEqualTo(expected[retry - 1]);
    }
    assertThat(TRUNCATED.delayNanos(Integer.MAX_VALUE, 0, NO_DRAWS)).isEqualTo(400);
    assertThat(TRUNCATED.minDelayNanos(Integer.MAX_VALUE)).isEqualTo(400);
    assertThat(TRUNCATED.maxDelayNanos(Integer.MAX_VALUE)).isEqualTo(400);
  }

  @Test
  void delayNanos_jitteredInner_drawsOverTheTruncatedValue() {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(100)).withFullJitter().truncatedAfter(2);

    assertThat(backoff.delayNanos(10, 0, Randoms.uniforms(0.5))).isEqualTo(100);
    assertThat(backoff.maxDelayNanos(10)).isEqualTo(200);
  }

  @Test
  void truncatedAfter_beyondSaturation_changesNothing() {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(1)).truncatedAfter(Integer.MAX_VALUE);

    assertThat(backoff.delayNanos(Integer.MAX_VALUE, 0, NO_DRAWS)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void toString_always_namesInnerAndN() {
    assertThat(TRUNCATED).hasToString("exponential(base=100 ns, multiplier=2.0) truncated after 3 retries");
  }

  @Test
  void everyMethod_retryBelowOne_throwsNamingIt() {
    assertThatThrownBy(() -> TRUNCATED.delayNanos(0, 0, NO_DRAWS)).hasMessage("retry must be >= 1: 0");
    assertThatThrownBy(() -> TRUNCATED.minDelayNanos(0)).hasMessage("retry must be >= 1: 0");
    assertThatThrownBy(() -> TRUNCATED.maxDelayNanos(-1)).hasMessage("retry must be >= 1: -1");
  }
}
