package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** AWS decorrelated jitter: {@code min(cap, U[base, 3·previous])}, previous starting at base. */
class DecorrelatedJitterTest {
  private static final double TOP = Math.nextDown(1.0);

  /** base 10 ns, cap 1000 ns. */
  private static final Backoff SMALL = Backoff.decorrelatedJitter(Duration.ofNanos(10), Duration.ofNanos(1000));

  @Test
  void delayNanos_firstRetry_isUniformOnBaseToThreeBaseWhateverThePrevious() {
    assertThat(SMALL.delayNanos(1, 0, Randoms.uniforms(0.0))).isEqualTo(10);
    assertThat(SMALL.delayNanos(1, 0, Randoms.uniforms(0.5))).isEqualTo(20);
    assertThat(SMALL.delayNanos(1, 0, Randoms.uniforms(TOP))).isEqualTo(29);
    assertThat(SMALL.delayNanos(1, 500, Randoms.uniforms(0.5))).isEqualTo(20);
  }

  @Test
  void delayNanos_laterRetry_isUniformOnBaseToThreePrevious() {
    assertThat(SMALL.delayNanos(2, 20, Randoms.uniforms(0.0))).isEqualTo(10);
    assertThat(SMALL.delayNanos(2, 20, Randoms.uniforms(0.5))).isEqualTo(35);
    assertThat(SMALL.delayNanos(2, 20, Randoms.uniforms(TOP))).isEqualTo(59);
  }

  @Test
  void delayNanos_previousBelowBase_startsFromBase() {
    assertThat(SMALL.delayNanos(2, 0, Randoms.uniforms(0.5))).isEqualTo(20);
    assertThat(SMALL.delayNanos(2, 3, Randoms.uniforms(0.5))).isEqualTo(20);
  }

  @Test
  void delayNanos_largeDraw_isCappedAtCap() {
    assertThat(SMALL.delayNanos(5, 500, Randoms.uniforms(TOP))).isEqualTo(1000);
  }

  @Test
  void minAndMaxDelayNanos_table_areBaseAndMinOfCapAndBaseTimesThreeToTheR() {
    assertThat(SMALL.minDelayNanos(1)).isEqualTo(10);
    assertThat(SMALL.minDelayNanos(Integer.MAX_VALUE)).isEqualTo(10);
    assertThat(SMALL.maxDelayNanos(1)).isEqualTo(30);
    assertThat(SMALL.maxDelayNanos(2)).isEqualTo(90);
    assertThat(SMALL.maxDelayNanos(3)).isEqualTo(270);
    assertThat(SMALL.maxDelayNanos(4)).isEqualTo(810);
    assertThat(SMALL.maxDelayNanos(5)).isEqualTo(1000);
    assertThat(SMALL.maxDelayNanos(Integer.MAX_VALUE)).isEqualTo(1000);
  }

  @Test
  void maxDelayNanos_hugeBaseRegression_isExactNotRoundedBelowAPossibleDraw() {
    // base·3 rounded through a double was 1515640954507016704, below the draw 1515640954507016707.
    long base = 505_213_651_502_338_947L;
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(base), Duration.ofNanos(Long.MAX_VALUE));

    assertThat(backoff.maxDelayNanos(1)).isEqualTo(3 * base);
    assertThat(backoff.delayNanos(1, 0, Randoms.uniforms(TOP))).isBetween(base, 3 * base);
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(9 * base);
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void delayNanos_previousAboveWhatTheStrategyCouldProduceRegression_isClampedSoBoundsHold() {
    // retry 3 can follow a previous of at most 90 (retry 2's bound); 100 is treated as 90: U[10, 270].
    assertThat(SMALL.delayNanos(3, 100, Randoms.uniforms(0.5))).isEqualTo(140);
    assertThat(SMALL.delayNanos(3, 100, Randoms.uniforms(TOP))).isLessThanOrEqualTo(SMALL.maxDelayNanos(3));
  }

  @Test
  void withRandomization_previousIncludesTheRandomizationRegression_staysWithinBounds() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(10), Duration.ofDays(1)).withRandomization(0.5);
    long first = backoff.delayNanos(1, 0, Randoms.uniforms(TOP, TOP)); // 29 · 1.5

    assertThat(first).isEqualTo(44);
    assertThat(backoff.delayNanos(2, first, Randoms.uniforms(TOP, TOP))).isLessThanOrEqualTo(backoff.maxDelayNanos(2));
    assertThat(backoff.maxDelayNanos(2)).isEqualTo(135);
  }

  @Test
  void truncatedAfter_previousFromLaterRetriesRegression_staysWithinTheTruncatedBound() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(10), Duration.ofDays(1)).truncatedAfter(2);

    assertThat(backoff.maxDelayNanos(5)).isEqualTo(90);
    assertThat(backoff.delayNanos(5, 89, Randoms.uniforms(TOP))).isEqualTo(89);
  }

  @Test
  void decorrelatedJitter_zeroBase_isAlwaysZero() {
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ZERO, Duration.ofSeconds(1));

    assertThat(backoff.delayNanos(3, 1_000, Randoms.uniforms(TOP))).isZero();
    assertThat(backoff.maxDelayNanos(Integer.MAX_VALUE)).isZero();
  }

  @Test
  void toString_always_namesBaseAndCap() {
    assertThat(Backoff.decorrelatedJitter(Duration.ofMillis(10), Duration.ofSeconds(20)))
        .hasToString("decorrelated-jitter(base=10 ms, cap=20 s)");
  }

  // ---------------------------------------------------------------- sequences, fixed seeds

  @Test
  void delayNanos_sequencesFixedSeed_stayInBaseToMinOfCapAndThreePrevious() {
    long base = 10_000_000L;
    long cap = 2_000_000_000L;
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(base), Duration.ofNanos(cap));
    RandomGenerator random = Randoms.seeded(21);
    for (int sequence = 0; sequence < 2_000; sequence++) {
      long previous = 0;
      for (int retry = 1; retry <= 15; retry++) {
        long delay = backoff.delayNanos(retry, previous, random);
        assertThat(delay).isBetween(base, Math.min(cap, 3 * Math.max(base, previous)));
        previous = delay;
      }
    }
  }

  @Test
  void delayNanos_sequencesFixedSeed_medianGrowsPerRetry() {
    // Measured medians for base 10 ms: 19.9, 31.8, 44.8, 61.4, 82.3, 104.6, 131.1, 161.5 ms (ratios 1.23-1.6).
    long base = 10_000_000L;
    Backoff backoff = Backoff.decorrelatedJitter(Duration.ofNanos(base), Duration.ofDays(1));
    int sequences = 5_000;
    int retries = 8;
    long[][] delays = new long[retries][sequences];
    RandomGenerator random = Randoms.seeded(7);
    for (int s = 0; s < sequences; s++) {
      long previous = 0;
      for (int r = 1; r <= retries; r++) {
        previous = backoff.delayNanos(r, previous, random);
        delays[r - 1][s] = previous;
      }
    }
    double[] medians = new double[retries];
    for (int r = 0; r < retries; r++) {
      Arrays.sort(delays[r]);
      medians[r] = delays[r][sequences / 2];
    }

    assertThat(medians[0]).isBetween(1.9 * base, 2.1 * base); // the median of U[base, 3 base]
    for (int r = 1; r < retries; r++) {
      assertThat(medians[r]).as("median of retry %d", r + 1).isGreaterThan(1.15 * medians[r - 1]);
    }
  }
}
