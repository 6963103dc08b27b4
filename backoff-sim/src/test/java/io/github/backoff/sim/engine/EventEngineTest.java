package io.github.backoff.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventEngineTest {

  @Test
  void next_advancesTheClockToTheEventsTime() {
    EventEngine engine = new EventEngine(4);
    engine.scheduleAt(5, 1);
    engine.scheduleAt(2, 2);
    assertThat(engine.next()).isEqualTo(2);
    assertThat(engine.now()).isEqualTo(2);
    engine.scheduleIn(1, 3);
    assertThat(engine.next()).isEqualTo(3);
    assertThat(engine.now()).isEqualTo(3);
    assertThat(engine.next()).isEqualTo(1);
    assertThat(engine.now()).isEqualTo(5);
    assertThat(engine.hasNext()).isFalse();
    assertThat(engine.eventCount()).isEqualTo(3);
  }

  @Test
  void next_withScheduling_matchesASortedReplay() {
    // Handling an event and scheduling one replaces the head lazily: the order must be as if removed first.
    SplittableRandom random = new SplittableRandom(3);
    EventEngine engine = new EventEngine(2);
    List<Double> seen = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      engine.scheduleAt(random.nextDouble() * 10, i);
    }
    int budget = 5_000;
    while (engine.hasNext()) {
      engine.next();
      seen.add(engine.now());
      if (budget-- > 0) {
        int children = random.nextInt(3); // 0, 1 or 2 new events
        for (int k = 0; k < children; k++) {
          engine.scheduleIn(random.nextDouble() * 10, k);
        }
      }
    }
    for (int i = 1; i < seen.size(); i++) {
      assertThat(seen.get(i)).isGreaterThanOrEqualTo(seen.get(i - 1));
    }
    assertThat(engine.pending()).isZero();
  }

  @Test
  void hasNext_afterTakingTheLastEvent_isFalse() {
    EventEngine engine = new EventEngine(4);
    engine.scheduleAt(1, 1);
    assertThat(engine.pending()).isEqualTo(1);
    engine.next();
    assertThat(engine.hasNext()).isFalse();
    assertThat(engine.pending()).isZero();
    assertThatThrownBy(engine::next).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void scheduleAt_beforeNow_throws() {
    EventEngine engine = new EventEngine(4);
    engine.scheduleAt(5, 1);
    engine.next();
    assertThatThrownBy(() -> engine.scheduleAt(4, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("time must be >= now: 4.0 < 5.0");
  }

  @Test
  void scheduleIn_negativeDelay_throws() {
    EventEngine engine = new EventEngine(4);
    assertThatThrownBy(() -> engine.scheduleIn(-1, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("delay must be >= 0: -1.0");
  }

  @Test
  void reset_dropsEventsAndRewindsTheClock() {
    EventEngine engine = new EventEngine(4);
    engine.scheduleAt(5, 1);
    engine.scheduleAt(6, 1);
    engine.next();
    engine.reset();
    assertThat(engine.hasNext()).isFalse();
    assertThat(engine.now()).isZero();
    engine.scheduleAt(1, 7);
    assertThat(engine.next()).isEqualTo(7);
  }
}
