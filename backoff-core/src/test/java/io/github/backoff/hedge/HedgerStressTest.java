package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * 50,000 hedged calls on real threads (25,000 with a percentile delay and a budget): attempts complete after
 * random short delays (so many are hedged), with random hedgeable and fatal failures, and a tenth of the calls
 * cancelled by the caller. Every future completes exactly once, with an outcome consistent with its attempts;
 * every attempt still running when its call ended is cancelled; nothing is left in the scheduler's queue.
 */
class HedgerStressTest {
  private static final int CALLS = 50_000;

  @Test
  void callAsync_manyCallsWithRandomCompletionsAndCancellations_eachCompletesExactlyOnce() throws Exception {
    run(HedgePolicy.<Integer>builder().withDelay(Duration.ofNanos(20_000)), CALLS, true);
  }

  @Test
  void callAsync_percentileDelayAndBudget_eachCompletesExactlyOnce() throws Exception {
    run(HedgePolicy.<Integer>builder()
        .withPercentileDelay(50.0, Duration.ofNanos(20_000))
        .withLatencyWindow(Duration.ofMillis(5))
        .withBudget(io.github.backoff.budget.RetryBudget.ratio(0.5, Duration.ofMillis(100), 1_000,
            io.github.backoff.Ticker.SYSTEM)), CALLS / 2, false);
  }

  /**
   * With {@code drains}, also checks that the scheduler drains. An adaptive delay may have grown (latencies on a
   * loaded machine) and the timer's last wake-up is not cancelled when its queue empties: it is left to fire.
   */
  private void run(HedgePolicyBuilder<Integer> builder, int count, boolean drains) throws Exception {
    ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2);
    scheduler.setRemoveOnCancelPolicy(true);
    ScheduledThreadPoolExecutor services = new ScheduledThreadPoolExecutor(2);
    services.setRemoveOnCancelPolicy(true);
    ExecutorService workers = Executors.newFixedThreadPool(2);
    AtomicInteger hedgesWon = new AtomicInteger();
    try {
      HedgePolicy<Integer> policy = builder
          .withMaxHedges(2)
          .hedgeOn(IOException.class)
          .onEvent(e -> {
            if (e instanceof HedgeWon<?> won && won.attempt() > 1) {
              hedgesWon.incrementAndGet();
            }
          })
          .build();
      Hedger<Integer> hedger = Hedger.builder(policy).withScheduler(scheduler).build();
      AtomicIntegerArray completions = new AtomicIntegerArray(count);
      AtomicIntegerArray attemptCounts = new AtomicIntegerArray(count);
      List<List<CompletableFuture<Integer>>> attempts = new ArrayList<>(count);
      List<CompletableFuture<Integer>> calls = new ArrayList<>(count);
      SplittableRandom random = new SplittableRandom(2026);
      int cancelsThatWon = 0;
      for (int i = 0; i < count; i++) {
        int op = i;
        long seed = random.nextLong();
        List<CompletableFuture<Integer>> mine = new ArrayList<>(3);
        attempts.add(mine);
        CompletableFuture<Integer> call = hedger.callAsync(() -> {
          int attempt = attemptCounts.incrementAndGet(op);
          SplittableRandom r = new SplittableRandom(seed + attempt);
          int kind = r.nextInt(100);
          CompletableFuture<Integer> f = new CompletableFuture<>();
          synchronized (mine) {
            mine.add(f);
          }
          Runnable finish = () -> {
            if (kind < 10) {
              f.completeExceptionally(new IOException("op " + op));
            } else if (kind < 12) {
              f.completeExceptionally(new IllegalStateException("fatal " + op));
            } else {
              f.complete(op);
            }
          };
          if (kind % 2 == 0) {
            workers.execute(finish);
          } else {
            services.schedule(() -> workers.execute(finish), r.nextLong(50_000), TimeUnit.NANOSECONDS);
          }
          return f;
        });
        call.whenComplete((v, t) -> completions.incrementAndGet(op));
        calls.add(call);
        if (random.nextInt(10) == 0 && call.cancel(random.nextBoolean())) {
          cancelsThatWon++; // how many win the race with completion is up to the machine's scheduling
        }
      }

      CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0]))
          .exceptionally(t -> null).get(60, TimeUnit.SECONDS);

      int succeeded = 0;
      int failed = 0;
      int cancelled = 0;
      for (int i = 0; i < count; i++) {
        CompletableFuture<Integer> call = calls.get(i);
        assertThat(completions.get(i)).as("completions of %d", i).isEqualTo(1);
        assertThat(attemptCounts.get(i)).isBetween(1, 3);
        if (call.isCancelled()) {
          cancelled++;
        } else {
          try {
            assertThat(call.join()).isEqualTo(i);
            succeeded++;
          } catch (CancellationException e) {
            throw new AssertionError(e);
          } catch (CompletionException e) {
            assertThat(e.getCause()).isInstanceOfAny(IOException.class, IllegalStateException.class);
            failed++;
          }
        }
        List<CompletableFuture<Integer>> mine = attempts.get(i);
        synchronized (mine) {
          assertThat(mine).as("attempts of %d", i).hasSize(attemptCounts.get(i)).allMatch(CompletableFuture::isDone);
        }
      }
      assertThat(succeeded + failed + cancelled).isEqualTo(count);
      // Exactly the calls our cancel() won are cancelled (nothing else cancels one); a window on their share would
      // measure the scheduler.
      assertThat(cancelled).isEqualTo(cancelsThatWon).isPositive();
      assertThat(failed).isPositive();
      assertThat(hedgesWon).hasPositiveValue();
      assertThat(hedger.timer.isEmpty()).as("every completed call left the hedger's timer").isTrue();
      if (drains) {
        scheduler.shutdown();
        assertThat(scheduler.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(scheduler.getQueue()).isEmpty();
      }
    } finally {
      scheduler.shutdownNow();
      services.shutdownNow();
      workers.shutdownNow();
    }
  }
}
