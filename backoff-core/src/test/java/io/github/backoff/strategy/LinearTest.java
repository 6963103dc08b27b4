package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class LinearTest {

  @ParameterizedTest
  @CsvSource({
      "10, 5, 1, 10",
      "10, 5, 2, 15",
      "10, 5, 3, 20",
      "0, 7, 1, 0",
      "0, 7, 11, 70",
      "0, 1, 2147483647, 2147483646",
      "10, 86400000000000, 2147483647, 9223372036854775807",
      "9223372036854775807, 1, 2, 9223372036854775807",
      "9223372036854775800, 3, 3, 9223372036854775806",
  })
  void delayNanos_table_isInitialPlusStepTimesRMinusOneSaturated(long initial, long step, int retry, long expected) {
    Backoff backoff = Backoff.linear(Duration.ofNanos(initial), Duration.ofNanos(step));

    assertThat(backoff.delayNanos(retry, 0, NO_DRAWS)).isEqualTo(expected);
    assertThat(backoff.minDelayNanos(retry)).isEqualTo(expected);
    assertThat(backoff.maxDelayNanos(retry)).isEqualTo(expected);
  }

  @Test
  void toString_always_namesInitialAndStep() {
    assertThat(Backoff.linear(Duration.ofMillis(10), Duration.ofMillis(5)))
        .hasToString("linear(initial=10 ms, step=5 ms)");
  }
}
