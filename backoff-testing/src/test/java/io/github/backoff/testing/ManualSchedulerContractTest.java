package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The virtual-time scheduler's contract at its edges: due exactly at the target, saturated times, cancelled tasks
 * that neither run nor move time, fixed rate against fixed delay, shutdown, and the futures it returns.
 */
class ManualSchedulerContractTest {
  private final ManualScheduler scheduler = new ManualScheduler();
  private final List<String> runs = new ArrayList<>();

  private void at(String name, long millis) {
    scheduler.schedule(() -> runs.add(name + "@" + scheduler.nanoTime() / 1_000_000), millis, TimeUnit.MILLISECONDS);
  }

  @Test
  void advance_exactlyToTheDueTime_runsTheTask() {
    at("a", 10);
    scheduler.advance(Duration.ofMillis(10));

    assertThat(runs).containsExactly("a@10");
    assertThat(scheduler.nanoTime()).isEqualTo(10_000_000);
  }

  @Test
  void advance_justBeforeTheDueTime_runsNothing() {
    at("a", 10);
    scheduler.advanceNanos(9_999_999);

    assertThat(runs).isEmpty();
    assertThat(scheduler.nanoTime()).isEqualTo(9_999_999);
  }

  @Test
  void advanceNanos_pastLongMax_saturates() {
    scheduler.advanceNanos(5);
    scheduler.advanceNanos(Long.MAX_VALUE);

    assertThat(scheduler.nanoTime()).isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> scheduler.advanceNanos(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("amount must not be negative: -1");
  }

  @Test
  void advance_cancelledTaskDue_neitherRunsNorCounts() {
    ScheduledFuture<?> cancelled = scheduler.schedule(() -> runs.add("x"), 1, TimeUnit.MILLISECONDS);
    at("b", 5);
    assertThat(cancelled.cancel(false)).isTrue();

    scheduler.advance(Duration.ofMillis(10));

    assertThat(runs).containsExactly("b@5");
    assertThat(scheduler.executedTasks()).isEqualTo(1);
    assertThat(cancelled.isCancelled()).isTrue();
  }

  @Test
  void runUntilIdle_countsTheTasksRunAndSkipsCancelledOnes() {
    ScheduledFuture<?> cancelled = scheduler.schedule(() -> runs.add("x"), 50, TimeUnit.MILLISECONDS);
    at("a", 10);
    at("b", 20);
    at("c", 30);
    cancelled.cancel(false);

    assertThat(scheduler.runUntilIdle()).isEqualTo(3);
    assertThat(runs).containsExactly("a@10", "b@20", "c@30");
    assertThat(scheduler.nanoTime()).as("the cancelled task moved no time").isEqualTo(30_000_000);
    assertThat(scheduler.executedTasks()).isEqualTo(3);
  }

  @Test
  void runDueTasks_zeroDelayTask_runsWithoutMovingTime() {
    scheduler.advance(Duration.ofMillis(7));
    scheduler.execute(() -> runs.add("now@" + scheduler.nanoTime() / 1_000_000));
    assertThat(runs).isEmpty();

    scheduler.runDueTasks();

    assertThat(runs).containsExactly("now@7");
    assertThat(scheduler.nanoTime()).isEqualTo(7_000_000);
  }

  @Test
  void schedule_hugeDelay_saturatesTheDueTime() {
    scheduler.advanceNanos(1);
    ScheduledFuture<?> f = scheduler.schedule(() -> runs.add("never"), Long.MAX_VALUE, TimeUnit.NANOSECONDS);

    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofNanos(Long.MAX_VALUE - 1));
    assertThat(f.getDelay(TimeUnit.NANOSECONDS)).isEqualTo(Long.MAX_VALUE - 1);
    scheduler.advance(Duration.ofDays(1));
    assertThat(runs).isEmpty();
  }

  @Test
  void nextTaskDelay_afterTimeMoved_isWhatIsLeftAndSkipsCancelledTasks() {
    ScheduledFuture<?> first = scheduler.schedule(() -> runs.add("x"), 2, TimeUnit.SECONDS);
    at("b", 10_000);
    scheduler.advance(Duration.ofSeconds(1));
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(1));

    first.cancel(false);

    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(9));
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
  }

  @Test
  void getDelayAndCompareTo_orderTasksByDueTime() {
    ScheduledFuture<?> late = scheduler.schedule(() -> { }, 30, TimeUnit.MILLISECONDS);
    ScheduledFuture<?> early = scheduler.schedule(() -> { }, 10, TimeUnit.MILLISECONDS);
    scheduler.advance(Duration.ofMillis(4));

    assertThat(early.getDelay(TimeUnit.MILLISECONDS)).isEqualTo(6);
    assertThat(late.getDelay(TimeUnit.MILLISECONDS)).isEqualTo(26);
    assertThat(early.compareTo(late)).isNegative();
    assertThat(late.compareTo(early)).isPositive();
  }

  @Test
  void scheduleWithFixedDelay_slowRun_nextRunIsADelayAfterTheRunEnded() throws Exception {
    ScheduledFuture<?> f = scheduler.scheduleWithFixedDelay(() -> {
      runs.add("d@" + scheduler.nanoTime() / 1_000_000);
      sleepQuietly(3);
    }, 0, 10, TimeUnit.MILLISECONDS);
    scheduler.advance(Duration.ofMillis(30));
    f.cancel(false);

    assertThat(runs).containsExactly("d@0", "d@13", "d@26");
  }

  @Test
  void scheduleAtFixedRate_slowRun_keepsTheRate() {
    ScheduledFuture<?> f = scheduler.scheduleAtFixedRate(() -> {
      runs.add("r@" + scheduler.nanoTime() / 1_000_000);
      sleepQuietly(3);
    }, 0, 10, TimeUnit.MILLISECONDS);
    scheduler.advance(Duration.ofMillis(30));
    f.cancel(false);

    assertThat(runs).containsExactly("r@0", "r@10", "r@20", "r@30");
  }

  private void sleepQuietly(long millis) {
    try {
      scheduler.sleep(TimeUnit.MILLISECONDS.toNanos(millis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  @Test
  void scheduleWithFixedDelay_periodMustBePositive() {
    assertThatThrownBy(() -> scheduler.scheduleWithFixedDelay(() -> { }, 0, 0, TimeUnit.MILLISECONDS))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("period must be positive: 0");
    ScheduledFuture<?> accepted = scheduler.scheduleWithFixedDelay(() -> { }, 0, 1, TimeUnit.NANOSECONDS);
    assertThat(accepted.isDone()).isFalse();
  }

  @Test
  void periodicTask_thatThrows_stopsAndKeepsTheFailure() {
    AtomicInteger calls = new AtomicInteger();
    ScheduledFuture<?> f = scheduler.scheduleAtFixedRate(() -> {
      calls.incrementAndGet();
      throw new IllegalStateException("boom");
    }, 0, 10, TimeUnit.MILLISECONDS);
    scheduler.advance(Duration.ofMillis(50));

    assertThat(calls).hasValue(1);
    assertThat(f.isDone()).isTrue();
    assertThat(f.isCancelled()).isFalse();
    assertThatThrownBy(f::get).hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void schedule_runnable_futureIsDoneOnlyAfterItRan() throws Exception {
    ScheduledFuture<?> f = scheduler.schedule(() -> {
      runs.add("a");
    }, 1, TimeUnit.MILLISECONDS);
    assertThat(f.isDone()).isFalse();
    assertThat(f.isCancelled()).isFalse();

    scheduler.advance(Duration.ofMillis(1));

    assertThat(f.isDone()).isTrue();
    assertThat(f.get()).isNull();
    assertThat(f.get(1, TimeUnit.SECONDS)).isNull();
    assertThat(f.cancel(false)).as("too late: it ran").isFalse();
    assertThat(f.isCancelled()).isFalse();
  }

  @Test
  void shutdownNow_returnsThePendingTasksAndTerminates() {
    at("a", 10);
    ScheduledFuture<?> cancelled = scheduler.schedule(() -> runs.add("x"), 5, TimeUnit.MILLISECONDS);
    cancelled.cancel(false);
    assertThat(scheduler.isShutdown()).isFalse();

    List<Runnable> pending = scheduler.shutdownNow();

    assertThat(scheduler.isShutdown()).isTrue();
    assertThat(scheduler.isTerminated()).isTrue();
    assertThat(scheduler.awaitTermination(1, TimeUnit.SECONDS)).isTrue();
    assertThat(pending).hasSize(1);
    scheduler.runUntilIdle();
    assertThat(runs).isEmpty();
    pending.get(0).run();
    assertThat(runs).containsExactly("a@0");
  }

  @Test
  void shutdown_withTasksWaiting_isNotTerminatedUntilTheyRan() {
    at("a", 10);
    ScheduledFuture<?> cancelled = scheduler.schedule(() -> runs.add("x"), 5, TimeUnit.MILLISECONDS);
    cancelled.cancel(false);
    scheduler.shutdown();

    assertThat(scheduler.isTerminated()).isFalse();
    assertThat(scheduler.awaitTermination(1, TimeUnit.SECONDS)).isFalse();
    scheduler.runUntilIdle();
    assertThat(runs).containsExactly("a@10");
    assertThat(scheduler.isTerminated()).isTrue();
  }

  @Test
  void shutdown_onlyCancelledTasksLeft_isTerminated() {
    ScheduledFuture<?> cancelled = scheduler.schedule(() -> runs.add("x"), 5, TimeUnit.MILLISECONDS);
    cancelled.cancel(false);
    scheduler.shutdown();

    assertThat(scheduler.isTerminated()).isTrue();
  }

  @Test
  void fakeClock_advanceNanosZero_isAllowed() {
    FakeClock clock = new FakeClock(100);
    clock.advanceNanos(0);
    clock.advanceNanos(5);

    assertThat(clock.nanoTime()).isEqualTo(105);
    assertThatThrownBy(() -> clock.advanceNanos(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("amount must not be negative: -1");
  }

  @Test
  void uniforms_nextLong_scalesTheDrawToTheLongRange() {
    assertThat(Randoms.uniforms(0.5).nextLong()).isEqualTo(1L << 62);
    assertThat(Randoms.uniforms(0.0).nextLong()).isZero();
  }

  @Test
  void bytesPerCall_runsTheBodyTwiceThenCalls() {
    AtomicInteger runsOfBody = new AtomicInteger();
    Allocations.bytesPerCall(3, runsOfBody::incrementAndGet);

    assertThat(runsOfBody).hasValue(6);
    Allocations.bytesPerCall(1, runsOfBody::incrementAndGet);
    assertThat(runsOfBody).hasValue(8);
    assertThatThrownBy(() -> Allocations.bytesPerCall(0, () -> { }))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("calls must be >= 1: 0");
  }
}
