package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RetrierAsyncTest {
  private final ManualScheduler scheduler = new ManualScheduler();

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  private static RetryPolicyBuilder<String> constant(Duration d) {
    return RetryPolicy.<String>builder().withBackoff(Backoff.constant(d));
  }

  @Test
  void callAsync_waitingForRetry_holdsNoThreadAndRunsWhenDue() {
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(10)).build()).callAsync(() ->
        attempts.incrementAndGet() == 1
            ? CompletableFuture.failedFuture(new IOException("down"))
            : CompletableFuture.completedFuture("up"));

    assertThat(future).isNotDone();
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
    assertThat(scheduler.nextTaskDelay()).isEqualTo(Duration.ofSeconds(10));
    scheduler.advance(Duration.ofMillis(9_999));
    assertThat(attempts).hasValue(1);
    scheduler.advance(Duration.ofMillis(1));
    assertThat(future).isCompletedWithValue("up");
  }

  // Regression: a condition that threw escaped the attempt's stage callback, so the future never completed.
  @Test
  void callAsync_resultConditionThrows_failsWithWhatItThrew() {
    IllegalStateException boom = new IllegalStateException("condition broke");
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).retryIfResult(r -> {
      throw boom;
    }).build()).callAsync(() -> CompletableFuture.completedFuture("up"));

    assertThat(future).isCompletedExceptionally();
    assertThat(future.handle((r, e) -> e).join()).isSameAs(boom);
  }

  @Test
  void callAsync_failureConditionThrows_failsWithWhatItThrew() {
    IllegalStateException boom = new IllegalStateException("condition broke");
    CompletableFuture<String> attempt = new CompletableFuture<>();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).retryIf(e -> {
      throw boom;
    }).build()).callAsync(() -> attempt);

    attempt.completeExceptionally(new IOException("down"));

    assertThat(future).isCompletedExceptionally();
    assertThat(future.handle((r, e) -> e).join()).isSameAs(boom);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_cancelledWhileWaiting_cancelsPendingRetryAndStartsNoAttempt() {
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> {
      attempts.incrementAndGet();
      return CompletableFuture.failedFuture(new IOException("down"));
    });

    assertThat(future.cancel(true)).isTrue();

    assertThat(scheduler.pendingTasks()).isZero();
    scheduler.runUntilIdle();
    assertThat(attempts).hasValue(1);
    assertThat(future).isCancelled();
  }

  @Test
  void callAsync_cancelledDuringAttempt_cancelsTheAttemptsStage() {
    CompletableFuture<String> attempt = new CompletableFuture<>();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> attempt);

    future.cancel(true);

    assertThat(attempt).isCancelled();
    assertThat(scheduler.pendingTasks()).isZero();
  }

  /** The ways a caller can complete the returned future from outside; each must stop the execution as cancel does. */
  private static final java.util.Map<String, java.util.function.Consumer<CompletableFuture<String>>> FROM_OUTSIDE =
      java.util.Map.of(
          "complete", f -> assertThat(f.complete("outside")).isTrue(),
          "completeExceptionally", f -> assertThat(f.completeExceptionally(new IOException("outside"))).isTrue(),
          "obtrudeValue", f -> f.obtrudeValue("outside"),
          "obtrudeException", f -> f.obtrudeException(new IOException("outside")),
          "completeAsync", f -> f.completeAsync(() -> "outside", Runnable::run));
  // orTimeout completes through completeExceptionally too, but on the JDK's own timer thread: not here.

  // Regression: the execution overrode cancel only, so complete(...) left the pending retry queued (and its
  // scheduler task armed) until it fired, and the attempt in flight running.
  @Test
  void callAsync_completedFromOutsideWhileWaiting_dropsThePendingRetryAndStartsNoAttempt() {
    for (var way : FROM_OUTSIDE.entrySet()) {
      ManualScheduler scheduler = new ManualScheduler();
      Retrier<String> retrier = Retrier.builder(constant(Duration.ofSeconds(1)).build())
          .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
      AtomicInteger attempts = new AtomicInteger();
      CompletableFuture<String> future = retrier.callAsync(() -> {
        attempts.incrementAndGet();
        return CompletableFuture.failedFuture(new IOException("down"));
      });
      assertThat(retrier.timer.size()).isEqualTo(1);

      way.getValue().accept(future);

      assertThat(future).as(way.getKey()).isDone();
      assertThat(retrier.timer.size()).as(way.getKey() + ": the queued retry is dropped").isZero();
      assertThat(scheduler.pendingTasks()).as(way.getKey() + ": its wake-up is cancelled").isZero();
      scheduler.runUntilIdle();
      assertThat(attempts).as(way.getKey()).hasValue(1);
    }
  }

  @Test
  void callAsync_completedFromOutsideDuringAttempt_cancelsTheAttemptsStage() {
    for (var way : FROM_OUTSIDE.entrySet()) {
      CompletableFuture<String> attempt = new CompletableFuture<>();
      CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> attempt);

      way.getValue().accept(future);

      assertThat(attempt).as(way.getKey()).isCancelled();
      assertThat(future).as(way.getKey()).isDone();
    }
  }

  @Test
  void callAsync_completedFromOutside_keepsTheCallersOutcome() {
    CompletableFuture<String> attempt = new CompletableFuture<>();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> attempt);

    future.complete("outside");
    attempt.complete("late"); // the attempt's outcome arrives after all: ignored

    assertThat(future).isCompletedWithValue("outside");
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_supplierThrows_countsAsFailedAttempt() {
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> {
      if (attempts.incrementAndGet() == 1) {
        throw new IllegalStateException("thrown, not returned");
      }
      return CompletableFuture.completedFuture("ok");
    });

    scheduler.runUntilIdle();

    assertThat(future).isCompletedWithValue("ok");
    assertThat(attempts).hasValue(2);
  }

  @Test
  void callAsync_supplierReturnsNull_failsTheAttempt() {
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).withMaxAttempts(1).build())
        .callAsync(() -> null);

    assertThat(future).isCompletedExceptionally();
    assertThat(future.handle((v, t) -> t.getCause()).join())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("returned null");
  }

  @Test
  void callAsync_attemptNeverCompletes_timesOutCancelsStageAndRetries() {
    CompletableFuture<String> hung = new CompletableFuture<>();
    AtomicInteger attempts = new AtomicInteger();
    Supplier<CompletionStage<String>> supplier = () ->
        attempts.incrementAndGet() == 1 ? hung : CompletableFuture.completedFuture("ok");
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1))
        .withAttemptTimeout(Duration.ofSeconds(5)).build()).callAsync(supplier);

    scheduler.advance(Duration.ofMillis(4_999));
    assertThat(future).isNotDone();
    scheduler.advance(Duration.ofMillis(1));
    assertThat(hung).isCancelled();
    scheduler.advance(Duration.ofSeconds(1));

    assertThat(future).isCompletedWithValue("ok");
    assertThat(attempts).hasValue(2);
  }

  @Test
  void callAsync_lateOutcomeOfTimedOutAttempt_isIgnored() {
    CompletableFuture<String> slow = new CompletableFuture<>() {
      @Override
      public boolean cancel(boolean mayInterrupt) {
        return false; // an attempt that cannot be cancelled and completes later
      }
    };
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(10)).withMaxAttempts(2)
        .withAttemptTimeout(Duration.ofSeconds(1)).build())
        .callAsync(() -> attempts.incrementAndGet() == 1 ? slow : new CompletableFuture<>());

    scheduler.advance(Duration.ofSeconds(1));
    slow.complete("late");

    assertThat(future).isNotDone();
    scheduler.advance(Duration.ofSeconds(11));
    assertThat(future).isCompletedExceptionally();
    assertThat(attempts).hasValue(2);
  }

  @Test
  void callAsync_schedulerShutDown_completesExceptionally() {
    CompletableFuture<String> future = retrier(constant(Duration.ofSeconds(1)).build()).callAsync(() -> {
      scheduler.shutdown();
      return CompletableFuture.failedFuture(new IOException("down"));
    });

    assertThat(future).isCompletedExceptionally();
  }

  @Test
  void callAsync_stageCompletingWithCompletionException_isUnwrapped() {
    IOException cause = new IOException("wrapped");
    CompletableFuture<String> future = retrier(constant(Duration.ZERO).withMaxAttempts(1).build())
        .callAsync(() -> CompletableFuture.<String>failedFuture(cause).thenApply(s -> s));

    Throwable thrown = future.handle((v, t) -> t).join();
    assertThat(thrown).isInstanceOf(RetryException.class).hasCause(cause);
  }
}
