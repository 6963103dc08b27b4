package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.Delayed;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The futures {@link ManualScheduler} hands out: their value and their order against any {@link Delayed}. */
class ManualSchedulerTaskTest {
  @Test
  void get_afterTheTaskRan_isItsValue() throws Exception {
    ManualScheduler scheduler = new ManualScheduler();
    ScheduledFuture<String> future = scheduler.schedule(() -> "done", 10, TimeUnit.MILLISECONDS);

    scheduler.advance(Duration.ofMillis(10));

    assertThat(future.get()).isEqualTo("done");
    assertThat(future.get(1, TimeUnit.SECONDS)).isEqualTo("done");
  }

  @Test
  void scheduleAtFixedRate_runsAtEachPeriodFromTheFirstRun() {
    ManualScheduler scheduler = new ManualScheduler();
    java.util.List<Long> runs = new java.util.ArrayList<>();
    scheduler.scheduleAtFixedRate(() -> runs.add(scheduler.nanoTime()), 5, 10, TimeUnit.MILLISECONDS);

    scheduler.advance(Duration.ofMillis(36));

    assertThat(runs).containsExactly(5_000_000L, 15_000_000L, 25_000_000L, 35_000_000L);
  }

  @Test
  void compareTo_anotherDelayed_ordersByRemainingDelay() {
    ManualScheduler scheduler = new ManualScheduler();
    ScheduledFuture<?> inTen = scheduler.schedule(() -> { }, 10, TimeUnit.MILLISECONDS);
    Delayed inFive = delayed(TimeUnit.MILLISECONDS.toNanos(5));
    Delayed inTwenty = delayed(TimeUnit.MILLISECONDS.toNanos(20));

    assertThat(inTen.compareTo(inFive)).isPositive();
    assertThat(inTen.compareTo(inTwenty)).isNegative();
  }

  private static Delayed delayed(long nanos) {
    return new Delayed() {
      @Override
      public long getDelay(TimeUnit unit) {
        return unit.convert(nanos, TimeUnit.NANOSECONDS);
      }

      @Override
      public int compareTo(Delayed other) {
        return Long.compare(nanos, other.getDelay(TimeUnit.NANOSECONDS));
      }
    };
  }
}
