package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.internal.Durations;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The jitter formulas as tables of (t, u) → wait, and their bounds over the whole range. */
class JitterTest {
  /** The largest value {@code nextDouble()} returns. */
  private static final double TOP = Math.nextDown(1.0);

  @ParameterizedTest
  @CsvSource({
      "0, 0.0, 0",
      "0, 0.9999999999999999, 0",
      "1000, 0.0, 0",
      "1000, 0.25, 250",
      "1000, 0.5, 500",
      "1000, 0.9999999999999999, 999",
      "1, 0.9999999999999999, 0",
      "9223372036854775807, 0.5, 4611686018427387904",
      "9223372036854775807, 0.9999999999999999, 9223372036854774784",
  })
  void full_table_isFloorOfTTimesU(long t, double u, long expected) {
    assertThat(Jitter.full(t, u)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "0, 0.5, 0",
      "1, 0.0, 1",
      "1, 0.9999999999999999, 1",
      "1000, 0.0, 500",
      "1000, 0.5, 750",
      "1000, 0.9999999999999999, 999",
      "1001, 0.0, 501",
      "1001, 0.5, 751",
      "1001, 0.9999999999999999, 1000",
      "9223372036854775807, 0.0, 4611686018427387904",
  })
  void equal_table_isCeilHalfPlusFullJitterOfFloorHalf(long t, double u, long expected) {
    assertThat(Jitter.equal(t, u)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "1000, 0.5, 0.0, 500",
      "1000, 0.5, 0.5, 1000",
      "1000, 0.5, 0.75, 1250",
      "1000, 0.5, 0.9999999999999999, 1500",
      "1000, 0.0, 0.9, 1000",
      "1000, 1.0, 0.0, 0",
      "1000, 1.0, 0.25, 500",
      "1000, 1.0, 0.9999999999999999, 2000",
      "9223372036854775807, 1.0, 0.75, 9223372036854775807",
      "9223372036854775807, 0.5, 0.0, 4611686018427387904",
  })
  void proportional_table_isTTimesOneMinusFPlusTwoFU(long t, double factor, double u, long expected) {
    assertThat(Jitter.proportional(t, factor, u)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "1000, 0, 0.5, 1000",
      "1000, 100, 0.0, 1000",
      "1000, 100, 0.5, 1050",
      "1000, 100, 0.9999999999999999, 1099",
      "9223372036854775807, 100, 0.5, 9223372036854775807",
      "9223372036854775000, 9223372036854775807, 0.5, 9223372036854775807",
  })
  void additive_table_isTPlusFullJitterOfJ(long t, long j, double u, long expected) {
    assertThat(Jitter.additive(t, j, u)).isEqualTo(expected);
  }

  @ParameterizedTest
  @CsvSource({
      "10, 10, 0.5, 10",
      "10, 30, 0.0, 10",
      "10, 30, 0.5, 20",
      "10, 30, 0.9999999999999999, 29",
      "0, 9223372036854775807, 0.9999999999999999, 9223372036854774784",
  })
  void between_table_isLoPlusFullJitterOfTheSpan(long lo, long hi, double u, long expected) {
    assertThat(Jitter.between(lo, hi, u)).isEqualTo(expected);
  }

  // ---------------------------------------------------------------- bounds over the whole range

  @Provide
  Arbitrary<Long> nanos() {
    return Strategies.nanos();
  }

  @Provide
  Arbitrary<Double> uniforms() {
    return Strategies.uniforms();
  }

  @Provide
  Arbitrary<Double> factors() {
    return Strategies.factors();
  }

  @Property
  void full_anyTAndU_isInZeroToTAndNonDecreasingInU(
      @ForAll("nanos") long t, @ForAll("uniforms") double u, @ForAll("uniforms") double v) {
    assertThat(Jitter.full(t, u)).isBetween(0L, t);
    assertThat(Jitter.full(t, Math.min(u, v))).isLessThanOrEqualTo(Jitter.full(t, Math.max(u, v)));
  }

  @Property
  void equal_anyTAndU_isInCeilHalfToT(@ForAll("nanos") long t, @ForAll("uniforms") double u) {
    assertThat(Jitter.equal(t, u)).isBetween(t - t / 2, t);
  }

  @Property
  void proportional_anyTFactorAndU_isInSaturatedRange(
      @ForAll("nanos") long t, @ForAll("factors") double factor, @ForAll("uniforms") double u) {
    assertThat(Jitter.proportional(t, factor, u))
        .isBetween(Durations.saturate(t * (1.0 - factor)), Durations.saturate(t * (1.0 + factor)));
  }

  @Property
  void additive_anyTJAndU_isInTToSaturatedTPlusJ(
      @ForAll("nanos") long t, @ForAll("nanos") long j, @ForAll("uniforms") double u) {
    assertThat(Jitter.additive(t, j, u)).isBetween(t, Durations.addSaturated(t, j));
  }

  @Property
  void between_anyOrderedBoundsAndU_isInLoToHi(
      @ForAll("nanos") long a, @ForAll("nanos") long b, @ForAll("uniforms") double u) {
    long lo = Math.min(a, b);
    long hi = Math.max(a, b);
    assertThat(Jitter.between(lo, hi, u)).isBetween(lo, hi);
  }
}
