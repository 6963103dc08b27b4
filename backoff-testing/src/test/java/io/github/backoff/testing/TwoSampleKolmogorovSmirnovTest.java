package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TwoSampleKolmogorovSmirnovTest {

  @Test
  void statistic_sameValuesInTheSameProportions_isZero() {
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {3, 1, 2}, new long[] {1, 2, 3, 3, 2, 1}))
        .isZero();
  }

  @Test
  void statistic_samplesThatDoNotOverlap_isOne() {
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {7, 5}, new long[] {1, 2, 3})).isEqualTo(1.0);
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {1, 2, 3}, new long[] {7, 5})).isEqualTo(1.0);
  }

  @Test
  void statistic_tiesAcrossTheSamples_stepBothFunctionsTogether() {
    // F_a(1) = 2/3, F_b(1) = 1/3; at 2 both are 1. Stepping one value of a shared tie at a time would see 2/3.
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {1, 2, 1}, new long[] {2, 1, 2}))
        .isCloseTo(1.0 / 3, within(1e-15));
  }

  @Test
  void statistic_unsortedSamplesOfDifferentSizes_isTheLargestDistance() {
    // a = {1, 4, 4, 9}, b = {2, 3, 4, 5, 6}: at 1, F_a = 1/4 and F_b = 0; at 6, F_a = 3/4 and F_b = 1: the largest
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {9, 4, 1, 4}, new long[] {6, 2, 5, 3, 4}))
        .isCloseTo(0.25, within(1e-15));
    assertThat(TwoSampleKolmogorovSmirnov.statistic(new long[] {6, 2, 5, 3, 4}, new long[] {9, 4, 1, 4}))
        .isCloseTo(0.25, within(1e-15));
  }

  @Test
  void statistic_manySmallSamplesWithTies_agreesWithTheDefinition() {
    SplittableRandom random = new SplittableRandom(42);
    for (int round = 0; round < 2_000; round++) {
      long[] a = random.longs(1 + random.nextInt(12), -3, 4).toArray();
      long[] b = random.longs(1 + random.nextInt(12), -3, 4).toArray();

      assertThat(TwoSampleKolmogorovSmirnov.statistic(a, b)).as("round %d", round)
          .isCloseTo(byDefinition(a, b), within(1e-12));
    }
  }

  @Test
  void statistic_leavesTheSamplesAsTheyWere() {
    long[] a = {3, 1, 2};
    long[] b = {9, 7, 8};

    TwoSampleKolmogorovSmirnov.statistic(a, b);

    assertThat(a).containsExactly(3, 1, 2);
    assertThat(b).containsExactly(9, 7, 8);
  }

  @Test
  void statistic_twentyThousandDrawsEach_oneDistributionPasses_anotherFails() {
    SplittableRandom random = new SplittableRandom(7);
    int n = 20_000;
    long[] uniform = random.longs(n, 0, 1_000).toArray();
    long[] sameUniform = random.longs(n, 0, 1_000).toArray();
    long[] narrower = random.longs(n, 100, 1_000).toArray(); // a tenth of uniform's mass is below its minimum
    double critical = TwoSampleKolmogorovSmirnov.criticalValue(n, n, 1e-9);

    assertThat(TwoSampleKolmogorovSmirnov.statistic(uniform, sameUniform)).isLessThan(critical);
    assertThat(TwoSampleKolmogorovSmirnov.statistic(uniform, narrower)).isGreaterThan(0.09).isGreaterThan(critical);
  }

  @Test
  void statistic_nullOrEmptySample_failsNamingIt() {
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.statistic(null, new long[] {1}))
        .isInstanceOf(NullPointerException.class).hasMessage("a");
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.statistic(new long[] {1}, null))
        .isInstanceOf(NullPointerException.class).hasMessage("b");
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.statistic(new long[0], new long[] {1}))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("a must not be empty");
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.statistic(new long[] {1}, new long[0]))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("b must not be empty");
  }

  @Test
  void criticalValue_matchesTheTabulatedCoefficients() {
    // c(0.05) = 1.358 and c(0.01) = 1.628 in the two-sample tables; the factor is sqrt((n + m) / (n m))
    assertThat(TwoSampleKolmogorovSmirnov.criticalValue(100, 400, 0.05))
        .isCloseTo(1.358 * Math.sqrt(500.0 / 40_000), within(1e-4));
    assertThat(TwoSampleKolmogorovSmirnov.criticalValue(400, 100, 0.01))
        .isCloseTo(1.628 * Math.sqrt(500.0 / 40_000), within(1e-4));
    assertThat(TwoSampleKolmogorovSmirnov.criticalValue(20_000, 20_000, 1e-9)).isCloseTo(0.0327, within(1e-4));
    assertThat(TwoSampleKolmogorovSmirnov.criticalValue(1, 1, 0.5)).isCloseTo(Math.sqrt(Math.log(4)), within(1e-12));
  }

  @Test
  void criticalValue_sizeBelowOneOrAlphaOutsideZeroToOne_fails() {
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.criticalValue(0, 5, 0.05))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("sample sizes must be at least 1: n = 0, m = 5");
    assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.criticalValue(5, 0, 0.05))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("sample sizes must be at least 1: n = 5, m = 0");
    for (double alpha : new double[] {0, 1, -0.5, 1.5, Double.NaN}) {
      assertThatThrownBy(() -> TwoSampleKolmogorovSmirnov.criticalValue(5, 5, alpha))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("alpha must be in (0, 1): " + alpha);
    }
  }

  /** sup over every value v of |#(a <= v) / |a| - #(b <= v) / |b||, counted directly. */
  private static double byDefinition(long[] a, long[] b) {
    double d = 0;
    for (long[] sample : new long[][] {a, b}) {
      for (long v : sample) {
        d = Math.max(d, Math.abs(share(a, v) - share(b, v)));
      }
    }
    return d;
  }

  private static double share(long[] sample, long v) {
    int count = 0;
    for (long x : sample) {
      count += x <= v ? 1 : 0;
    }
    return (double) count / sample.length;
  }
}
