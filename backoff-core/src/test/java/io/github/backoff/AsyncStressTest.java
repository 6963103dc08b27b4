package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * 100,000 async executions on real threads, with random failures, random completion threads and random
 * cancellations: every future completes exactly once, with an outcome consistent with its attempts, and nothing is
 * left in the scheduler's queue.
 */
class AsyncStressTest {
  private static final int OPERATIONS = 100_000;

  @Test
  void callAsync_manyOperationsWithFailuresAndCancellations_eachCompletesExactlyOnce() throws Exception {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2);
    scheduler.setRemoveOnCancelPolicy(true);
    ExecutorService workers = Executors.newFixedThreadPool(2);
    try {
      RetryPolicy<Integer> policy = RetryPolicy.<Integer>builder()
          .withBackoff(Backoff.exponential(Duration.ofNanos(1_000), 2.0).withFullJitter())
          .withMaxAttempts(4)
          .build();
      Retrier<Integer> retrier = Retrier.builder(policy).withScheduler(scheduler).build();
      AtomicIntegerArray completions = new AtomicIntegerArray(OPERATIONS);
      AtomicIntegerArray attempts = new AtomicIntegerArray(OPERATIONS);
      List<CompletableFuture<Integer>> futures = new ArrayList<>(OPERATIONS);
      SplittableRandom random = new SplittableRandom(2026);
      int cancelsThatWon = 0;
      for (int i = 0; i < OPERATIONS; i++) {
        int op = i;
        long seed = random.nextLong();
        CompletableFuture<Integer> future = retrier.callAsync(() -> {
          int attempt = attempts.incrementAndGet(op);
          boolean fail = new SplittableRandom(seed + attempt).nextInt(100) < 40;
          return CompletableFuture.supplyAsync(() -> {
            if (fail) {
              throw new IllegalStateException(new IOException("op " + op + " attempt " + attempt));
            }
            return op;
          }, workers);
        });
        future.whenComplete((v, t) -> completions.incrementAndGet(op));
        futures.add(future);
        if (random.nextInt(10) == 0 && future.cancel(random.nextBoolean())) {
          cancelsThatWon++; // how many win the race with completion is up to the machine's scheduling
        }
      }

      CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0]))
          .exceptionally(t -> null).get(60, TimeUnit.SECONDS);

      int succeeded = 0;
      int gaveUp = 0;
      int cancelled = 0;
      for (int i = 0; i < OPERATIONS; i++) {
        CompletableFuture<Integer> f = futures.get(i);
        assertThat(completions.get(i)).as("completions of %d", i).isEqualTo(1);
        assertThat(attempts.get(i)).isBetween(1, 4);
        if (f.isCancelled()) {
          cancelled++;
          continue;
        }
        try {
          assertThat(f.join()).isEqualTo(i);
          succeeded++;
        } catch (CancellationException e) {
          throw new AssertionError(e);
        } catch (RuntimeException e) {
          RetryException retry = (RetryException) e.getCause();
          assertThat(retry.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(retry.attempts()).isEqualTo(4).isEqualTo(attempts.get(i));
          gaveUp++;
        }
      }
      assertThat(succeeded + gaveUp + cancelled).isEqualTo(OPERATIONS);
      // Exactly the calls our cancel() won are cancelled (nothing else cancels one); a window on their share would
      // measure the scheduler.
      assertThat(cancelled).isEqualTo(cancelsThatWon).isPositive();
      assertThat(gaveUp).isPositive();
      scheduler.shutdown();
      assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      assertThat(scheduler.getQueue()).isEmpty();
    } finally {
      scheduler.shutdownNow();
      workers.shutdownNow();
    }
  }
}
