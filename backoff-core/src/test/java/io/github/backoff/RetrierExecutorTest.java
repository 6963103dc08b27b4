package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.backoff.internal.DefaultScheduler;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 32 item 1: the timer hands each due retry on its own to the retrier's executor, so a supplier that blocks
 * never delays another retry's start; the executor's refusals fail the future, never lose it. Time is virtual
 * (a manual scheduler) wherever the test allows; the blocking is real, released by latches, never by sleeps.
 */
class RetrierExecutorTest {
  private static final Duration DELAY = Duration.ofMillis(50);
  /** Only a bound for a broken build: a passing run never waits for it. */
  private static final long PATIENCE_SECONDS = 30;

  private final ManualScheduler scheduler = new ManualScheduler();
  private final ExecutorService pool = Executors.newFixedThreadPool(2);

  @AfterEach
  void shutDown() {
    pool.shutdownNow();
  }

  private RetrierBuilder<String> builder() {
    return Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.constant(DELAY)).withMaxAttempts(3)
        .build());
  }

  /**
   * A supplier whose first attempt fails at once and whose retry runs {@code retry}: the shape of the issue's
   * benchmark (a blocking call behind a {@code CompletableFuture.completedFuture}).
   */
  private static Supplier<CompletionStage<String>> failOnceThen(Supplier<String> retry) {
    AtomicInteger calls = new AtomicInteger();
    return () -> calls.incrementAndGet() == 1 ? CompletableFuture.failedFuture(new IOException("down"))
        : CompletableFuture.completedFuture(retry.get());
  }

  private static boolean await(CountDownLatch latch) {
    try {
      return latch.await(PATIENCE_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * Two retries due in the same wake-up: the first one's supplier blocks until the second one has started. Before
   * the hand-off both ran in turn on the wake-up's thread, so the first waited for a start that came only after it:
   * the test then failed on its patience (and, with a manual scheduler, on the test's own thread).
   */
  private void assertBlockingRetryDoesNotDelayTheOther(Retrier<String> retrier, Runnable advance) {
    CountDownLatch secondStarted = new CountDownLatch(1);
    AtomicReference<Boolean> sawSecondStart = new AtomicReference<>();
    CompletableFuture<String> blocking = retrier.callAsync(failOnceThen(() -> {
      sawSecondStart.set(await(secondStarted)); // blocks: a JDBC call, a blocking SDK
      return "blocking";
    }));
    CompletableFuture<String> other = retrier.callAsync(failOnceThen(() -> {
      secondStarted.countDown();
      return "other";
    }));

    advance.run();

    assertThat(other.orTimeout(PATIENCE_SECONDS, TimeUnit.SECONDS).join()).isEqualTo("other");
    assertThat(blocking.orTimeout(PATIENCE_SECONDS, TimeUnit.SECONDS).join()).isEqualTo("blocking");
    assertThat(sawSecondStart.get()).as("the second retry started while the first one's supplier blocked").isTrue();
  }

  @Test
  void callAsync_oneRetrysSupplierBlocks_anotherRetryDueAtTheSameTimeStartsOnTheDefaultWorkers() {
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(DefaultScheduler.workers()).build();
    assertBlockingRetryDoesNotDelayTheOther(retrier, () -> scheduler.advance(DELAY));
  }

  @Test
  void callAsync_oneRetrysSupplierBlocks_anotherRetryDueAtTheSameTimeStartsOnTheUsersExecutor() {
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(pool).build();
    assertBlockingRetryDoesNotDelayTheOther(retrier, () -> scheduler.advance(DELAY));
  }

  @Test
  void callAsync_defaultSchedulerAndExecutor_blockingRetryDoesNotDelayAnother() {
    Retrier<String> retrier = Retrier.of(RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ZERO))
        .withMaxAttempts(3).build());
    assertBlockingRetryDoesNotDelayTheOther(retrier, () -> { });
  }

  @Test
  void callAsync_defaultExecutor_runsRetriesOnVirtualThreadsFromJdk21ElseOnTheBoundedWorkers() throws Exception {
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(DefaultScheduler.workers()).build();
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    CompletableFuture<String> call = retrier.callAsync(failOnceThen(() -> {
      ranOn.set(Thread.currentThread());
      return "done";
    }));
    scheduler.advance(DELAY);
    assertThat(call.orTimeout(PATIENCE_SECONDS, TimeUnit.SECONDS).join()).isEqualTo("done");

    boolean jdk21 = Runtime.version().feature() >= 21;
    assertThat(DefaultScheduler.virtualWorkers()).isEqualTo(jdk21);
    assertThat(ranOn.get().getName()).startsWith(DefaultScheduler.WORKER_PREFIX);
    if (jdk21) {
      assertThat(Thread.class.getMethod("isVirtual").invoke(ranOn.get())).isEqualTo(true);
    } else {
      assertThat(ranOn.get().isDaemon()).isTrue();
    }
  }

  @Test
  void callAsync_schedulerOnly_runsEachDueRetryAsATaskOfTheScheduler() {
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    List<String> ran = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String name = "r" + i;
      retrier.callAsync(failOnceThen(() -> {
        ran.add(name);
        return name;
      }));
    }
    long before = scheduler.executedTasks();

    scheduler.advance(DELAY);

    assertThat(ran).containsExactlyInAnyOrder("r0", "r1", "r2");
    assertThat(scheduler.executedTasks() - before).as("one wake-up, then one task per retry").isEqualTo(1 + 3);
  }

  @Test
  void callAsync_executorRefusesOneRetry_failsThatFutureWithTheRefusalAndHandsOffTheOthers() {
    RejectedExecutionException refusal = new RejectedExecutionException("saturated");
    AtomicInteger handOffs = new AtomicInteger();
    Executor refusesTheFirst = task -> {
      if (handOffs.incrementAndGet() == 1) {
        throw refusal;
      }
      task.run();
    };
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(refusesTheFirst).build();
    AtomicInteger refusedCalls = new AtomicInteger();
    CompletableFuture<String> refused = retrier.callAsync(failOnceThen(() -> {
      refusedCalls.incrementAndGet();
      return "never";
    }));
    CompletableFuture<String> accepted = retrier.callAsync(failOnceThen(() -> "accepted"));

    scheduler.advance(DELAY);

    assertThat(refused.handle((r, t) -> t).join()).isSameAs(refusal);
    assertThat(refusedCalls).hasValue(0);
    assertThat(accepted).isCompletedWithValue("accepted");
    scheduler.advance(Duration.ofHours(1));
    assertThat(refusedCalls).as("the refused retry is not retried later").hasValue(0);
    assertThat(retrier.timer.size()).isZero();
  }

  @Test
  void callAsync_executorThrowsSomethingElse_failsTheFutureWithIt() {
    IllegalStateException broken = new IllegalStateException("broken executor");
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(task -> {
          throw broken;
        }).build();
    CompletableFuture<String> call = retrier.callAsync(failOnceThen(() -> "never"));

    scheduler.advance(DELAY);

    assertThat(call.handle((r, t) -> t).join()).isSameAs(broken);
  }

  @Test
  void callAsync_executorShutDownAfterBuild_failsTheDueRetryRatherThanHang() {
    ExecutorService shutLater = Executors.newSingleThreadExecutor();
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(shutLater).build();
    CompletableFuture<String> call = retrier.callAsync(failOnceThen(() -> "never"));
    shutLater.shutdown();

    scheduler.advance(DELAY);

    assertThat(call.handle((r, t) -> t).join()).isInstanceOf(RejectedExecutionException.class);
  }

  // Regression: the refusal was thrown out of the handed-off task, which a pool only logs: the future never completed
  // and the attempt's stage ran on unwatched.
  @Test
  void callAsync_schedulerRefusesTheRetrysAttemptTimer_failsTheFutureRatherThanHang() {
    List<Runnable> handedOff = new ArrayList<>();
    Retrier<String> retrier = Retrier.builder(RetryPolicy.<String>builder().withBackoff(Backoff.constant(DELAY))
            .withMaxAttempts(3).withAttemptTimeout(Duration.ofSeconds(1)).build())
        .withTicker(scheduler::nanoTime).withScheduler(scheduler).withExecutor(handedOff::add).build();
    CompletableFuture<String> retryStage = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> call = retrier.callAsync(() -> calls.incrementAndGet() == 1
        ? CompletableFuture.failedFuture(new IOException("down")) : retryStage);
    scheduler.advance(DELAY);
    assertThat(handedOff).hasSize(1);
    scheduler.shutdown(); // the attempt timer of the retry is refused from now on

    try {
      handedOff.get(0).run();
    } catch (RuntimeException e) {
      // what a pool's worker would do with it: log it, and go on
    }

    assertThat(calls).hasValue(2);
    assertThat(call).isCompletedExceptionally(); // before join: without the fix, join would wait forever
    assertThat(call.handle((r, t) -> t).join()).isInstanceOf(RejectedExecutionException.class);
    assertThat(retryStage).isCancelled();
  }

  @Test
  void callAsync_cancelledAfterTheHandOffBeforeTheTaskRuns_callsTheSupplierNoMore() {
    List<Runnable> handedOff = new ArrayList<>();
    Retrier<String> retrier = builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withExecutor(handedOff::add).build();
    AtomicInteger calls = new AtomicInteger();
    CompletableFuture<String> call = retrier.callAsync(() -> {
      calls.incrementAndGet();
      return CompletableFuture.failedFuture(new IOException("down"));
    });
    scheduler.advance(DELAY);
    assertThat(handedOff).hasSize(1);

    call.cancel(false);
    handedOff.get(0).run();

    assertThat(calls).hasValue(1);
    assertThat(call).isCancelled();
  }

  @Test
  void withExecutor_null_throwsNamingIt() {
    assertThatThrownBy(() -> builder().withExecutor(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("executor");
  }

  @Test
  void withExecutor_shutDown_throwsNamingItAndTheValue() {
    ExecutorService shut = Executors.newSingleThreadExecutor();
    shut.shutdown();
    assertThatThrownBy(() -> builder().withExecutor(shut)).isInstanceOf(InvalidParameterException.class)
        .hasMessage("executor must not be shut down: " + shut);
  }
}
