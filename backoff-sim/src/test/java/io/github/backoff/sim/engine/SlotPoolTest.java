package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlotPoolTest {

  @Test
  void take_noneFreed_handsOutNewSlotsInOrder() {
    SlotPool pool = new SlotPool();
    assertThat(pool.take()).isZero();
    assertThat(pool.take()).isEqualTo(1);
    assertThat(pool.used()).isEqualTo(2);
  }

  @Test
  void take_afterFree_reusesTheLastFreedSlotBeforeNewOnes() {
    SlotPool pool = new SlotPool();
    pool.take();
    pool.take();
    pool.take();
    pool.free(0);
    pool.free(2);
    assertThat(pool.take()).isEqualTo(2);
    assertThat(pool.take()).isZero();
    assertThat(pool.take()).isEqualTo(3);
    assertThat(pool.used()).isEqualTo(4);
  }

  @Test
  void free_manySlots_growsTheFreeListAndLosesNone() {
    SlotPool pool = new SlotPool();
    for (int i = 0; i < 1000; i++) {
      pool.take();
    }
    for (int i = 0; i < 1000; i++) {
      pool.free(i);
    }
    Set<Integer> again = new HashSet<>();
    for (int i = 0; i < 1000; i++) {
      again.add(pool.take());
    }
    assertThat(again).hasSize(1000).allMatch(s -> s >= 0 && s < 1000);
    assertThat(pool.used()).isEqualTo(1000);
  }

  @Test
  void reset_forgetsEverySlot() {
    SlotPool pool = new SlotPool();
    pool.take();
    pool.free(pool.take());
    pool.reset();
    assertThat(pool.used()).isZero();
    assertThat(pool.take()).isZero();
  }
}
