package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MonotoneQueueTest {

  @Test
  void poll_randomMonotoneWorkloads_matchesTheBinaryHeapExactly() {
    // The engine swapped EventQueue for MonotoneQueue: every model must replay bit-identically, ties included.
    for (int seed = 0; seed < 40; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      MonotoneQueue radix = new MonotoneQueue();
      EventQueue heap = new EventQueue(1);
      double now = 0;
      int payload = 0;
      // Spreads from 1e-9 to 1e9 time units, coarse grids (many ties) and exact repeats of now.
      double spread = Math.pow(10, random.nextInt(-9, 10));
      double grid = random.nextBoolean() ? 0 : spread / random.nextInt(1, 20);
      for (int step = 0; step < 20_000; step++) {
        int adds = heap.isEmpty() ? 1 + random.nextInt(5) : random.nextInt(3);
        for (int a = 0; a < adds; a++) {
          double delay = random.nextInt(10) == 0 ? 0 : random.nextDouble() * spread;
          if (grid > 0) {
            delay = Math.floor(delay / grid) * grid;
          }
          radix.add(now + delay, payload);
          heap.add(now + delay, payload);
          payload++;
        }
        assertThat(radix.size()).isEqualTo(heap.size());
        double time = heap.peekTime();
        int expected = heap.poll();
        assertThat(radix.poll()).as("seed %d step %d", seed, step).isEqualTo(expected);
        assertThat(radix.lastTime()).isEqualTo(time);
        now = time;
      }
    }
  }

  @Test
  void poll_equalTimes_comeOutInTheOrderAdded() {
    MonotoneQueue queue = new MonotoneQueue();
    queue.add(5, 1);
    queue.add(3, 2);
    queue.add(5, 3);
    queue.add(3, 4);
    assertThat(queue.poll()).isEqualTo(2);
    queue.add(3, 5); // at the current time, after the earlier ties
    queue.add(5, 6);
    assertThat(queue.poll()).isEqualTo(4);
    assertThat(queue.poll()).isEqualTo(5);
    assertThat(queue.poll()).isEqualTo(1);
    assertThat(queue.poll()).isEqualTo(3);
    assertThat(queue.poll()).isEqualTo(6);
    assertThat(queue.size()).isZero();
  }

  @Test
  void add_negativeZero_isTime0() {
    MonotoneQueue queue = new MonotoneQueue();
    queue.add(-0.0, 1);
    queue.add(0.0, 2);
    assertThat(queue.poll()).isEqualTo(1);
    assertThat(queue.poll()).isEqualTo(2);
    assertThat(queue.lastTime()).isEqualTo(0.0);
  }

  @Test
  void clear_emptiesAndResetsTheTime() {
    MonotoneQueue queue = new MonotoneQueue();
    for (int i = 0; i < 1000; i++) {
      queue.add(i * 1.5, i);
    }
    queue.poll();
    queue.clear();
    assertThat(queue.size()).isZero();
    assertThat(queue.lastTime()).isZero();
    queue.add(1, 7);
    assertThat(queue.poll()).isEqualTo(7);
  }

  @Test
  void poll_empty_throws() {
    assertThatThrownBy(() -> new MonotoneQueue().poll()).isInstanceOf(NoSuchElementException.class);
  }
}
