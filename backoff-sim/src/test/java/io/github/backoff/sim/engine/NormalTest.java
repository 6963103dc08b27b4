package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class NormalTest {
  private static final int N = 4_000_000;

  @Test
  void draw_seed42_isPinnedBitForBit() {
    // The point of the class: these bits are the same on every JDK (recorded on JDK 17, checked on JDK 25, with
    // -Xint and with the JIT).
    SplittableRandom random = new SplittableRandom(42);
    long hash = 0;
    for (int i = 0; i < 100_000; i++) {
      hash = hash * 31 + Double.doubleToRawLongBits(Normal.draw(random));
    }
    assertThat(hash).isEqualTo(PINNED_HASH);
  }

  @Test
  void draw_mostDeviates_takeOneLong() {
    long[] calls = new long[2];
    SplittableRandom source = new SplittableRandom(7);
    RandomGenerator counting = new RandomGenerator() {
      @Override
      public long nextLong() {
        calls[0]++;
        return source.nextLong();
      }

      @Override
      public double nextDouble() {
        calls[1]++;
        return source.nextDouble();
      }
    };
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      Normal.draw(counting);
    }
    // 97.2 % of draws are inside a layer's part under the curve (the mean of X[i + 1] / X[i]); the rest take a
    // nextDouble for the wedge, and about 4 in 10 of those are rejected and start again.
    assertThat(calls[0]).isBetween((long) n, (long) (n * 1.02));
    assertThat(calls[1]).isBetween((long) (n * 0.02), (long) (n * 0.04));
  }

  @Test
  void draw_manyDraws_haveStandardMoments() {
    SplittableRandom random = new SplittableRandom(1);
    double sum = 0;
    double squares = 0;
    double fourth = 0;
    for (int i = 0; i < N; i++) {
      double x = Normal.draw(random);
      sum += x;
      squares += x * x;
      fourth += x * x * x * x;
    }
    assertThat(sum / N).isCloseTo(0, within(0.003));
    assertThat(squares / N).isCloseTo(1, within(0.004));
    assertThat(fourth / N).isCloseTo(3, within(0.03));
  }

  /** The share below each quantile, within 5 standard errors, out to the tail beyond the base layer (3.44). */
  @Test
  void draw_manyDraws_matchNormalQuantiles() {
    double[] quantiles = {-3.719016485455709, -3.090232306167813, -2.3263478740408408, -1.6448536269514715,
        -0.6744897501960817, 0, 0.2533471031357998, 1.2815515655446008, 2.0537489106318225, 3.090232306167813,
        3.719016485455709, 4.264890793922825};
    double[] p = {0.0001, 0.001, 0.01, 0.05, 0.25, 0.5, 0.6, 0.9, 0.98, 0.999, 0.9999, 0.99999};
    long[] below = new long[quantiles.length];
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < N; i++) {
      double x = Normal.draw(random);
      for (int q = 0; q < quantiles.length; q++) {
        if (x < quantiles[q]) {
          below[q]++;
        }
      }
    }
    for (int q = 0; q < quantiles.length; q++) {
      double se = Math.sqrt(p[q] * (1 - p[q]) / N);
      assertThat(below[q] / (double) N).as("P(Z < %s)", quantiles[q]).isCloseTo(p[q], within(5 * se));
    }
  }

  @Test
  void draw_tail_isReachedAndHasTheTailsShape() {
    // Beyond 3.442619855899 the base layer hands over to the tail sampler: P(Z > 4) / P(Z > 3.5) = 0.1366.
    SplittableRandom random = new SplittableRandom(5);
    long beyond35 = 0;
    long beyond4 = 0;
    for (int i = 0; i < N; i++) {
      double x = Math.abs(Normal.draw(random));
      beyond35 += x > 3.5 ? 1 : 0;
      beyond4 += x > 4 ? 1 : 0;
    }
    assertThat(beyond35 / (double) N).isCloseTo(2 * 2.326290790355e-4, within(2.5e-5));
    assertThat(beyond4 / (double) beyond35).isCloseTo(3.167124183312e-5 / 2.326290790355e-4, within(0.03));
  }

  private static final long PINNED_HASH = 8985996620634958684L;
}
