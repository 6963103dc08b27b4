package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ExponentialTest {

  @ParameterizedTest
  @CsvSource({
      "100, 2.0, 1, 100",
      "100, 2.0, 2, 200",
      "100, 2.0, 5, 1600",
      "1000000, 1.5, 3, 2250000",
      "1000, 10.0, 4, 1000000",
      "1, 2.0, 63, 4611686018427387904",
      "1, 2.0, 64, 9223372036854775807",
      "1, 2.0, 65, 9223372036854775807",
      "1, 2.0, 2147483647, 9223372036854775807",
      "1000, 1e308, 2, 9223372036854775807",
      "1000, 1.7976931348623157E308, 3, 9223372036854775807",
      "1, 1.1, 100, 12528",
      "9007199254740993, 2.0, 1, 9007199254740993",
      "9223372036854775806, 1.0000000000000002, 1, 9223372036854775806",
      "9223372036854775806, 1.0000000000000002, 2, 9223372036854775807",
  })
  void delayNanos_table_isBaseTimesMultiplierToTheRMinusOneSaturated(
      long base, double multiplier, int retry, long expected) {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(base), multiplier);

    assertThat(backoff.delayNanos(retry, 0, NO_DRAWS)).isEqualTo(expected);
    assertThat(backoff.minDelayNanos(retry)).isEqualTo(expected);
    assertThat(backoff.maxDelayNanos(retry)).isEqualTo(expected);
  }

  @Test
  void delayNanos_beyondThePrecomputedTable_usesTheSameFormula() {
    Backoff backoff = Backoff.exponential(Duration.ofSeconds(1), 1.0000000001);

    assertThat(backoff.delayNanos(64, 0, NO_DRAWS)).isEqualTo(Math.round(1e9 * Math.pow(1.0000000001, 63)));
    assertThat(backoff.delayNanos(65, 0, NO_DRAWS)).isEqualTo(Math.round(1e9 * Math.pow(1.0000000001, 64)));
    assertThat(backoff.delayNanos(Integer.MAX_VALUE, 0, NO_DRAWS))
        .isEqualTo(Math.round(1e9 * Math.pow(1.0000000001, Integer.MAX_VALUE - 1.0)));
  }

  @Test
  void delayNanos_firstRetryOfHugeBaseRegression_isExactlyTheBase() {
    // 2^53 + 1 ns is not a double; the first wait used to come out as 2^53 ns.
    Backoff backoff = Backoff.exponential(Duration.ofNanos((1L << 53) + 1), Math.nextUp(1.0));

    assertThat(backoff.delayNanos(1, 0, NO_DRAWS)).isEqualTo((1L << 53) + 1);
    assertThat(backoff.delayNanos(2, 0, NO_DRAWS)).isGreaterThanOrEqualTo((1L << 53) + 1);
  }

  @Test
  void exponential_defaultMultiplier_isTwo() {
    assertThat(Backoff.exponential(Duration.ofMillis(3))).isEqualTo(Backoff.exponential(Duration.ofMillis(3), 2.0));
  }

  @Test
  void toString_always_namesBaseAndMultiplier() {
    assertThat(Backoff.exponential(Duration.ofMillis(100))).hasToString("exponential(base=100 ms, multiplier=2.0)");
  }
}
