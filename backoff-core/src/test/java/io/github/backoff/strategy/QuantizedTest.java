package io.github.backoff.strategy;

import static io.github.backoff.strategy.ConstantTest.NO_DRAWS;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.Randoms;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class QuantizedTest {

  @Test
  void delayNanos_table_roundsDownToWholeQuanta() {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(100)).quantizedTo(Duration.ofNanos(150));

    assertThat(backoff.delayNanos(1, 0, NO_DRAWS)).isZero();
    assertThat(backoff.delayNanos(2, 0, NO_DRAWS)).isEqualTo(150);
    assertThat(backoff.delayNanos(3, 0, NO_DRAWS)).isEqualTo(300);
    assertThat(backoff.delayNanos(4, 0, NO_DRAWS)).isEqualTo(750);
    assertThat(backoff.delayNanos(Integer.MAX_VALUE, 0, NO_DRAWS)).isEqualTo(Long.MAX_VALUE - Long.MAX_VALUE % 150);
  }

  @Test
  void minAndMaxDelayNanos_jitteredInner_areQuantizedToo() {
    Backoff backoff = Backoff.exponential(Duration.ofNanos(100)).withEqualJitter().quantizedTo(Duration.ofNanos(150));

    assertThat(backoff.minDelayNanos(3)).isEqualTo(150); // 200 rounded down
    assertThat(backoff.maxDelayNanos(3)).isEqualTo(300); // 400 rounded down
  }

  @Test
  void quantizedTo_fullJitterOverSlots_drawsWholeSlotsAsEthernetDoes() {
    // Ethernet: after the r-th collision wait k slot times, k uniform in {0, ..., 2^r - 1}.
    long slot = 51_200;
    Backoff ethernet = Backoff.exponential(Duration.ofNanos(2 * slot)).truncatedAfter(10).withFullJitter()
        .quantizedTo(Duration.ofNanos(slot));

    assertThat(ethernet.delayNanos(3, 0, Randoms.uniforms(0.0))).isZero();
    assertThat(ethernet.delayNanos(3, 0, Randoms.uniforms(0.5))).isEqualTo(4 * slot);
    assertThat(ethernet.delayNanos(3, 0, Randoms.uniforms(Math.nextDown(1.0)))).isEqualTo(7 * slot);
    assertThat(ethernet.delayNanos(16, 0, Randoms.uniforms(Math.nextDown(1.0)))).isEqualTo(1023 * slot);
  }

  @Test
  void quantizedTo_quantumAboveEveryWait_givesZero() {
    Backoff backoff = Backoff.constant(Duration.ofMillis(5)).quantizedTo(Duration.ofSeconds(1));

    assertThat(backoff.delayNanos(1, 0, NO_DRAWS)).isZero();
  }

  @Test
  void toString_always_namesInnerAndQuantum() {
    assertThat(Backoff.constant(Duration.ofMillis(1)).quantizedTo(Duration.ofNanos(51_200)))
        .hasToString("constant(1 ms) in whole multiples of 51.2 us");
  }

  @Test
  void maxDelayNanos_fullJitterAtTwoToThe52_keepsTheTopWhereDrawsCanReachIt() {
    long top = 1L << 52; // from here on t·u can round up to t itself, so t stays the maximum
    Backoff backoff = Backoff.constant(Duration.ofNanos(top)).withFullJitter().quantizedTo(Duration.ofNanos(1));

    assertThat(backoff.maxDelayNanos(1)).isEqualTo(top);
    assertThat(Backoff.constant(Duration.ofNanos(top - 1)).withFullJitter().quantizedTo(Duration.ofNanos(1))
        .maxDelayNanos(1)).isEqualTo(top - 2);
  }

  @Test
  void maxDelayNanos_fullJitterOverZero_isZero() {
    Backoff backoff = Backoff.constant(Duration.ZERO).withFullJitter().quantizedTo(Duration.ofNanos(1));

    assertThat(backoff.maxDelayNanos(1)).isZero();
  }
}
