package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Polly's decorrelated jitter V2: {@code min(cap, k·(f(t_r) - f(t_{r-1})))}, {@code f(x) = 2^x·tanh(sqrt(4x))},
 * {@code t_r = r-1+U}, {@code k = medianFirstDelay/1.4}.
 */
class DecorrelatedJitterV2Test {
  private static final double TOP = Math.nextDown(1.0);
  /** medianFirstDelay 1.4 s makes k = 1 s. */
  private static final long M = 1_400_000_000L;
  private static final Backoff V2 = Backoff.decorrelatedJitterV2(Duration.ofNanos(M), Duration.ofDays(10_000));

  private static double f(double x) {
    return Math.pow(2, x) * Math.tanh(Math.sqrt(4 * x));
  }

  private static long expected(double t, double previous) {
    return Math.round((f(t) - previous) * (1 / 1.4) * M);
  }

  @Test
  void f_table_matchesPollysFormula() {
    assertThat(DecorrelatedJitterV2.f(0)).isZero();
    assertThat(DecorrelatedJitterV2.f(0.5)).isCloseTo(1.256367, within(1e-6)); // sqrt(2)·tanh(sqrt(2))
    assertThat(DecorrelatedJitterV2.f(1)).isCloseTo(1.928055, within(1e-6)); // 2·tanh(2)
    assertThat(DecorrelatedJitterV2.f(3)).isCloseTo(7.984339, within(1e-6)); // 8·tanh(sqrt(12))
  }

  @Test
  void delayNanos_firstRetry_isKTimesFOfU() {
    assertThat(V2.delayNanos(1, 0, Randoms.uniforms(0.0))).isZero();
    assertThat(V2.delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(expected(0.5, 0))
        .isCloseTo(1_256_367_000L, within(1_000L));
    assertThat(V2.delayNanos(1, 0, Randoms.uniforms(TOP))).isEqualTo(expected(TOP, 0));
  }

  @Test
  void delayNanos_laterRetry_drawsTThenThePreviousT() {
    // retry 2: t = 1 + 0.5 from the first draw, t_prev = 0 + 0.25 from the second
    assertThat(V2.delayNanos(2, 0, Randoms.uniforms(0.5, 0.25))).isEqualTo(expected(1.5, f(0.25)));
    assertThat(V2.delayNanos(5, 0, Randoms.uniforms(0.1, 0.9))).isEqualTo(expected(4.1, f(3.9)));
  }

  @Test
  void delayNanos_ignoresThePreviousWait() {
    assertThat(V2.delayNanos(3, 123_456_789L, Randoms.uniforms(0.3, 0.6)))
        .isEqualTo(V2.delayNanos(3, 0, Randoms.uniforms(0.3, 0.6)));
  }

  @Test
  void delayNanos_beyondTheDoubleRange_isTheCap() {
    Backoff backoff = Backoff.decorrelatedJitterV2(Duration.ofMillis(100), Duration.ofSeconds(30));

    assertThat(backoff.delayNanos(1025, 0, Randoms.uniforms(0.0))).isEqualTo(30_000_000_000L);
    assertThat(backoff.delayNanos(Integer.MAX_VALUE, 0, Randoms.uniforms(0.5))).isEqualTo(30_000_000_000L);
    assertThat(backoff.delayNanos(40, 0, Randoms.uniforms(0.5, 0.5))).isEqualTo(30_000_000_000L);
    assertThat(backoff.maxDelayNanos(1024)).isEqualTo(30_000_000_000L);
  }

  @Test
  void minAndMaxDelayNanos_table_areZeroAndKTimesFOfRMinusFOfRMinusTwo() {
    assertThat(V2.minDelayNanos(1)).isZero();
    assertThat(V2.minDelayNanos(7)).isZero();
    assertThat(V2.maxDelayNanos(1)).isEqualTo(expected(1, 0));
    assertThat(V2.maxDelayNanos(2)).isEqualTo(expected(2, 0));
    assertThat(V2.maxDelayNanos(3)).isEqualTo(expected(3, f(1)));
  }

  @Test
  void decorrelatedJitterV2_capEqualToMedian_isAllowed() {
    Backoff backoff = Backoff.decorrelatedJitterV2(Duration.ofMillis(100), Duration.ofMillis(100));

    assertThat(backoff.maxDelayNanos(5)).isEqualTo(100_000_000L);
  }

  @Test
  void toString_always_namesMedianAndCap() {
    assertThat(Backoff.decorrelatedJitterV2(Duration.ofMillis(100), Duration.ofSeconds(30)))
        .hasToString("decorrelated-jitter-v2(medianFirstDelay=100 ms, cap=30 s)");
  }

  // ---------------------------------------------------------------- medians, fixed seeds

  /**
   * The documented medians (measured with 20,000 samples per retry): about 0.90·m for the first retry
   * ({@code f(0.5)/1.4 = 0.897}), about 1.14·m for the second, then about {@code m·2^(r-2)}, doubling.
   */
  @Test
  void delayNanos_fixedSeed_mediansMatchTheDocumentedValues() {
    long m = 100_000_000L;
    Backoff backoff = Backoff.decorrelatedJitterV2(Duration.ofNanos(m), Duration.ofDays(10_000));
    double[] medians = new double[11];
    for (int r = 1; r <= 10; r++) {
      medians[r] = median(backoff, r, 20_000, Randoms.seeded(100 + r));
    }

    assertThat(medians[1] / m).as("first median / medianFirstDelay").isBetween(0.85, 0.95);
    assertThat(medians[2] / m).as("second median / medianFirstDelay").isBetween(1.05, 1.25);
    for (int r = 3; r <= 10; r++) {
      assertThat(medians[r] / (m * Math.pow(2, r - 2))).as("median %d / m·2^(r-2)", r).isBetween(0.95, 1.05);
    }
    for (int r = 4; r <= 10; r++) {
      assertThat(medians[r] / medians[r - 1]).as("median %d / median %d", r, r - 1).isBetween(1.85, 2.15);
    }
  }

  @Test
  void delayNanos_fixedSeed_firstMedianWithinFifteenPercentOfMedianFirstDelay() {
    long m = 250_000_000L;
    Backoff backoff = Backoff.decorrelatedJitterV2(Duration.ofNanos(m), Duration.ofDays(1));

    assertThat(median(backoff, 1, 20_000, Randoms.seeded(5))).isBetween(0.85 * m, 1.15 * m);
  }

  private static double median(Backoff backoff, int retry, int samples, RandomGenerator random) {
    long[] delays = new long[samples];
    for (int i = 0; i < samples; i++) {
      delays[i] = backoff.delayNanos(retry, 0, random);
    }
    Arrays.sort(delays);
    return delays[samples / 2];
  }
}
