package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DurationsTest {
  private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);

  // ---------------------------------------------------------------- toNanosSaturated

  @Test
  void toNanosSaturated_representableDurations_areExact() {
    assertThat(Durations.toNanosSaturated(Duration.ZERO)).isZero();
    assertThat(Durations.toNanosSaturated(Duration.ofMillis(1500))).isEqualTo(1_500_000_000L);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(-1))).isEqualTo(-1);
    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(-1))).isEqualTo(-1_000_000_000L);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void toNanosSaturated_withinASecondOfTheLimitsRegression_isExactNotSaturatedEarly() {
    // Used to saturate every duration of 9,223,372,036 s or more, up to 0.85 s early.
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MAX_VALUE - 1))).isEqualTo(Long.MAX_VALUE - 1);
    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(9_223_372_036L))).isEqualTo(9_223_372_036_000_000_000L);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MIN_VALUE + 1))).isEqualTo(Long.MIN_VALUE + 1);
    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(-9_223_372_036L)))
        .isEqualTo(-9_223_372_036_000_000_000L);
  }

  @Test
  void toNanosSaturated_hugeDurations_saturate() {
    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999))).isEqualTo(Long.MAX_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(Long.MIN_VALUE))).isEqualTo(Long.MIN_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MAX_VALUE).plusNanos(1))).isEqualTo(Long.MAX_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofNanos(Long.MIN_VALUE).minusNanos(1))).isEqualTo(Long.MIN_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofDays(1_000_000_000L))).isEqualTo(Long.MAX_VALUE);
    assertThat(Durations.toNanosSaturated(Duration.ofDays(-1_000_000_000L))).isEqualTo(Long.MIN_VALUE);
  }

  @Property(tries = 2000)
  void toNanosSaturated_anyDuration_isTheExactValueClamped(
      @ForAll long seconds, @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
    BigInteger exact = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1_000_000_000L))
        .add(BigInteger.valueOf(nanos));
    long expected = exact.max(MIN).min(MAX).longValueExact();

    assertThat(Durations.toNanosSaturated(Duration.ofSeconds(seconds, nanos))).isEqualTo(expected);
  }

  @Property(tries = 1000)
  void toNanosSaturated_nearTheLimits_isTheExactValueClamped(
      @ForAll @LongRange(min = -9_223_372_038L, max = -9_223_372_035L) long negativeSeconds,
      @ForAll @LongRange(min = 9_223_372_035L, max = 9_223_372_038L) long positiveSeconds,
      @ForAll @IntRange(min = 0, max = 999_999_999) int nanos) {
    for (long seconds : new long[] {negativeSeconds, positiveSeconds}) {
      BigInteger exact = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1_000_000_000L))
          .add(BigInteger.valueOf(nanos));
      assertThat(Durations.toNanosSaturated(Duration.ofSeconds(seconds, nanos)))
          .isEqualTo(exact.max(MIN).min(MAX).longValueExact());
    }
  }

  // ---------------------------------------------------------------- saturating arithmetic

  @ParameterizedTest
  @CsvSource({
      "0, 0, 0",
      "1, 2, 3",
      "9223372036854775806, 1, 9223372036854775807",
      "9223372036854775807, 1, 9223372036854775807",
      "9223372036854775807, 9223372036854775807, 9223372036854775807",
      "4611686018427387904, 4611686018427387904, 9223372036854775807",
  })
  void addSaturated_table_isSumOrMax(long a, long b, long expected) {
    assertThat(Durations.addSaturated(a, b)).isEqualTo(expected);
    assertThat(Durations.addSaturated(b, a)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "0, 9223372036854775807, 0",
      "3, 7, 21",
      "3074457345618258602, 3, 9223372036854775806",
      "3074457345618258603, 3, 9223372036854775807",
      "4294967296, 4294967296, 9223372036854775807",
      "4611686018427387904, 2, 9223372036854775807",
      "9223372036854775807, 9223372036854775807, 9223372036854775807",
      "9223372036854775807, 1, 9223372036854775807",
  })
  void multiplySaturated_table_isProductOrMax(long a, long b, long expected) {
    assertThat(Durations.multiplySaturated(a, b)).isEqualTo(expected);
    assertThat(Durations.multiplySaturated(b, a)).isEqualTo(expected);
  }

  @Property(tries = 2000)
  void addAndMultiplySaturated_nonNegativeOperands_areExactValueClampedAtMax(
      @ForAll @LongRange(min = 0) long a, @ForAll @LongRange(min = 0) long b) {
    BigInteger x = BigInteger.valueOf(a);
    BigInteger y = BigInteger.valueOf(b);

    assertThat(Durations.addSaturated(a, b)).isEqualTo(x.add(y).min(MAX).longValueExact());
    assertThat(Durations.multiplySaturated(a, b)).isEqualTo(x.multiply(y).min(MAX).longValueExact());
  }

  @ParameterizedTest
  @CsvSource({
      "NaN, 9223372036854775807",
      "Infinity, 9223372036854775807",
      "-Infinity, 0",
      "-0.0, 0",
      "-1e300, 0",
      "0.0, 0",
      "0.49, 0",
      "0.5, 1",
      "1.5, 2",
      "2.5, 3",
      "1e18, 1000000000000000000",
      "9.2233720368547748E18, 9223372036854774784",
      "9.223372036854775807E18, 9223372036854775807",
      "1e300, 9223372036854775807",
      "1.7976931348623157E308, 9223372036854775807",
  })
  void saturate_table_roundsAndClampsToZeroToMax(double nanos, long expected) {
    assertThat(Durations.saturate(nanos)).isEqualTo(expected);
  }

  @Property(tries = 2000)
  void saturate_anyDouble_isNonNegative(@ForAll double nanos) {
    assertThat(Durations.saturate(nanos)).isNotNegative();
  }

  // ---------------------------------------------------------------- format

  @ParameterizedTest
  @CsvSource({
      "0, 0 ms",
      "1, 1 ns",
      "999, 999 ns",
      "1000, 1 us",
      "1500, 1.5 us",
      "51200, 51.2 us",
      "999999, 999.999 us",
      "1000000, 1 ms",
      "25000000, 25 ms",
      "1234567, 1.235 ms",
      "1000000000, 1 s",
      "1500000000, 1.5 s",
      "59999000000, 59.999 s",
      "60000000000, 1 min",
      "120000000000, 2 min",
      "90000000000, 1.5 min",
      "3600000000000, 1 h",
      "86400000000000, 24 h",
      "9223372036854775806, 2562047.788 h",
      "9223372036854775807, forever",
      "-1, -1 ns",
      "-1500000, -1.5 ms",
      "-9223372036854775807, -forever",
      "-9223372036854775808, -forever",
  })
  void format_nanos_isShortAndHumanReadable(long nanos, String expected) {
    assertThat(Durations.format(nanos)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "64000000000, 64 s",
      "100000000000, 100 s",
      "3601000000000, 3601 s",
      "3660000000000, 61 min",
      "5400000000000, 1.5 h",
      "61500000000, 1.025 min",
      "64000000001, 1.067 min",
  })
  void format_fromAMinuteUp_printsTheValueAsGivenWhenAUnitSaysItExactly(long nanos, String expected) {
    // schedule --cap 64s used to print "capped at 1.067 min".
    assertThat(Durations.format(nanos)).isEqualTo(expected);
  }

  @Test
  void format_justBelowAUnit_roundsWithinTheSmallerUnit() {
    assertThat(Durations.format(999_999_999L)).isEqualTo("1000 ms");
    assertThat(Durations.format(59_999_500_000L)).isEqualTo("60 s");
  }

  @Test
  void format_durations_matchesTheirNanos() {
    assertThat(Durations.format(Duration.ofMillis(25))).isEqualTo("25 ms");
    assertThat(Durations.format(Duration.ofMillis(-25))).isEqualTo("-25 ms");
    assertThat(Durations.format(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999))).isEqualTo("forever");
  }

  @Test
  void format_mostNegativeDurationRegression_doesNotThrow() {
    // Used to negate the Duration first, which overflows for the most negative one.
    assertThat(Durations.format(Duration.ofSeconds(Long.MIN_VALUE))).isEqualTo("-forever");
  }
}
