package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The histogram at its edges: exact ranks, the percentile's range, the decay's due time, tiny windows. */
class LatencyHistogramBoundariesTest {
  private final FakeClock clock = new FakeClock();
  private final LatencyHistogram histogram = LatencyHistogram.create(Duration.ofSeconds(10), clock::nanoTime);

  @Test
  void percentile_smallExactValues_isTheValueAtTheCeilingRank() {
    histogram.record(1);
    histogram.record(2);
    histogram.record(3);

    assertThat(histogram.percentile(50)).isEqualTo(2); // rank ceil(1.5) = 2, not 1
    assertThat(histogram.percentile(33.4)).isEqualTo(2); // rank ceil(1.002) = 2
    assertThat(histogram.percentile(33.3)).isEqualTo(1); // rank ceil(0.999) = 1
    assertThat(histogram.percentile(100)).isEqualTo(3);
    assertThat(histogram.percentile(1)).isEqualTo(1);
  }

  @Test
  void percentile_hundred_isAcceptedAndJustAboveIsRejected() {
    histogram.record(5);

    assertThat(histogram.percentile(100)).isEqualTo(5);
    assertThatThrownBy(() -> histogram.percentile(100.000001)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("percentile must be in (0, 100]: 100.000001");
    assertThatThrownBy(() -> histogram.percentile(-1)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void percentile_tinyPercentile_isStillTheSmallestValueNotBucketZero() {
    histogram.record(10);
    histogram.record(12);

    // n * p / 100 underflows to 0: the rank is still at least 1.
    assertThat(histogram.percentile(Double.MIN_VALUE)).isEqualTo(10);
  }

  @Test
  void percentile_afterEveryCountDecayedAway_isMinusOne() {
    histogram.record(10);
    clock.advance(Duration.ofMinutes(10));

    assertThat(histogram.percentile(50)).isEqualTo(-1);
  }

  @Test
  void percentile_afterHalfWindow_weighsOldValuesHalf() {
    for (int i = 0; i < 4; i++) {
      histogram.record(1);
    }
    clock.advance(Duration.ofSeconds(5)); // the 4 ones become 2
    for (int i = 0; i < 3; i++) {
      histogram.record(9);
    }

    // Undecayed: 4 ones and 3 nines, p50 = 1. Decayed: 2 ones and 3 nines, p50 = 9.
    assertThat(histogram.percentile(50)).isEqualTo(9);
  }

  @Test
  void count_exactlyAtHalfWindow_decays() {
    histogram.record(7);
    histogram.record(7);
    clock.advance(Duration.ofSeconds(5).minusNanos(1));
    assertThat(histogram.count()).isEqualTo(2);
    clock.advance(Duration.ofNanos(1));
    assertThat(histogram.count()).isEqualTo(1);
  }

  @Test
  void count_afterSeveralHalfWindowsAtOnce_halvesOncePerHalfWindow() {
    for (int i = 0; i < 64; i++) {
      histogram.record(7);
    }
    clock.advance(Duration.ofSeconds(15)); // three half windows: 64 / 8

    assertThat(histogram.count()).isEqualTo(8);
    clock.advance(Duration.ofSeconds(5).minusNanos(1)); // the next decay is due at 20 s, not earlier
    assertThat(histogram.count()).isEqualTo(8);
    clock.advance(Duration.ofNanos(1));
    assertThat(histogram.count()).isEqualTo(4);
  }

  @Test
  void count_afterSixtyFourHalfWindows_keepsNothing() {
    LatencyHistogram h = LatencyHistogram.create(Duration.ofNanos(2), clock::nanoTime);
    for (int i = 0; i < 3; i++) {
      h.record(7);
    }
    clock.advance(Duration.ofNanos(1)); // the decay is due 1 ns (half of 2 ns) after creation
    assertThat(h.count()).isEqualTo(1);
    clock.advance(Duration.ofNanos(64)); // 64 half windows: a shift by 64 would keep everything
    assertThat(h.count()).isZero();
  }

  @Test
  void create_oneNanosecondWindow_decaysEveryNanosecond() {
    LatencyHistogram h = LatencyHistogram.create(Duration.ofNanos(1), clock::nanoTime);
    h.record(3);
    h.record(3);
    assertThat(h.count()).isEqualTo(2);
    clock.advance(Duration.ofNanos(1));
    assertThat(h.count()).isEqualTo(1);
  }

  @Test
  void record_negativeAndHugeLatencies_areClampedIntoTheEndBuckets() {
    histogram.record(-100);
    histogram.record(Long.MAX_VALUE);

    assertThat(histogram.percentile(50)).isZero();
    assertThat(histogram.percentile(100)).isGreaterThanOrEqualTo(LatencyHistogram.MAX_VALUE)
        .isEqualTo(LatencyHistogram.upperEdge(LatencyHistogram.index(LatencyHistogram.MAX_VALUE)));
  }

  @Test
  void upperEdge_firstLogBuckets_areExact() {
    assertThat(LatencyHistogram.index(15)).isEqualTo(15);
    assertThat(LatencyHistogram.index(16)).isEqualTo(16);
    assertThat(LatencyHistogram.upperEdge(16)).isEqualTo(16);
    assertThat(LatencyHistogram.index(32)).isEqualTo(32);
    assertThat(LatencyHistogram.index(34)).isEqualTo(33);
    assertThat(LatencyHistogram.upperEdge(33)).isEqualTo(35);
    assertThat(LatencyHistogram.upperEdge(LatencyHistogram.index(1_000_000))).isEqualTo(1_015_807);
  }

  @Test
  void toString_namesWindowAndCount() {
    histogram.record(1);

    assertThat(histogram.toString()).isEqualTo("LatencyHistogram(window=10 s, count=1)");
  }
}
