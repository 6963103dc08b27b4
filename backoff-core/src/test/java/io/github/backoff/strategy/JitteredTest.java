package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.random.RandomGenerator;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The jitter combinators: their formulas on scripted draws, their bounds, and distribution tests with fixed seeds.
 *
 * <p>The distribution tests use the Kolmogorov–Smirnov statistic of 20,000 samples against the critical value at
 * alpha = 1e-6 (about 0.019); with a fixed seed they are deterministic, and a correct implementation sits near
 * 0.006, a third of the threshold. {@link #kolmogorovSmirnov_slightlyNarrowerRange_isRejected} shows the test
 * has the power to notice a range off by 5%.
 */
class JitteredTest {
  private static final double TOP = Math.nextDown(1.0);
  private static final int SAMPLES = 20_000;
  private static final double ALPHA = 1e-6;
  private static final long SECOND = 1_000_000_000L;

  private static final Backoff EXPONENTIAL = Backoff.exponential(Duration.ofNanos(100), 2.0);

  @Test
  void withFullJitter_scriptedDraws_areUniformOnZeroToT() {
    Backoff backoff = EXPONENTIAL.withFullJitter();

    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.0))).isEqualTo(0);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(200);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(TOP))).isEqualTo(399);
    assertThat(backoff.minDelayNanos(3)).isZero();
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(400);
  }

  @Test
  void withFullJitter_afterCap_drawsBelowTheCappedValue() {
    Backoff backoff = EXPONENTIAL.withCap(Duration.ofNanos(1000)).withFullJitter();

    assertThat(backoff.delayNanos(10, 0, Randoms.uniforms(0.5))).isEqualTo(500);
    assertThat(backoff.maxDelayNanos(10)).isEqualTo(1000);
  }

  @Test
  void withEqualJitter_scriptedDraws_areHalfPlusUniformHalf() {
    Backoff backoff = EXPONENTIAL.withEqualJitter();

    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.0))).isEqualTo(200);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(300);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(TOP))).isEqualTo(399);
    assertThat(backoff.minDelayNanos(3)).isEqualTo(200);
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(400);
  }

  @Test
  void withEqualJitter_oddT_minIsCeilingOfHalf() {
    Backoff backoff = Backoff.constant(Duration.ofNanos(101)).withEqualJitter();

    assertThat(backoff.minDelayNanos(1)).isEqualTo(51);
    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(0.0))).isEqualTo(51);
    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(TOP))).isEqualTo(100);
  }

  @Test
  void withRandomization_scriptedDraws_areTTimesOneMinusFToOnePlusF() {
    Backoff backoff = EXPONENTIAL.withRandomization(0.5);

    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.0))).isEqualTo(200);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(400);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.75))).isEqualTo(500);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(TOP))).isEqualTo(600);
    assertThat(backoff.minDelayNanos(3)).isEqualTo(200);
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(600);
  }

  @Test
  void withRandomization_factorOneOnHugeT_saturates() {
    Backoff backoff = Backoff.constant(Duration.ofNanos(Long.MAX_VALUE)).withRandomization(1.0);

    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(TOP))).isEqualTo(Long.MAX_VALUE);
    assertThat(backoff.minDelayNanos(1)).isZero();
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void withAdditiveJitter_scriptedDraws_areTPlusUniformJ() {
    Backoff backoff = EXPONENTIAL.withAdditiveJitter(Duration.ofNanos(100));

    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.0))).isEqualTo(400);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(450);
    assertThat(backoff.delayNanos(3, 0, Randoms.uniforms(TOP))).isEqualTo(499);
    assertThat(backoff.minDelayNanos(3)).isEqualTo(400);
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(500);
  }

  @Test
  void withAdditiveJitter_onHugeT_saturates() {
    Backoff backoff = Backoff.constant(Duration.ofNanos(Long.MAX_VALUE - 10)).withAdditiveJitter(Duration.ofDays(1));

    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(Long.MAX_VALUE);
    assertThat(backoff.maxDelayNanos(1)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void jitters_nestedOverJitter_innerDrawsFirst() {
    Backoff backoff = Backoff.constant(Duration.ofNanos(1000)).withFullJitter()
        .withAdditiveJitter(Duration.ofNanos(100));

    // inner full jitter takes 0.5 -> 500, outer additive takes 0.25 -> +25
    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(0.5, 0.25))).isEqualTo(525);
  }

  @Test
  void toString_eachKind_describesTheJitter() {
    Backoff constant = Backoff.constant(Duration.ofMillis(25));

    assertThat(constant.withFullJitter()).hasToString("constant(25 ms) with full jitter");
    assertThat(constant.withEqualJitter()).hasToString("constant(25 ms) with equal jitter");
    assertThat(constant.withRandomization(0.5)).hasToString("constant(25 ms) randomized by ±0.5");
    assertThat(constant.withAdditiveJitter(Duration.ofMillis(3)))
        .hasToString("constant(25 ms) plus up to 3 ms of jitter");
  }

  // ---------------------------------------------------------------- distributions, fixed seeds

  @Test
  void withFullJitter_fixedSeed_isUniformOnZeroToT() {
    long t = SECOND;
    double d = ksStatistic(Backoff.constant(Duration.ofNanos(t)).withFullJitter(), 1, 11, x -> x / (double) t);

    assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  @Test
  void withFullJitter_cappedExponentialFixedSeed_isUniformOnZeroToCappedT() {
    Backoff backoff = Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofMillis(700)).withFullJitter();
    long t = 700_000_000L; // retry 4 would be 800 ms, capped at 700 ms
    double d = ksStatistic(backoff, 4, 12, x -> x / (double) t);

    assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  @Test
  void withEqualJitter_fixedSeed_isUniformOnHalfTToT() {
    long t = SECOND;
    double d = ksStatistic(Backoff.constant(Duration.ofNanos(t)).withEqualJitter(), 1, 13,
        x -> (x - t / 2.0) / (t / 2.0));

    assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  @Test
  void withRandomization_fixedSeed_isUniformOnTOneMinusFToTOnePlusF() {
    long t = SECOND;
    double f = 0.3;
    double d = ksStatistic(Backoff.constant(Duration.ofNanos(t)).withRandomization(f), 1, 14,
        x -> (x - t * (1 - f)) / (2 * f * t));

    assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  @Test
  void withAdditiveJitter_fixedSeed_isUniformOnTToTPlusJ() {
    long t = SECOND;
    long j = SECOND / 4;
    double d = ksStatistic(Backoff.constant(Duration.ofNanos(t)).withAdditiveJitter(Duration.ofNanos(j)), 1, 15,
        x -> (x - t) / (double) j);

    assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  @Test
  void kolmogorovSmirnov_slightlyNarrowerRange_isRejected() {
    long t = SECOND;
    // Full jitter on [0, t] judged against [0, 1.05 t]: the test must notice.
    double d = ksStatistic(Backoff.constant(Duration.ofNanos(t)).withFullJitter(), 1, 11, x -> x / (1.05 * t));

    assertThat(d).isGreaterThan(2 * KolmogorovSmirnov.criticalValue(SAMPLES, ALPHA));
  }

  /** KS statistic of {@link #SAMPLES} waits for {@code retry}, mapped to [0, 1] by {@code toUnit}. */
  private static double ksStatistic(Backoff backoff, int retry, long seed, LongToDoubleFunction toUnit) {
    RandomGenerator random = Randoms.seeded(seed);
    double[] unit = new double[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
      long delay = backoff.delayNanos(retry, 0, random);
      assertThat(delay).isBetween(backoff.minDelayNanos(retry), backoff.maxDelayNanos(retry));
      unit[i] = toUnit.applyAsDouble(delay);
    }
    return KolmogorovSmirnov.statistic(unit);
  }
}
