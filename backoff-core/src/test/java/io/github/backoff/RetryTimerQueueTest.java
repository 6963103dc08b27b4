package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * The async retries' timer queue seen through {@code callAsync}: due order for any insertion order, the purge of
 * cancelled retries at exactly half the queue, batches of due retries, a lagging ticker and a scheduler that shuts
 * down while retries wait.
 */
class RetryTimerQueueTest {
  private final ManualScheduler scheduler = new ManualScheduler();

  /** A retrier whose first attempt's failure message is the wait in milliseconds. */
  private Retrier<String> retrier(LongSupplier ticker) {
    return Retrier.builder(RetryPolicy.<String>builder()
            .withDelayOverride(c -> Duration.ofMillis(Long.parseLong(c.failure().getMessage())),
                Duration.ZERO, Duration.ofHours(1))
            .build())
        .withTicker(ticker::getAsLong).withScheduler(scheduler).build();
  }

  /** Fails once asking for {@code waitMillis}, then succeeds with {@code name}, recording the start. */
  private CompletableFuture<String> failOnce(Retrier<String> retrier, long waitMillis, String name,
      List<String> order) {
    AtomicInteger attempts = new AtomicInteger();
    return retrier.callAsync(() -> {
      if (attempts.incrementAndGet() == 1) {
        return CompletableFuture.failedFuture(new IOException(Long.toString(waitMillis)));
      }
      order.add(name + "@" + scheduler.nanoTime() / 1_000_000);
      return CompletableFuture.completedFuture(name);
    });
  }

  @Test
  void callAsync_retriesQueuedInShuffledOrder_runInDueOrderAtTheirDueTimes() {
    List<Long> waits = new ArrayList<>();
    for (long w = 1; w <= 40; w++) {
      waits.add(w * 10);
    }
    Collections.shuffle(waits, new Random(11));
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    for (long w : waits) {
      failOnce(retrier, w, "r" + w, order);
    }
    assertThat(retrier.timer.size()).isEqualTo(40);

    scheduler.runUntilIdle();

    List<String> expected = new ArrayList<>();
    for (long w = 1; w <= 40; w++) {
      expected.add("r" + w * 10 + "@" + w * 10);
    }
    assertThat(order).containsExactlyElementsOf(expected);
    assertThat(retrier.timer.size()).isZero();
  }

  @Test
  void callAsync_cancellationsReachHalfTheQueue_purgesThemAndTheRestRunInOrder() {
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (long w : new long[] {400, 100, 300, 200, 600, 500}) {
      futures.add(failOnce(retrier, w, "r" + w, order));
    }

    futures.get(1).cancel(false); // 100
    futures.get(3).cancel(false); // 200
    assertThat(retrier.timer.size()).as("2 of 6 cancelled: below half, kept for now").isEqualTo(6);
    futures.get(0).cancel(false); // 400: 3 of 6, half
    assertThat(retrier.timer.size()).isEqualTo(3);
    scheduler.runUntilIdle();

    assertThat(order).containsExactly("r300@300", "r500@500", "r600@600");
  }

  @Test
  void callAsync_oneOfTwoCancelled_purgesAtOnce() {
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    CompletableFuture<String> first = failOnce(retrier, 100, "a", order);
    failOnce(retrier, 200, "b", order);

    first.cancel(false);

    assertThat(retrier.timer.size()).isEqualTo(1);
    assertThat(scheduler.nextTaskDelay()).as("the wake-up for the cancelled one stays: it finds nothing due")
        .isEqualTo(Duration.ofMillis(100));
    scheduler.runUntilIdle();
    assertThat(order).containsExactly("b@200");
  }

  @Test
  void callAsync_moreDueRetriesThanOneBatch_runAllAtTheirDueTimeInTwoWakeUps() {
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    List<CompletableFuture<String>> futures = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      futures.add(failOnce(retrier, 50, "r", order));
    }
    long before = scheduler.executedTasks();

    scheduler.advance(Duration.ofMillis(50));

    assertThat(order).hasSize(300).containsOnly("r@50");
    assertThat(futures).allSatisfy(f -> assertThat(f).isCompletedWithValue("r"));
    assertThat(scheduler.executedTasks() - before).as("two wake-ups (256, then the 44 left), each retry handed off "
        + "as a task of its own").isEqualTo(2 + 300);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_tickerBehindTheScheduler_runsTheRetryTheWakeUpWasFor() {
    FakeClock frozen = new FakeClock(); // never advanced: lags the scheduler's time
    Retrier<String> retrier = retrier(frozen::nanoTime);
    List<String> order = new ArrayList<>();
    CompletableFuture<String> call = failOnce(retrier, 1_000, "late", order);

    scheduler.advance(Duration.ofSeconds(1));

    assertThat(call).isCompletedWithValue("late");
    assertThat(order).containsExactly("late@1000");
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_schedulerShutDownWhileRetriesWait_failsTheOnesItCanNeitherHandOffNorWakeUpFor() {
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    CompletableFuture<String> first = failOnce(retrier, 100, "first", order);
    CompletableFuture<String> second = failOnce(retrier, 200, "second", order);
    CompletableFuture<String> third = failOnce(retrier, 300, "third", order);

    scheduler.shutdown(); // the wake-up already queued still runs; the hand-off and the next wake-up are refused
    scheduler.advance(Duration.ofMillis(100));

    assertThat(first.handle((r, e) -> e).join()).as("its hand-off was refused")
        .isInstanceOf(RejectedExecutionException.class);
    assertThat(second).isCompletedExceptionally();
    assertThat(third).isCompletedExceptionally();
    assertThat(second.handle((r, e) -> e).join()).isInstanceOf(RejectedExecutionException.class);
    assertThat(third.handle((r, e) -> e).join()).isInstanceOf(RejectedExecutionException.class);
    assertThat(order).isEmpty();
    assertThat(retrier.timer.size()).isZero();
  }

  @Test
  void callAsync_laterRetryAfterEarlierOne_keepsTheEarlierWakeUp() {
    Retrier<String> retrier = retrier(scheduler::nanoTime);
    List<String> order = new ArrayList<>();
    failOnce(retrier, 100, "a", order);
    failOnce(retrier, 300, "b", order);
    failOnce(retrier, 200, "c", order);

    assertThat(scheduler.pendingTasks()).isEqualTo(1);
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofMillis(100));
    scheduler.advance(Duration.ofMillis(100));
    assertThat(order).containsExactly("a@100");
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofMillis(100));
    scheduler.runUntilIdle();
    assertThat(order).containsExactly("a@100", "c@200", "b@300");
  }
}
