package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventQueueTest {

  @Test
  void poll_randomTimes_comeOutSorted() {
    SplittableRandom random = new SplittableRandom(1);
    EventQueue queue = new EventQueue(1); // forces growth
    double[] times = new double[5_000];
    for (int i = 0; i < times.length; i++) {
      times[i] = random.nextDouble() * 1000;
      queue.add(times[i], i);
    }
    Arrays.sort(times);
    for (double expected : times) {
      assertThat(queue.peekTime()).isEqualTo(expected);
      queue.poll();
    }
    assertThat(queue.isEmpty()).isTrue();
  }

  @Test
  void poll_interleavedWithAdds_alwaysReturnsTheEarliest() {
    SplittableRandom random = new SplittableRandom(2);
    EventQueue queue = new EventQueue(4);
    List<Double> model = new ArrayList<>();
    for (int step = 0; step < 20_000; step++) {
      if (model.isEmpty() || random.nextInt(3) > 0) {
        double t = random.nextInt(500); // many ties
        queue.add(t, step);
        model.add(t);
      } else {
        double min = model.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        assertThat(queue.peekTime()).isEqualTo(min);
        queue.poll();
        model.remove(min);
      }
      assertThat(queue.size()).isEqualTo(model.size());
    }
  }

  @Test
  void poll_equalTimes_comeOutInInsertionOrder() {
    EventQueue queue = new EventQueue(2);
    for (int i = 0; i < 100; i++) {
      queue.add(i % 2 == 0 ? 5.0 : 3.0, i);
    }
    List<Integer> order = new ArrayList<>();
    while (!queue.isEmpty()) {
      order.add(queue.poll());
    }
    List<Integer> expected = new ArrayList<>();
    for (int i = 1; i < 100; i += 2) {
      expected.add(i);
    }
    for (int i = 0; i < 100; i += 2) {
      expected.add(i);
    }
    assertThat(order).isEqualTo(expected);
  }

  @Test
  void replaceFirst_removesTheEarliestAndAddsTheNewEvent() {
    EventQueue queue = new EventQueue(8);
    queue.add(1, 10);
    queue.add(2, 20);
    queue.add(3, 30);
    assertThat(queue.replaceFirst(2.5, 25)).isEqualTo(10);
    assertThat(queue.size()).isEqualTo(3);
    assertThat(queue.poll()).isEqualTo(20);
    assertThat(queue.poll()).isEqualTo(25);
    assertThat(queue.poll()).isEqualTo(30);
  }

  @Test
  void replaceFirst_equalTime_goesAfterEarlierEventsOfThatTime() {
    EventQueue queue = new EventQueue(8);
    queue.add(1, 1);
    queue.add(4, 2);
    queue.replaceFirst(4, 3);
    assertThat(queue.poll()).isEqualTo(2);
    assertThat(queue.poll()).isEqualTo(3);
  }

  @Test
  void payload_negativeAndExtremeValues_roundTrip() {
    EventQueue queue = new EventQueue(4);
    queue.add(2, Integer.MIN_VALUE);
    queue.add(1, -1);
    queue.add(3, Integer.MAX_VALUE);
    assertThat(queue.peekPayload()).isEqualTo(-1);
    assertThat(queue.poll()).isEqualTo(-1);
    assertThat(queue.poll()).isEqualTo(Integer.MIN_VALUE);
    assertThat(queue.poll()).isEqualTo(Integer.MAX_VALUE);
  }

  @Test
  void add_sequenceExhausted_renumbersAndKeepsOrder() {
    EventQueue queue = new EventQueue(4);
    queue.add(7, 1);
    queue.add(7, 2);
    queue.add(1, 3);
    queue.skipSequenceTo(Integer.MAX_VALUE + 1L);
    queue.add(7, 4); // triggers renumbering
    queue.add(7, 5);
    assertThat(List.of(queue.poll(), queue.poll(), queue.poll(), queue.poll(), queue.poll()))
        .containsExactly(3, 1, 2, 4, 5);
  }

  @Test
  void clear_emptiesTheQueue() {
    EventQueue queue = new EventQueue(4);
    queue.add(1, 1);
    queue.clear();
    assertThat(queue.isEmpty()).isTrue();
    queue.add(2, 2);
    assertThat(queue.poll()).isEqualTo(2);
  }

  @Test
  void poll_empty_throws() {
    EventQueue queue = new EventQueue(4);
    assertThatThrownBy(queue::poll).isInstanceOf(NoSuchElementException.class).hasMessage("event queue is empty");
    assertThatThrownBy(queue::peekTime).isInstanceOf(NoSuchElementException.class);
    assertThatThrownBy(() -> queue.replaceFirst(1, 1)).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void add_nanTime_throws() {
    EventQueue queue = new EventQueue(4);
    assertThatThrownBy(() -> queue.add(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("time must not be NaN");
  }

  @Test
  void constructor_zeroCapacity_throws() {
    assertThatThrownBy(() -> new EventQueue(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("initialCapacity must be >= 1: 0");
  }
}
