package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ManualSchedulerTest {
  private final ManualScheduler scheduler = new ManualScheduler();
  private final List<String> ran = new ArrayList<>();

  @Test
  void advance_runsDueTasksInTimeOrderAtTheirDueTime() {
    scheduler.schedule(() -> ran.add("b@" + scheduler.nanoTime()), 20, TimeUnit.NANOSECONDS);
    scheduler.schedule(() -> ran.add("a@" + scheduler.nanoTime()), 10, TimeUnit.NANOSECONDS);
    scheduler.schedule(() -> ran.add("c@" + scheduler.nanoTime()), 30, TimeUnit.NANOSECONDS);

    scheduler.advanceNanos(25);

    assertThat(ran).containsExactly("a@10", "b@20");
    assertThat(scheduler.nanoTime()).isEqualTo(25);
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
  }

  @Test
  void advance_tiesRunInSchedulingOrder() {
    for (int i = 0; i < 5; i++) {
      int n = i;
      scheduler.schedule(() -> ran.add("t" + n), 1, TimeUnit.SECONDS);
    }

    scheduler.advance(Duration.ofSeconds(1));

    assertThat(ran).containsExactly("t0", "t1", "t2", "t3", "t4");
  }

  @Test
  void advance_tasksScheduledByTasksRunIfDueWithinTheSameAdvance() {
    scheduler.schedule(() -> {
      ran.add("first");
      scheduler.schedule(() -> ran.add("second@" + scheduler.nanoTime()), 5, TimeUnit.NANOSECONDS);
    }, 5, TimeUnit.NANOSECONDS);

    scheduler.advanceNanos(10);

    assertThat(ran).containsExactly("first", "second@10");
  }

  @Test
  void cancel_removesTheTask() {
    ScheduledFuture<?> f = scheduler.schedule(() -> ran.add("x"), 1, TimeUnit.SECONDS);

    assertThat(f.cancel(false)).isTrue();
    scheduler.runUntilIdle();

    assertThat(ran).isEmpty();
    assertThat(scheduler.pendingTasks()).isZero();
    assertThat(f.isCancelled()).isTrue();
  }

  @Test
  void runUntilIdle_jumpsToEachDueTime() {
    scheduler.schedule(() -> ran.add("@" + scheduler.nanoTime()), 1, TimeUnit.HOURS);

    assertThat(scheduler.runUntilIdle()).isEqualTo(1);
    assertThat(ran).containsExactly("@" + TimeUnit.HOURS.toNanos(1));
  }

  @Test
  void scheduleAtFixedRate_repeatsUntilCancelled() {
    ScheduledFuture<?> f = scheduler.scheduleAtFixedRate(() -> ran.add("@" + scheduler.nanoTime()), 10, 10,
        TimeUnit.NANOSECONDS);

    scheduler.advanceNanos(35);
    f.cancel(false);
    scheduler.advanceNanos(100);

    assertThat(ran).containsExactly("@10", "@20", "@30");
  }

  @Test
  void callable_resultIsAvailableFromTheFuture() throws Exception {
    ScheduledFuture<String> f = scheduler.schedule(() -> "done", 1, TimeUnit.MILLISECONDS);

    scheduler.advance(Duration.ofMillis(1));

    assertThat(f.get()).isEqualTo("done");
  }

  @Test
  void sleep_advancesTimeAndRunsDueTasks() throws InterruptedException {
    scheduler.schedule(() -> ran.add("timer"), 5, TimeUnit.MILLISECONDS);

    scheduler.sleep(TimeUnit.MILLISECONDS.toNanos(10));

    assertThat(ran).containsExactly("timer");
    assertThat(scheduler.nanoTime()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(10));
  }

  @Test
  void sleep_interruptedByADueTask_throwsAndClearsTheFlag() {
    Thread me = Thread.currentThread();
    scheduler.schedule(me::interrupt, 5, TimeUnit.MILLISECONDS);

    assertThatThrownBy(() -> scheduler.sleep(TimeUnit.MILLISECONDS.toNanos(10)))
        .isInstanceOf(InterruptedException.class);
    assertThat(Thread.interrupted()).isFalse();
  }

  @Test
  void shutdown_rejectsNewTasks() {
    scheduler.shutdown();

    assertThatThrownBy(() -> scheduler.execute(() -> { }))
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(scheduler.isTerminated()).isTrue();
  }

  @Test
  void advance_negative_isRejected() {
    assertThatThrownBy(() -> scheduler.advance(Duration.ofNanos(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("amount must not be negative");
  }

  @Test
  void nextTaskDelay_reportsTheEarliestWaitingTask() {
    assertThat(scheduler.nextTaskDelay()).isNull();
    scheduler.schedule(() -> { }, 3, TimeUnit.SECONDS);
    scheduler.schedule(() -> { }, 1, TimeUnit.SECONDS);

    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(1));
  }
}
