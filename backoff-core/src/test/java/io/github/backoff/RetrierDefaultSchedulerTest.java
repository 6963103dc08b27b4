package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.internal.DefaultScheduler;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Async retries on the default scheduler, in real time: its one timer thread hands each wake-up to a worker, so a
 * supplier that blocks neither runs on the timer thread nor delays another retry, and no thread waits for a retry.
 */
class RetrierDefaultSchedulerTest {

  private static Retrier<String> retrier(Duration wait) {
    return Retrier.of(RetryPolicy.<String>builder().withBackoff(Backoff.constant(wait)).withMaxAttempts(3).build());
  }

  @Test
  void callAsync_slowSupplierOnOneRetry_doesNotDelayAnotherRetrysWakeUp() throws Exception {
    CountDownLatch slowRetryStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicReference<String> slowThread = new AtomicReference<>();
    AtomicInteger slowAttempts = new AtomicInteger();
    CompletableFuture<String> slow = retrier(Duration.ofMillis(5)).callAsync(() -> {
      if (slowAttempts.incrementAndGet() == 1) {
        return CompletableFuture.failedFuture(new IOException("down"));
      }
      slowThread.set(Thread.currentThread().getName());
      slowRetryStarted.countDown();
      await(release); // a supplier that blocks before returning its stage
      return CompletableFuture.completedFuture("slow");
    });
    assertThat(slowRetryStarted.await(10, TimeUnit.SECONDS)).isTrue();

    AtomicInteger otherAttempts = new AtomicInteger();
    AtomicReference<String> otherThread = new AtomicReference<>();
    CompletableFuture<String> other = retrier(Duration.ofMillis(20)).callAsync(() -> {
      if (otherAttempts.incrementAndGet() == 1) {
        return CompletableFuture.failedFuture(new IOException("down"));
      }
      otherThread.set(Thread.currentThread().getName());
      return CompletableFuture.completedFuture("other");
    });

    String otherResult = other.get(10, TimeUnit.SECONDS); // while the slow supplier still blocks
    boolean slowStillBlocked = release.getCount() == 1 && !slow.isDone();
    release.countDown();

    assertThat(otherResult).isEqualTo("other");
    assertThat(slowStillBlocked).isTrue();
    assertThat(slow.get(10, TimeUnit.SECONDS)).isEqualTo("slow");
    assertThat(List.of(slowThread.get(), otherThread.get()))
        .allSatisfy(name -> assertThat(name).startsWith(DefaultScheduler.WORKER_PREFIX));
  }

  @Test
  void callAsync_manyRetriesWaiting_holdNoThread() throws Exception {
    CountDownLatch firstAttemptsDone = new CountDownLatch(50);
    List<CompletableFuture<String>> futures = new java.util.ArrayList<>();
    Retrier<String> retrier = retrier(Duration.ofHours(1));
    for (int i = 0; i < 50; i++) {
      futures.add(retrier.callAsync(() -> {
        firstAttemptsDone.countDown();
        return CompletableFuture.failedFuture(new IOException("down"));
      }));
    }
    assertThat(firstAttemptsDone.await(10, TimeUnit.SECONDS)).isTrue();

    List<String> waiting = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
        .filter(name -> name.startsWith("backoff") && !name.startsWith(DefaultScheduler.WORKER_PREFIX)).toList();
    futures.forEach(f -> f.cancel(true));

    assertThat(waiting).containsOnly(DefaultScheduler.TIMER_THREAD);
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
