package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
  private final FakeClock clock = new FakeClock();

  @Test
  void index_isMonotoneAndUpperEdgeBoundsEachBucket() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      long v = random.nextLong(LatencyHistogram.MAX_VALUE);
      int index = LatencyHistogram.index(v);
      assertThat(LatencyHistogram.upperEdge(index)).isGreaterThanOrEqualTo(v)
          .isLessThanOrEqualTo(v + v / 16);
      assertThat(index == 0 || LatencyHistogram.upperEdge(index - 1) < v).isTrue();
    }
    assertThat(LatencyHistogram.index(Long.MAX_VALUE)).isEqualTo(LatencyHistogram.index(LatencyHistogram.MAX_VALUE))
        .isLessThan(LatencyHistogram.BUCKETS);
    assertThat(LatencyHistogram.index(-5)).isZero();
  }

  @Test
  void percentile_ofKnownSample_isWithinBucketPrecision() {
    LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(10), clock::nanoTime);
    SplittableRandom random = new SplittableRandom(42);
    long[] values = new long[10_000];
    for (int i = 0; i < values.length; i++) {
      values[i] = 1_000_000 + random.nextLong(99_000_000); // uniform in [1 ms, 100 ms)
      histogram.record(values[i]);
    }
    Arrays.sort(values);
    for (double p : new double[] {50, 90, 95, 99, 99.9}) {
      long exact = values[(int) Math.ceil(values.length * p / 100) - 1];
      assertThat(histogram.percentile(p)).as("p%s", p).isBetween(exact, exact + exact / 16);
    }
    assertThat(histogram.count()).isEqualTo(10_000);
  }

  @Test
  void percentile_empty_isMinusOne() {
    assertThat(LatencyHistogram.create(Duration.ofSeconds(1), clock::nanoTime).percentile(95)).isEqualTo(-1);
  }

  @Test
  void percentile_outOfRange_fails() {
    LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(1), clock::nanoTime);
    assertThatThrownBy(() -> histogram.percentile(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("percentile must be in (0, 100]: 0.0");
  }

  @Test
  void create_nonPositiveWindow_fails() {
    assertThatThrownBy(() -> LatencyHistogram.create(Duration.ZERO, clock::nanoTime))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("window must be positive: 0 ms");
  }

  @Test
  void record_afterHalfWindow_halvesOldCounts() {
    LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(10), clock::nanoTime);
    for (int i = 0; i < 1_000; i++) {
      histogram.record(1_000_000);
    }
    clock.advance(Duration.ofSeconds(5));
    assertThat(histogram.count()).isEqualTo(500);
    clock.advance(Duration.ofSeconds(5));
    assertThat(histogram.count()).isEqualTo(250);
    clock.advance(Duration.ofMinutes(10));
    assertThat(histogram.count()).isZero();
  }

  @Test
  void record_afterLongIdleSpell_decaysOnceThenCountsNormally() {
    LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(10), clock::nanoTime);
    histogram.record(1_000_000);
    clock.advance(Duration.ofDays(30));
    for (int i = 0; i < 100; i++) {
      histogram.record(2_000_000);
    }

    assertThat(histogram.count()).isEqualTo(100); // the old one is gone, the new ones are not halved again
    assertThat(histogram.percentile(1)).isBetween(2_000_000L, 2_125_000L);
  }

  @Test
  void percentile_afterLoadChange_followsNewLatencies() {
    LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(10), clock::nanoTime);
    for (int i = 0; i < 1_000; i++) {
      histogram.record(10_000_000);
    }
    for (int s = 0; s < 20; s++) { // 20 s at 100 ms
      clock.advance(Duration.ofSeconds(1));
      for (int i = 0; i < 100; i++) {
        histogram.record(100_000_000);
      }
    }
    assertThat(histogram.percentile(50)).isBetween(100_000_000L, 106_250_000L);
  }
}
