package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.function.Executable;

/** The factories and combinators of {@link Backoff}: validation messages, normalisation and the default method. */
class BackoffTest {
  private static final Duration MS = Duration.ofMillis(1);
  private static final Duration NEG = Duration.ofMillis(-1);
  private static final Backoff EXP = Backoff.exponential(Duration.ofMillis(100));

  // ---------------------------------------------------------------- validation

  static Stream<Arguments> invalidParameters() {
    return Stream.of(
        invalid("constant(-1 ms)", () -> Backoff.constant(NEG), "delay must not be negative: -1 ms"),
        invalid("constant(most negative Duration)", () -> Backoff.constant(Duration.ofSeconds(Long.MIN_VALUE)),
            "delay must not be negative: -forever"),
        invalid("linear initial", () -> Backoff.linear(Duration.ofNanos(-1500), MS),
            "initial must not be negative: -1.5 us"),
        invalid("linear step", () -> Backoff.linear(MS, Duration.ofSeconds(-2)), "step must not be negative: -2 s"),
        invalid("exponential base", () -> Backoff.exponential(Duration.ofMillis(-1500)),
            "base must not be negative: -1.5 s"),
        invalid("exponential base with multiplier", () -> Backoff.exponential(NEG, 2.0),
            "base must not be negative: -1 ms"),
        invalid("multiplier 0.5", () -> Backoff.exponential(MS, 0.5), "multiplier must be >= 1 and finite: 0.5"),
        invalid("multiplier just below 1", () -> Backoff.exponential(MS, Math.nextDown(1.0)),
            "multiplier must be >= 1 and finite: 0.9999999999999999"),
        invalid("multiplier 0", () -> Backoff.exponential(MS, 0.0), "multiplier must be >= 1 and finite: 0.0"),
        invalid("multiplier -2", () -> Backoff.exponential(MS, -2.0), "multiplier must be >= 1 and finite: -2.0"),
        invalid("multiplier NaN", () -> Backoff.exponential(MS, Double.NaN), "multiplier must be >= 1 and finite: NaN"),
        invalid("multiplier +Infinity", () -> Backoff.exponential(MS, Double.POSITIVE_INFINITY),
            "multiplier must be >= 1 and finite: Infinity"),
        invalid("multiplier -Infinity", () -> Backoff.exponential(MS, Double.NEGATIVE_INFINITY),
            "multiplier must be >= 1 and finite: -Infinity"),
        invalid("truncatedBinary n 0", () -> Backoff.truncatedBinary(0, MS), "truncateAfter must be >= 1: 0"),
        invalid("truncatedBinary n MIN", () -> Backoff.truncatedBinary(Integer.MIN_VALUE, MS),
            "truncateAfter must be >= 1: -2147483648"),
        invalid("truncatedBinary max", () -> Backoff.truncatedBinary(3, NEG), "max must not be negative: -1 ms"),
        invalid("decorrelatedJitter base", () -> Backoff.decorrelatedJitter(NEG, MS),
            "base must not be negative: -1 ms"),
        invalid("decorrelatedJitter cap", () -> Backoff.decorrelatedJitter(MS, NEG), "cap must not be negative: -1 ms"),
        invalid("decorrelatedJitter cap < base", () -> Backoff.decorrelatedJitter(Duration.ofMillis(2), MS),
            "cap must be >= base: 1 ms < 2 ms"),
        invalid("decorrelatedJitterV2 median", () -> Backoff.decorrelatedJitterV2(NEG, MS),
            "medianFirstDelay must not be negative: -1 ms"),
        invalid("decorrelatedJitterV2 cap", () -> Backoff.decorrelatedJitterV2(MS, NEG),
            "cap must not be negative: -1 ms"),
        invalid("decorrelatedJitterV2 cap < median", () -> Backoff.decorrelatedJitterV2(Duration.ofSeconds(2), MS),
            "cap must be >= medianFirstDelay: 1 ms < 2 s"),
        invalid("withCap", () -> EXP.withCap(NEG), "cap must not be negative: -1 ms"),
        invalid("truncatedAfter 0", () -> EXP.truncatedAfter(0), "truncateAfter must be >= 1: 0"),
        invalid("truncatedAfter -3", () -> EXP.truncatedAfter(-3), "truncateAfter must be >= 1: -3"),
        invalid("randomization -0.1", () -> EXP.withRandomization(-0.1), "factor must be in [0, 1]: -0.1"),
        invalid("randomization 1.5", () -> EXP.withRandomization(1.5), "factor must be in [0, 1]: 1.5"),
        invalid("randomization just above 1", () -> EXP.withRandomization(Math.nextUp(1.0)),
            "factor must be in [0, 1]: 1.0000000000000002"),
        invalid("randomization NaN", () -> EXP.withRandomization(Double.NaN), "factor must be in [0, 1]: NaN"),
        invalid("randomization Infinity", () -> EXP.withRandomization(Double.POSITIVE_INFINITY),
            "factor must be in [0, 1]: Infinity"),
        invalid("additive jitter", () -> EXP.withAdditiveJitter(NEG), "jitter must not be negative: -1 ms"),
        invalid("quantum 0", () -> EXP.quantizedTo(Duration.ZERO), "quantum must be positive: 0 ms"),
        invalid("quantum -1 ms", () -> EXP.quantizedTo(NEG), "quantum must be positive: -1 ms"),
        invalid("delay previous", () -> EXP.delay(1, NEG, Randoms.uniforms(0.5)),
            "previousDelay must not be negative: -1 ms"),
        invalid("delay retry", () -> EXP.delay(0, Duration.ZERO, Randoms.uniforms(0.5)), "retry must be >= 1: 0"));
  }

  private static Arguments invalid(String name, Executable call, String message) {
    return Arguments.of(name, call, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidParameters")
  void factoriesAndCombinators_invalidParameter_throwNamingParameterAndValue(
      String name, Executable call, String message) {
    assertThatThrownBy(call::execute).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void factoriesAndCombinators_nullDuration_throwNpeNamingTheParameter() {
    assertThatThrownBy(() -> Backoff.constant(null)).isInstanceOf(NullPointerException.class).hasMessage("delay");
    assertThatThrownBy(() -> Backoff.linear(MS, null)).isInstanceOf(NullPointerException.class).hasMessage("step");
    assertThatThrownBy(() -> Backoff.exponential(null, 2)).isInstanceOf(NullPointerException.class)
        .hasMessage("base");
    assertThatThrownBy(() -> Backoff.decorrelatedJitter(MS, null)).isInstanceOf(NullPointerException.class)
        .hasMessage("cap");
    assertThatThrownBy(() -> EXP.withCap(null)).isInstanceOf(NullPointerException.class).hasMessage("cap");
    assertThatThrownBy(() -> EXP.quantizedTo(null)).isInstanceOf(NullPointerException.class).hasMessage("quantum");
    assertThatThrownBy(() -> EXP.delay(1, null, Randoms.uniforms(0.5))).isInstanceOf(NullPointerException.class)
        .hasMessage("previousDelay");
  }

  @Test
  void factories_boundaryValues_areValid() {
    Duration huge = Duration.ofSeconds(Long.MAX_VALUE, 999_999_999);

    assertThat(Backoff.exponential(MS, 1.0).delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(1_000_000);
    assertThat(Backoff.exponential(MS, Double.MAX_VALUE).delayNanos(2, 0, Randoms.uniforms(0.5)))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(Backoff.constant(huge).delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(Long.MAX_VALUE);
    assertThat(Backoff.truncatedBinary(Integer.MAX_VALUE, huge).maxDelayNanos(Integer.MAX_VALUE))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(EXP.withRandomization(1.0).maxDelayNanos(1)).isEqualTo(200_000_000L);
    assertThat(EXP.quantizedTo(Duration.ofNanos(1)).delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(100_000_000L);
  }

  // ---------------------------------------------------------------- normalisation (Finagle style)

  @Test
  void none_always_isZeroAndTheSharedConstant() {
    assertThat(Backoff.none().delayNanos(Integer.MAX_VALUE, 5, Randoms.uniforms(0.5))).isZero();
    assertThat(Backoff.none()).isSameAs(Backoff.constant(Duration.ZERO)).hasToString("none");
  }

  @Test
  void exponential_multiplierOne_isConstant() {
    assertThat(Backoff.exponential(Duration.ofMillis(7), 1.0)).isEqualTo(Backoff.constant(Duration.ofMillis(7)));
  }

  @Test
  void exponential_zeroBase_isNone() {
    assertThat(Backoff.exponential(Duration.ZERO, 3.0)).isSameAs(Backoff.none());
    assertThat(Backoff.exponential(Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void linear_zeroStep_isConstant() {
    assertThat(Backoff.linear(Duration.ofMillis(7), Duration.ZERO)).isEqualTo(Backoff.constant(Duration.ofMillis(7)));
    assertThat(Backoff.linear(Duration.ZERO, Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void truncatedBinary_nOneOrZeroMax_isConstant() {
    assertThat(Backoff.truncatedBinary(1, Duration.ofSeconds(3))).isEqualTo(Backoff.constant(Duration.ofSeconds(3)));
    assertThat(Backoff.truncatedBinary(5, Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void decorrelatedJitter_capEqualToBase_isConstant() {
    assertThat(Backoff.decorrelatedJitter(Duration.ofMillis(5), Duration.ofMillis(5)))
        .isEqualTo(Backoff.constant(Duration.ofMillis(5)));
    assertThat(Backoff.decorrelatedJitter(Duration.ZERO, Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void decorrelatedJitterV2_zeroMedian_isNone() {
    assertThat(Backoff.decorrelatedJitterV2(Duration.ZERO, Duration.ofSeconds(1))).isSameAs(Backoff.none());
  }

  @Test
  void withCap_constantUnderOrAtCap_isUnchanged() {
    Backoff constant = Backoff.constant(Duration.ofMillis(5));

    assertThat(constant.withCap(Duration.ofMillis(10))).isSameAs(constant);
    assertThat(constant.withCap(Duration.ofMillis(5))).isSameAs(constant);
    assertThat(Backoff.none().withCap(Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void withCap_constantAboveCap_isConstantAtCap() {
    assertThat(Backoff.constant(Duration.ofMillis(20)).withCap(Duration.ofMillis(10)))
        .isEqualTo(Backoff.constant(Duration.ofMillis(10)));
    assertThat(Backoff.constant(Duration.ofMillis(20)).withCap(Duration.ZERO)).isSameAs(Backoff.none());
  }

  @Test
  void withCap_atOrBelowFirstValueOfGrowingStrategy_isConstantAtCap() {
    Duration cap = Duration.ofMillis(50);

    assertThat(EXP.withCap(cap)).isEqualTo(Backoff.constant(cap));
    assertThat(EXP.withCap(Duration.ofMillis(100))).isEqualTo(Backoff.constant(Duration.ofMillis(100)));
    assertThat(Backoff.linear(Duration.ofMillis(50), MS).withCap(cap)).isEqualTo(Backoff.constant(cap));
    assertThat(Backoff.truncatedBinary(3, Duration.ofMillis(400)).withCap(cap)).isEqualTo(Backoff.constant(cap));
  }

  @Test
  void withCap_aboveFirstValue_capsLaterRetries() {
    Backoff capped = EXP.withCap(Duration.ofMillis(150));

    assertThat(capped).isNotInstanceOf(Constant.class);
    assertThat(capped.delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(100_000_000L);
    assertThat(capped.delayNanos(2, 0, Randoms.uniforms(0.5))).isEqualTo(150_000_000L);
  }

  @Test
  void withCap_twice_keepsTheSmallerCapInOneWrapper() {
    assertThat(EXP.withCap(Duration.ofSeconds(1)).withCap(Duration.ofSeconds(2)))
        .isEqualTo(EXP.withCap(Duration.ofSeconds(1)));
    assertThat(EXP.withCap(Duration.ofSeconds(2)).withCap(Duration.ofSeconds(1)))
        .isEqualTo(EXP.withCap(Duration.ofSeconds(1)));
  }

  @Test
  void withCap_belowFirstValueOfJitteredStrategy_isNotAConstant() {
    Backoff capped = EXP.withFullJitter().withCap(Duration.ofMillis(50));

    assertThat(capped.delayNanos(1, 0, Randoms.uniforms(0.0))).isZero();
    assertThat(capped.delayNanos(1, 0, Randoms.uniforms(0.9))).isEqualTo(50_000_000L);
  }

  @Test
  void withRandomizationZeroAndAdditiveJitterZero_areUnchanged() {
    assertThat(EXP.withRandomization(0.0)).isSameAs(EXP);
    assertThat(EXP.withAdditiveJitter(Duration.ZERO)).isSameAs(EXP);
  }

  // ---------------------------------------------------------------- the Duration view

  @Test
  void delay_withDurations_isDelayNanosAsADuration() {
    Backoff backoff = Backoff.exponential(Duration.ofMillis(100)).withFullJitter();

    assertThat(backoff.delay(3, Duration.ofMillis(200), Randoms.uniforms(0.5))).isEqualTo(Duration.ofMillis(200));
  }

  @Test
  void delay_hugePreviousDuration_isSaturatedNotRejected() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofMillis(10), Duration.ofSeconds(1));

    assertThat(backoff.delay(2, Duration.ofSeconds(Long.MAX_VALUE), Randoms.uniforms(0.5)))
        .isBetween(Duration.ofMillis(10), Duration.ofSeconds(1));
  }

  @Test
  void javadocExample_exponentialCappedFullJitter_drawsBelowTheCappedValue() {
    Backoff backoff = Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter();

    assertThat(backoff.maxDelayNanos(3)).isEqualTo(400_000_000L);
    assertThat(backoff.maxDelayNanos(100)).isEqualTo(20_000_000_000L);
    assertThat(backoff.delayNanos(3, 0, Randoms.seeded(1))).isBetween(0L, 400_000_000L);
  }
}
