package io.github.backoff.preset;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.api.client.util.BackOff;
import com.google.api.client.util.ExponentialBackOff;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Randoms;
import io.github.backoff.testing.TwoSampleKolmogorovSmirnov;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The {@code google-http-client} preset against the real {@code com.google.api.client.util.ExponentialBackOff}
 * (google-http-client 1.47.1, test scope): the same interval retry by retry, the same randomization as a pure
 * function of the uniform draw, and the same distribution of waits end to end (two-sample Kolmogorov–Smirnov).
 */
class GoogleHttpClientReferenceTest {
  private static final int N = 20_000;
  private static final long MS = 1_000_000L;

  /** A fresh ExponentialBackOff with the library's defaults, on a stopped clock (so its 15 minutes never pass). */
  private static ExponentialBackOff library() {
    return new ExponentialBackOff.Builder().setNanoClock(() -> 0L).build();
  }

  @Test
  void defaults_areThePresetsParameters() {
    ExponentialBackOff library = library();

    assertThat(library.getInitialIntervalMillis()).isEqualTo(500);
    assertThat(library.getMultiplier()).isEqualTo(1.5);
    assertThat(library.getMaxIntervalMillis()).isEqualTo(60_000);
    assertThat(library.getRandomizationFactor()).isEqualTo(0.5);
    assertThat(library.getMaxElapsedTimeMillis()).isEqualTo(15 * 60_000);
    assertThat(Preset.googleHttpClient().maxElapsed()).contains(java.time.Duration.ofMinutes(15));
  }

  @Test
  void interval_retryByRetry_matchesTheLibraryWithinItsWholeMilliseconds() throws IOException {
    // The library keeps its interval in whole milliseconds, truncating after each multiplication: 500, 750, 1125,
    // 1687, 2530, ... ours is exact (1687.5 ms, 2531.25 ms). The truncations add up to at most 0.1 % (11.7 ms of
    // 19.2 s at retry 10) before the 60 s cap, where both agree exactly.
    ExponentialBackOff library = library();
    Backoff ours = Preset.googleHttpClient().backoff();
    for (int retry = 1; retry <= 20; retry++) {
      long interval = library.getCurrentIntervalMillis();
      library.nextBackOffMillis();
      // maxDelay is interval x 1.5 (randomization 0.5): recover the interval.
      double oursInterval = ours.maxDelayNanos(retry) / 1.5 / MS;
      assertThat(oursInterval).as("retry %d", retry).isBetween(interval * 0.999, interval * 1.001 + 1);
      if (retry >= 13) {
        assertThat(interval).as("capped at 60 s").isEqualTo(60_000);
        assertThat(ours.maxDelayNanos(retry)).isEqualTo(90_000 * MS);
      }
    }
  }

  @Test
  void randomization_isTheSameFunctionOfTheUniformDraw() throws ReflectiveOperationException {
    // The library's own randomization, getRandomValueFromInterval(factor, u, interval), against ours for the same
    // u: both draw uniformly from [interval x 0.5, interval x 1.5]; the library rounds to whole milliseconds and
    // includes the upper end, so they differ by at most 1 ms.
    Method randomize = ExponentialBackOff.class.getDeclaredMethod("getRandomValueFromInterval", double.class,
        double.class, int.class);
    randomize.setAccessible(true);
    Backoff ours = Backoff.constant(java.time.Duration.ofMillis(1)).withRandomization(0.5);
    RandomGenerator seeds = Randoms.seeded(3);
    for (int interval : new int[] {500, 750, 1125, 60_000}) {
      Backoff scaled = Backoff.constant(java.time.Duration.ofMillis(interval)).withRandomization(0.5);
      for (int i = 0; i < 1_000; i++) {
        double u = seeds.nextDouble();
        long library = (int) randomize.invoke(null, 0.5, u, interval);
        long oursMillis = scaled.delayNanos(1, 0, new FixedUniform(u)) / MS;
        assertThat(library - oursMillis).as("interval %d, u %s", interval, u).isBetween(-1L, 1L);
      }
    }
    assertThat(ours.maxDelayNanos(1)).isEqualTo(1_500_000L);
  }

  @Test
  void nextBackOffMillis_sameDistributionAsThePreset() throws IOException {
    // End to end: the library's nextBackOffMillis (its own Math.random, so alpha = 1e-9 keeps the test from
    // flaking) against the preset's waits, truncated to whole milliseconds, for retries 1, 2, 5, 10 and 12.
    Backoff ours = Preset.googleHttpClient().backoff();
    for (int retry : new int[] {1, 2, 5, 10, 12}) {
      ExponentialBackOff stepped = library();
      for (int r = 1; r < retry; r++) {
        stepped.nextBackOffMillis();
      }
      int interval = stepped.getCurrentIntervalMillis();
      long[] library = new long[N];
      for (int i = 0; i < N; i++) {
        BackOff backOff = library();
        for (int r = 1; r < retry; r++) {
          backOff.nextBackOffMillis();
        }
        library[i] = backOff.nextBackOffMillis();
      }
      RandomGenerator random = Randoms.seeded(40 + retry);
      long[] preset = new long[N];
      for (int i = 0; i < N; i++) {
        preset[i] = ours.delayNanos(retry, 0, random) / MS;
      }

      assertThat(TwoSampleKolmogorovSmirnov.statistic(preset, library)).as("retry %d", retry)
          .isLessThan(TwoSampleKolmogorovSmirnov.criticalValue(N, N, 1e-9));
      // Each within its own bounds, and reaching both ends to within 1 % of the range (20,000 uniform draws miss
      // a 1 % end with probability 0.99^20000, about 1e-87).
      assertCovers(library, interval / 2.0, interval * 1.5 + 1, retry);
      assertCovers(preset, ours.minDelayNanos(retry) / (double) MS, ours.maxDelayNanos(retry) / (double) MS, retry);
    }
  }

  private static void assertCovers(long[] waits, double lo, double hi, int retry) {
    double slack = (hi - lo) / 100;
    long min = Arrays.stream(waits).min().orElseThrow();
    long max = Arrays.stream(waits).max().orElseThrow();
    assertThat((double) min).as("min at retry %d", retry).isBetween(Math.floor(lo), lo + slack);
    assertThat((double) max).as("max at retry %d", retry).isBetween(hi - slack, hi);
  }

  /** A RandomGenerator whose every nextDouble is {@code u}: evaluates a jitter at one chosen draw. */
  private record FixedUniform(double u) implements RandomGenerator {
    @Override
    public long nextLong() {
      throw new UnsupportedOperationException("only nextDouble");
    }

    @Override
    public double nextDouble() {
      return u;
    }
  }
}
