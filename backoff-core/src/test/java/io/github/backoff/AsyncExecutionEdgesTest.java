package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The async driver's edges: what completing the returned future from outside returns when it was already done, an
 * attempt timeout measured from the attempt's start when the supplier itself takes time, an outcome arriving exactly
 * at the timeout, a cancel that lands while the retry is being queued, and the pending retry not holding the failed
 * attempt's stage.
 */
class AsyncExecutionEdgesTest {
  private final FakeClock clock = new FakeClock();
  private final ManualScheduler scheduler = new ManualScheduler();

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withScheduler(scheduler).build();
  }

  private static RetryPolicy<String> oneSecondRetries() {
    return RetryPolicy.<String>builder()
        .withBackoff(io.github.backoff.strategy.Backoff.constant(Duration.ofSeconds(1))).build();
  }

  @Test
  void cancel_alreadySucceeded_returnsFalse() {
    CompletableFuture<String> call = retrier(oneSecondRetries())
        .callAsync(() -> CompletableFuture.completedFuture("ok"));

    assertThat(call.cancel(false)).isFalse();
    assertThat(call).isCompletedWithValue("ok");
  }

  @Test
  void complete_alreadyDone_returnsFalse() {
    CompletableFuture<String> call = retrier(oneSecondRetries()).callAsync(() -> new CompletableFuture<>());

    assertThat(call.complete("outside")).isTrue();
    assertThat(call.complete("again")).isFalse();
    assertThat(call).isCompletedWithValue("outside");
  }

  @Test
  void completeExceptionally_alreadyDone_returnsFalse() {
    CompletableFuture<String> call = retrier(oneSecondRetries())
        .callAsync(() -> CompletableFuture.completedFuture("ok"));

    assertThat(call.completeExceptionally(new IllegalStateException("late"))).isFalse();
    assertThat(call).isCompletedWithValue("ok");
  }

  @Test
  void completeAsync_returnsTheFutureItself() {
    CompletableFuture<String> call = retrier(oneSecondRetries()).callAsync(() -> new CompletableFuture<>());

    assertThat(call.completeAsync(() -> "outside", Runnable::run)).isSameAs(call);
    assertThat(call).isCompletedWithValue("outside");
  }

  @Test
  void callAsync_supplierTakesPartOfTheAttemptTimeout_timesOutAtTheRestOfIt() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder().withMaxAttempts(1)
        .withAttemptTimeout(Duration.ofMillis(100)).build());

    CompletableFuture<String> call = retrier.callAsync(() -> {
      clock.advance(Duration.ofMillis(30)); // the supplier itself runs 30 ms of the attempt
      return new CompletableFuture<>();
    });
    scheduler.advance(Duration.ofMillis(69));
    assertThat(call).isNotDone();
    scheduler.advance(Duration.ofMillis(1));

    assertThat(call).isCompletedExceptionally();
    assertThat(call.handle((r, e) -> e.getCause()).join()).isInstanceOf(AttemptTimeoutException.class);
  }

  @Test
  void callAsync_outcomeArrivesExactlyAtTheAttemptTimeout_countsAsTimedOut() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder().withMaxAttempts(1)
        .withAttemptTimeout(Duration.ofMillis(100)).build());
    CompletableFuture<String> attempt = new CompletableFuture<>();

    CompletableFuture<String> call = retrier.callAsync(() -> attempt);
    clock.advance(Duration.ofMillis(100)); // by the ticker the timeout has passed; the scheduler's timer has not run
    attempt.complete("late");

    assertThat(call).isCompletedExceptionally();
    assertThat(call.handle((r, e) -> e.getCause()).join()).isInstanceOf(AttemptTimeoutException.class);
  }

  @Test
  void callAsync_cancelledWhileItsRetryIsQueued_dropsTheRetryAndTheWakeUp() {
    CountingScheduler counting = new CountingScheduler();
    Retrier<String> retrier = Retrier.builder(oneSecondRetries()).withTicker(counting.manual::nanoTime)
        .withScheduler(counting).build();
    AtomicInteger attempts = new AtomicInteger();
    CompletableFuture<?>[] call = new CompletableFuture<?>[1];
    counting.onNextSchedule(() -> call[0].cancel(false)); // lands between the wake-up and the heap insertion
    CompletableFuture<String> failing = new CompletableFuture<>();

    call[0] = retrier.callAsync(() -> {
      attempts.incrementAndGet();
      return failing;
    });
    failing.completeExceptionally(new IOException("once"));

    assertThat(call[0]).isCancelled();
    assertThat(retrier.timer.size()).isZero();
    assertThat(counting.manual.pendingTasks()).isZero();
    counting.manual.runUntilIdle();
    assertThat(attempts).hasValue(1);
  }

  @Test
  void callAsync_retryPending_holdsNoStageOfTheFailedAttempt() throws Exception {
    Retrier<String> retrier = retrier(oneSecondRetries());
    CompletableFuture<String> failing = new CompletableFuture<>();

    CompletableFuture<String> call = retrier.callAsync(() -> failing);
    failing.completeExceptionally(new IOException("once"));

    Field inFlight = AsyncExecution.class.getDeclaredField("inFlight");
    inFlight.setAccessible(true);
    assertThat(inFlight.get(call)).isNull();
    assertThat(retrier.timer.size()).isEqualTo(1);
  }
}
