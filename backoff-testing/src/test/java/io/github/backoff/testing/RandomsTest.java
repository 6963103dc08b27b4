package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RandomsTest {

  @Test
  void seeded_sameSeed_sameSequence() {
    RandomGenerator a = Randoms.seeded(42);
    RandomGenerator b = Randoms.seeded(42);

    for (int i = 0; i < 100; i++) {
      assertThat(a.nextDouble()).isEqualTo(b.nextDouble());
    }
  }

  @Test
  void uniforms_returnsDrawsInOrderCycling() {
    RandomGenerator r = Randoms.uniforms(0.0, 0.5, 0.25);

    assertThat(new double[] {r.nextDouble(), r.nextDouble(), r.nextDouble(), r.nextDouble()})
        .containsExactly(0.0, 0.5, 0.25, 0.0);
  }

  @Test
  void uniforms_drawOutsideUnitInterval_isRejected() {
    assertThatThrownBy(() -> Randoms.uniforms(1.0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("draws must be in [0, 1): 1.0");
    assertThatThrownBy(Randoms::uniforms).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("draws must not be empty");
  }

  @Test
  void bytesPerCall_nonAllocatingBody_isNearZero() {
    long[] sink = new long[1];
    assertThat(Allocations.bytesPerCall(100_000, () -> sink[0]++)).isLessThan(0.5);
  }

  @Test
  void bytesPerCall_allocatingBody_isMeasured() {
    Object[] sink = new Object[1];
    assertThat(Allocations.bytesPerCall(100_000, () -> sink[0] = new long[4])).isGreaterThan(16);
  }
}
