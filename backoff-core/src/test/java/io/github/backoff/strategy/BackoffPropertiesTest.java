package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.github.backoff.testing.Randoms;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Properties every strategy and combinator keeps (issue 2): for any retry up to {@code Integer.MAX_VALUE}, any
 * valid parameters and any previous wait, the wait is in {@code [minDelayNanos(r), maxDelayNanos(r)]}, the
 * bounds are ordered and non-negative, and nothing throws or overflows.
 */
class BackoffPropertiesTest {

  @Provide
  Arbitrary<Backoff> strategies() {
    return Strategies.any();
  }

  @Provide
  Arbitrary<Backoff> deterministicStrategies() {
    return Strategies.deterministic();
  }

  @Provide
  Arbitrary<Integer> retries() {
    return Strategies.retries();
  }

  @Provide
  Arbitrary<Long> nanos() {
    return Strategies.nanos();
  }

  @Provide
  Arbitrary<double[]> draws() {
    return Strategies.drawScripts();
  }

  @Provide
  Arbitrary<Duration> durations() {
    return Strategies.durations();
  }

  @Provide
  Arbitrary<Double> multipliers() {
    return Strategies.multipliers();
  }

  @Property(tries = 3000)
  void delayNanos_anyStrategyRetryPreviousAndDraws_staysWithinItsBounds(
      @ForAll("strategies") Backoff backoff, @ForAll("retries") int retry,
      @ForAll("nanos") long previous, @ForAll("draws") double[] draws) {
    long min = backoff.minDelayNanos(retry);
    long max = backoff.maxDelayNanos(retry);
    long delay = backoff.delayNanos(retry, previous, Randoms.uniforms(draws));

    assertThat(min).isBetween(0L, max);
    assertThat(delay).isBetween(min, max);
  }

  @Property(tries = 500)
  void delayNanos_sequencesOverManySeeds_stayWithinBoundsAtEveryRetry(
      @ForAll("strategies") Backoff backoff, @ForAll long seed, @ForAll("retries") int firstRetry) {
    RandomGenerator random = Randoms.seeded(seed);
    long previous = 0;
    int start = Math.min(firstRetry, Integer.MAX_VALUE - 20);
    for (int i = 0; i <= 20; i++) {
      int retry = start + i;
      long delay = backoff.delayNanos(retry, previous, random);
      assertThat(delay).as("retry %d", retry)
          .isBetween(backoff.minDelayNanos(retry), backoff.maxDelayNanos(retry));
      previous = delay;
    }
  }

  @Property(tries = 300)
  void delayNanos_atIntegerMaxValue_doesNotOverflow(@ForAll("strategies") Backoff backoff, @ForAll long seed) {
    RandomGenerator random = new SplittableRandom(seed);
    long previous = backoff.maxDelayNanos(Integer.MAX_VALUE - 1);
    long delay = backoff.delayNanos(Integer.MAX_VALUE, previous, random);

    assertThat(delay).isBetween(backoff.minDelayNanos(Integer.MAX_VALUE), backoff.maxDelayNanos(Integer.MAX_VALUE));
    assertThat(backoff.minDelayNanos(Integer.MAX_VALUE)).isNotNegative();
  }

  @Property(tries = 1000)
  void delayNanos_deterministicStrategy_equalsItsBoundsAndIsNonDecreasing(
      @ForAll("deterministicStrategies") Backoff backoff, @ForAll("retries") int retry) {
    int r = Math.min(retry, Integer.MAX_VALUE - 1);
    long delay = backoff.delayNanos(r, 0, Randoms.uniforms(0.5));

    assertThat(backoff.minDelayNanos(r)).isEqualTo(delay);
    assertThat(backoff.maxDelayNanos(r)).isEqualTo(delay);
    assertThat(backoff.delayNanos(r + 1, delay, Randoms.uniforms(0.5))).isGreaterThanOrEqualTo(delay);
  }

  @Property(tries = 300)
  void minAndMaxDelayNanos_retryBelowOne_throwNamingTheRetry(
      @ForAll("strategies") Backoff backoff, @ForAll @IntRange(min = Integer.MIN_VALUE, max = 0) int retry) {
    String message = "retry must be >= 1: " + retry;
    assertThatThrownBy(() -> backoff.delayNanos(retry, 0, Randoms.uniforms(0.5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> backoff.minDelayNanos(retry))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> backoff.maxDelayNanos(retry))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Property(tries = 300)
  void delay_withDurations_matchesDelayNanos(
      @ForAll("strategies") Backoff backoff, @ForAll("retries") int retry, @ForAll long seed,
      @ForAll @LongRange(min = 0) long previous) {
    Duration delay = backoff.delay(retry, Duration.ofNanos(previous), new SplittableRandom(seed));

    assertThat(delay).isEqualTo(Duration.ofNanos(backoff.delayNanos(retry, previous, new SplittableRandom(seed))));
  }

  // ---------------------------------------------------------------- exact formulas over the whole range

  @Property(tries = 1000)
  void truncatedBinary_anyNAndMax_isMaxFromRetryNAndExactHalvingsBefore(
      @ForAll("retries") int n, @ForAll("durations") Duration max, @ForAll("retries") int retry) {
    Backoff backoff = Backoff.truncatedBinary(n, max);
    long t = max.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : max.toNanos();

    long expected;
    if (retry >= n) {
      expected = t;
    } else if (n - retry >= 64) {
      expected = 0; // T < 2^63, so T / 2^64 < 1/2
    } else {
      // base·2^(r-1) with base = T / 2^(n-1), i.e. T / 2^(n-r), rounded half up, exactly.
      expected = new BigDecimal(t).divide(new BigDecimal(BigInteger.ONE.shiftLeft(n - retry)))
          .setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
    assertThat(backoff.delayNanos(retry, 0, Randoms.uniforms(0.5))).isEqualTo(expected);
    assertThat(backoff.delayNanos(n, 0, Randoms.uniforms(0.5))).isEqualTo(t);
  }

  @Property(tries = 1000)
  void linear_anyParameters_isExactSaturatedSum(
      @ForAll("nanos") long initial, @ForAll("nanos") long step, @ForAll("retries") int retry) {
    Backoff backoff = Backoff.linear(Duration.ofNanos(initial), Duration.ofNanos(step));
    BigInteger exact = BigInteger.valueOf(step).multiply(BigInteger.valueOf(retry - 1L))
        .add(BigInteger.valueOf(initial));

    assertThat(backoff.delayNanos(retry, 0, Randoms.uniforms(0.5)))
        .isEqualTo(exact.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact());
  }

  @Property(tries = 1000)
  void exponential_anyParameters_firstRetryIsExactlyBase(
      @ForAll("nanos") long base, @ForAll("multipliers") double multiplier) {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(base), multiplier);

    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(base);
  }

  @Property(tries = 1000)
  void exponential_integerMultiplierAndExactResult_isExactPower(
      @ForAll @LongRange(min = 1, max = 1L << 30) long base, @ForAll @IntRange(min = 2, max = 10) int multiplier,
      @ForAll @IntRange(min = 1, max = 200) int retry) {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(base), multiplier);
    BigInteger exact = BigInteger.valueOf(multiplier).pow(retry - 1).multiply(BigInteger.valueOf(base));
    long actual = backoff.delayNanos(retry, 0, Randoms.uniforms(0.5));

    if (exact.bitLength() <= 53) {
      assertThat(actual).isEqualTo(exact.longValueExact());
    } else {
      // Beyond 2^53 the double arithmetic is within a few ulps of the exact value (saturated at 2^63).
      double expected = Math.min(exact.doubleValue(), 0x1p63);
      assertThat((double) actual).isCloseTo(expected, withinPercentage(1e-12));
    }
  }

  @Property(tries = 500)
  void withCap_anyStrategy_isMinOfCapAndInner(
      @ForAll("strategies") Backoff inner, @ForAll("durations") Duration cap, @ForAll("retries") int retry,
      @ForAll long seed, @ForAll("nanos") long previous) {
    Backoff capped = inner.withCap(cap);
    long c = cap.compareTo(Duration.ofNanos(Long.MAX_VALUE)) >= 0 ? Long.MAX_VALUE : cap.toNanos();

    assertThat(capped.delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(Math.min(c, inner.delayNanos(retry, previous, new SplittableRandom(seed))));
    assertThat(capped.maxDelayNanos(retry)).isEqualTo(Math.min(c, inner.maxDelayNanos(retry)));
    assertThat(capped.minDelayNanos(retry)).isEqualTo(Math.min(c, inner.minDelayNanos(retry)));
  }

  @Property(tries = 500)
  void truncatedAfter_anyStrategy_waitsWhatRetryMinRNWould(
      @ForAll("strategies") Backoff inner, @ForAll("retries") int n, @ForAll("retries") int retry,
      @ForAll long seed, @ForAll("nanos") long previous) {
    Backoff truncated = inner.truncatedAfter(n);
    int effective = Math.min(retry, n);

    assertThat(truncated.delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(inner.delayNanos(effective, previous, new SplittableRandom(seed)));
    assertThat(truncated.maxDelayNanos(retry)).isEqualTo(inner.maxDelayNanos(effective));
    assertThat(truncated.minDelayNanos(retry)).isEqualTo(inner.minDelayNanos(effective));
  }

  @Property(tries = 500)
  void quantizedTo_anyStrategy_floorsToWholeQuanta(
      @ForAll("strategies") Backoff inner, @ForAll @LongRange(min = 1) long quantum, @ForAll("retries") int retry,
      @ForAll long seed, @ForAll("nanos") long previous) {
    Backoff quantized = inner.quantizedTo(Duration.ofNanos(quantum));
    long t = inner.delayNanos(retry, previous, new SplittableRandom(seed));

    assertThat(quantized.delayNanos(retry, previous, new SplittableRandom(seed))).isEqualTo(t / quantum * quantum);
  }

  @Property(tries = 500)
  void jitters_anyInnerStrategy_applyTheirPureFunctionToTheInnerWait(
      @ForAll("strategies") Backoff inner, @ForAll("retries") int retry, @ForAll long seed,
      @ForAll("nanos") long previous, @ForAll("nanos") long amount) {
    double factor = new SplittableRandom(seed).nextDouble();
    RandomGenerator expectedRandom = new SplittableRandom(seed);
    long t = inner.delayNanos(retry, previous, expectedRandom);
    double u = expectedRandom.nextDouble();

    assertThat(inner.withFullJitter().delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(Jitter.full(t, u));
    assertThat(inner.withEqualJitter().delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(Jitter.equal(t, u));
    assertThat(inner.withRandomization(factor).delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(Jitter.proportional(t, factor, u));
    Backoff additive = inner.withAdditiveJitter(Duration.ofNanos(amount));
    assertThat(additive.delayNanos(retry, previous, new SplittableRandom(seed)))
        .isEqualTo(Jitter.additive(t, amount, u));
  }
}
