package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TruncatedBinaryTest {

  @ParameterizedTest
  @CsvSource({
      "4, 800, 1, 100",
      "4, 800, 2, 200",
      "4, 800, 3, 400",
      "4, 800, 4, 800",
      "4, 800, 5, 800",
      "4, 800, 2147483647, 800",
      "3, 10, 1, 3", // 2.5 rounds half up
      "3, 10, 2, 5",
      "3, 10, 3, 10",
      "2, 9223372036854775807, 1, 4611686018427387904",
      "2, 18014398509481986, 1, 9007199254740993", // (2^54 + 2) / 2 = 2^53 + 1, exactly
      "64, 9223372036854775807, 1, 1",
      "65, 9223372036854775807, 1, 0",
      "2147483647, 86400000000000, 1, 0",
      "2147483647, 86400000000000, 2147483646, 43200000000000",
      "2147483647, 86400000000000, 2147483647, 86400000000000",
  })
  void delayNanos_table_isMaxTimesTwoToTheRMinusNThenMax(int n, long max, int retry, long expected) {
    Backoff backoff = Backoff.truncatedBinary(n, Duration.ofNanos(max));

    assertThat(backoff.delayNanos(retry, 0, NO_DRAWS)).isEqualTo(expected);
    assertThat(backoff.minDelayNanos(retry)).isEqualTo(expected);
    assertThat(backoff.maxDelayNanos(retry)).isEqualTo(expected);
  }

  @Test
  void truncatedBinary_exactBase_equalsExponentialTruncatedAfterN() {
    Backoff truncatedBinary = Backoff.truncatedBinary(4, Duration.ofMillis(800));
    Backoff truncatedExponential = Backoff.exponential(Duration.ofMillis(100)).truncatedAfter(4);

    for (int retry = 1; retry <= 10; retry++) {
      assertThat(truncatedBinary.delayNanos(retry, 0, NO_DRAWS))
          .isEqualTo(truncatedExponential.delayNanos(retry, 0, NO_DRAWS));
    }
  }

  @Test
  void toString_always_namesNAndMax() {
    assertThat(Backoff.truncatedBinary(4, Duration.ofMillis(800)))
        .hasToString("truncated-binary(truncateAfter=4, max=800 ms)");
  }
}
