package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The default random source draws from ThreadLocalRandom: its values vary, and it names itself. */
class RandomSourceDefaultTest {
  @Test
  void nextLongAndNextInt_vary() {
    Set<Long> longs = new HashSet<>();
    Set<Integer> ints = new HashSet<>();
    for (int i = 0; i < 8; i++) {
      longs.add(ThreadLocalRandomSource.INSTANCE.nextLong());
      ints.add(ThreadLocalRandomSource.INSTANCE.nextInt());
    }

    // Eight draws all equal has a chance of 2^-224 (longs) and 2^-224 (ints).
    assertThat(longs).hasSizeGreaterThan(1);
    assertThat(ints).hasSizeGreaterThan(1);
    assertThat(ThreadLocalRandomSource.INSTANCE.nextDouble()).isBetween(0.0, 1.0);
  }

  @Test
  void toString_namesTheSource() {
    assertThat(ThreadLocalRandomSource.INSTANCE).hasToString("ThreadLocalRandom");
  }
}
