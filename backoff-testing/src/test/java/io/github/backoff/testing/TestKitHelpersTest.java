package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The helpers the HTTP clients' tests share: wall clocks in virtual time, the event recorder, the brief wait. */
class TestKitHelpersTest {
  private static final Instant EPOCH = Instant.parse("2026-11-21T12:00:00Z");

  @Test
  void wallClock_manualScheduler_followsItsVirtualTime() {
    ManualScheduler scheduler = new ManualScheduler();
    var wall = scheduler.wallClock(EPOCH);

    scheduler.advance(Duration.ofSeconds(90));

    assertThat(wall.instant()).isEqualTo(EPOCH.plusSeconds(90));
    assertThat(wall.getZone()).isEqualTo(ZoneOffset.UTC);
    assertThat(wall.withZone(ZoneOffset.ofHours(2))).isSameAs(wall);
  }

  @Test
  void wallClock_fakeClock_followsItsVirtualTime() {
    FakeClock clock = new FakeClock();
    var wall = clock.wallClock(EPOCH);

    clock.advance(Duration.ofMillis(1500));

    assertThat(wall.instant()).isEqualTo(EPOCH.plusMillis(1500));
    assertThatThrownBy(() -> clock.wallClock(null)).isInstanceOf(NullPointerException.class).hasMessage("epoch");
  }

  @Test
  void eventRecorder_recordsInOrder_andPicksOneType() {
    EventRecorder<Object> events = new EventRecorder<>();

    events.add("a");
    events.add(1);
    events.add("b");

    assertThat(events.all()).containsExactly("a", 1, "b");
    assertThat(events.ofType(String.class)).containsExactly("a", "b");
    events.clear();
    assertThat(events.all()).isEmpty();
  }

  @Test
  void await_conditionThatBecomesTrue_returns() {
    AtomicInteger polls = new AtomicInteger();

    Await.until(() -> polls.incrementAndGet() >= 3);

    assertThat(polls).hasValue(3);
  }

  @Test
  void await_conditionNeverTrue_failsAfterTheTimeout() {
    assertThatThrownBy(() -> Await.until(() -> false, Duration.ofMillis(20)))
        .isInstanceOf(AssertionError.class).hasMessage("condition not met within PT0.02S");
  }
}
