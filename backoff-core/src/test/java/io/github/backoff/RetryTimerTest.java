package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The async driver's single-wake-up timer: exact due times, order, and release on cancellation. */
class RetryTimerTest {
  private final ManualScheduler scheduler = new ManualScheduler();

  private Retrier<String> retrier(Duration wait) {
    return Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.constant(wait)).build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  /** A call whose first attempt fails and whose second succeeds, recording when the second one started. */
  private CompletableFuture<String> failOnce(Retrier<String> retrier, List<Long> retryStarts) {
    AtomicInteger attempts = new AtomicInteger();
    return retrier.callAsync(() -> {
      if (attempts.incrementAndGet() == 1) {
        return CompletableFuture.failedFuture(new IOException("down"));
      }
      retryStarts.add(scheduler.nanoTime());
      return CompletableFuture.completedFuture("up");
    });
  }

  @Test
  void callAsync_manyPendingRetries_oneWakeUpAndEachRunsAtItsDueTime() {
    List<Long> starts = new ArrayList<>();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    Retrier<String> slow = retrier(Duration.ofSeconds(3));
    Retrier<String> fast = retrier(Duration.ofSeconds(1));
    futures.add(failOnce(slow, starts));
    scheduler.advance(Duration.ofMillis(500));
    futures.add(failOnce(slow, starts));
    futures.add(failOnce(fast, starts)); // due before everything on its own retrier's timer

    assertThat(slow.timer.size()).isEqualTo(2);
    assertThat(scheduler.pendingTasks()).isEqualTo(2); // one wake-up per retrier, not one task per retry
    scheduler.runUntilIdle();

    assertThat(starts).containsExactly(1_500_000_000L, 3_000_000_000L, 3_500_000_000L);
    assertThat(futures).allSatisfy(f -> assertThat(f).isCompletedWithValue("up"));
    assertThat(slow.timer.size()).isZero();
  }

  @Test
  void callAsync_earlierRetryQueuedAfterLaterOne_reschedulesTheWakeUp() {
    List<Long> starts = new ArrayList<>();
    // The failure's message sets the wait, so one retrier queues a 5 s retry and then a 1 s one.
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withDelayOverride(c -> Duration.ofSeconds(Long.parseLong(c.failure().getMessage())),
                Duration.ZERO, Duration.ofSeconds(10))
            .build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    for (String wait : List.of("5", "1")) {
      AtomicInteger attempts = new AtomicInteger();
      retrier.callAsync(() -> {
        if (attempts.incrementAndGet() == 1) {
          return CompletableFuture.failedFuture(new IOException(wait));
        }
        starts.add(scheduler.nanoTime());
        return CompletableFuture.completedFuture("up");
      });
    }

    assertThat(retrier.timer.size()).isEqualTo(2);
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(1));
    scheduler.runUntilIdle();
    assertThat(starts).containsExactly(1_000_000_000L, 5_000_000_000L);
  }

  @Test
  void callAsync_allPendingRetriesCancelled_releasesThemAndTheWakeUp() {
    List<Long> starts = new ArrayList<>();
    Retrier<String> retrier = retrier(Duration.ofSeconds(10));
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      futures.add(failOnce(retrier, starts));
    }
    assertThat(retrier.timer.size()).isEqualTo(1_000);

    futures.forEach(f -> f.cancel(false));

    assertThat(retrier.timer.size()).isZero();
    assertThat(scheduler.pendingTasks()).isZero();
    scheduler.runUntilIdle();
    assertThat(starts).isEmpty();
  }

  @Test
  void callAsync_halfCancelled_othersStillRunOnTime() {
    List<Long> starts = new ArrayList<>();
    Retrier<String> retrier = retrier(Duration.ofSeconds(2));
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      futures.add(failOnce(retrier, starts));
      scheduler.advance(Duration.ofMillis(10));
    }
    for (int i = 0; i < 100; i += 2) {
      futures.get(i).cancel(false);
    }

    assertThat(retrier.timer.size()).isLessThanOrEqualTo(100);
    scheduler.runUntilIdle();

    assertThat(starts).hasSize(50);
    for (int i = 0; i < 50; i++) {
      assertThat(starts.get(i)).isEqualTo(Duration.ofMillis(2_000 + 10 * (2 * i + 1)).toNanos());
    }
  }

  /**
   * A scheduler that runs a task due now inside {@code schedule} itself, on the caller's thread, as an
   * {@code Executor} may ("in the calling thread, at the discretion of the implementation"); later ones, and
   * {@code execute}, go to the manual scheduler.
   */
  private class InlineWhenDue extends java.util.concurrent.AbstractExecutorService
      implements java.util.concurrent.ScheduledExecutorService {
    int inline;

    @Override
    public java.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay,
        java.util.concurrent.TimeUnit unit) {
      if (delay > 0) {
        return scheduler.schedule(command, delay, unit);
      }
      inline++;
      command.run();
      java.util.concurrent.ScheduledFuture<?> done = scheduler.schedule(() -> { }, 0, unit);
      done.cancel(false); // a future that is done: the task ran
      return done;
    }

    @Override
    public <V> java.util.concurrent.ScheduledFuture<V> schedule(java.util.concurrent.Callable<V> callable, long delay,
        java.util.concurrent.TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay,
        long period, java.util.concurrent.TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay,
        long delay, java.util.concurrent.TimeUnit unit) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void execute(Runnable command) {
      scheduler.execute(command);
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, java.util.concurrent.TimeUnit unit) {
      return false;
    }
  }

  @Test
  void callAsync_schedulerRunsAZeroDelayWakeUpInsideSchedule_theRetryStillRuns() {
    InlineWhenDue inlineWhenDue = new InlineWhenDue();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ZERO))
            .withMaxAttempts(3).build())
        .withTicker(scheduler::nanoTime).withScheduler(inlineWhenDue).build();
    AtomicInteger attempts = new AtomicInteger();

    CompletableFuture<String> future = retrier.callAsync(() -> attempts.incrementAndGet() < 3
        ? CompletableFuture.failedFuture(new IOException("down")) : CompletableFuture.completedFuture("up"));
    scheduler.runUntilIdle();

    assertThat(inlineWhenDue.inline).as("wake-ups run inside schedule()").isEqualTo(2);
    assertThat(future).isCompletedWithValue("up");
    assertThat(attempts).hasValue(3);
    assertThat(retrier.timer.size()).isZero();
  }

  @Test
  void callAsync_moreDueThanOneBatchAndTheNextWakeUpRunsInsideSchedule_everyRetryRuns() {
    // 300 retries due at once: a wake-up hands off 256, then schedules the next at once, which this scheduler runs
    // inside schedule().
    InlineWhenDue inlineWhenDue = new InlineWhenDue();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
            .withBackoff(Backoff.constant(Duration.ofSeconds(1))).build())
        .withTicker(scheduler::nanoTime).withScheduler(inlineWhenDue).build();
    List<Long> starts = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      futures.add(failOnce(retrier, starts));
    }

    scheduler.advance(Duration.ofSeconds(1));
    scheduler.runUntilIdle();

    assertThat(inlineWhenDue.inline).isEqualTo(1);
    assertThat(starts).hasSize(300).containsOnly(1_000_000_000L);
    assertThat(futures).allSatisfy(f -> assertThat(f).isCompletedWithValue("up"));
    assertThat(retrier.timer.size()).isZero();
  }

  @Test
  void callAsync_schedulerStartsTheWakeUpOnAnotherThreadBeforeScheduleReturns_theRetryStillRuns() throws Exception {
    // The wake-up starts on another thread while the timer is still recording it: it waits for the timer's lock, so
    // it finds the retry queued and itself current.
    java.util.concurrent.ScheduledExecutorService startsBeforeReturning =
        java.util.concurrent.Executors.newScheduledThreadPool(2); // a wake-up may schedule the next from its thread
    InlineWhenDue started = new InlineWhenDue() {
      @Override
      public java.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay,
          java.util.concurrent.TimeUnit unit) {
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.ScheduledFuture<?> future = startsBeforeReturning.schedule(() -> {
          running.countDown();
          command.run();
        }, delay, unit);
        try {
          running.await(); // the task has started on the other thread
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return future;
      }
    };
    try {
      Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder()
              .withBackoff(Backoff.constant(Duration.ZERO)).withMaxAttempts(3).build())
          .withScheduler(started).withExecutor(Runnable::run).build();
      AtomicInteger attempts = new AtomicInteger();

      CompletableFuture<String> future = retrier.callAsync(() -> attempts.incrementAndGet() < 3
          ? CompletableFuture.failedFuture(new IOException("down")) : CompletableFuture.completedFuture("up"));

      assertThat(future.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("up");
      assertThat(attempts).hasValue(3);
    } finally {
      startsBeforeReturning.shutdownNow();
    }
  }
}
