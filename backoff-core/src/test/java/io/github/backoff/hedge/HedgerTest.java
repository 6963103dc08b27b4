package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class HedgerTest {
  private static final Duration DELAY = Duration.ofMillis(100);

  private final ManualScheduler scheduler = new ManualScheduler();
  private final List<HedgeEvent<? extends String>> events = new CopyOnWriteArrayList<>();
  private final Attempts<String> attempts = new Attempts<>();

  private HedgePolicyBuilder<String> fixed(int maxHedges) {
    return HedgePolicy.<String>builder().withDelay(DELAY).withMaxHedges(maxHedges).onEvent(events::add);
  }

  private Hedger<String> hedger(HedgePolicy<String> policy) {
    return Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  private void advanceMillis(long ms) {
    scheduler.advance(Duration.ofMillis(ms));
  }

  @Test
  void callAsync_answerBeforeDelay_sendsNoHedgeAndLeavesNothingQueued() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);
    advanceMillis(99);
    attempts.get(1).complete("fast");
    advanceMillis(1_000);

    assertThat(call).isCompletedWithValue("fast");
    assertThat(attempts.count()).isEqualTo(1);
    assertThat(events).containsExactly(new HedgeWon<>(1, Duration.ofMillis(99), 1, "fast"));
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_synchronousAnswer_schedulesNothing() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(() -> CompletableFuture.completedFuture("x"));

    assertThat(call).isCompletedWithValue("x");
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_slowOriginal_hedgeWinsAndOriginalIsCancelled() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);
    advanceMillis(99);
    assertThat(attempts.count()).isEqualTo(1);
    advanceMillis(1);
    assertThat(attempts.count()).isEqualTo(2);
    advanceMillis(20);
    attempts.get(2).complete("hedge");

    assertThat(call).isCompletedWithValue("hedge");
    assertThat(attempts.get(1)).isCancelled();
    assertThat(events).containsExactly(
        new HedgeSent<>(2, DELAY, false),
        new HedgeWon<>(2, Duration.ofMillis(120), 2, "hedge"),
        new HedgeCancelled<>(1, Duration.ofMillis(120)));
  }

  @Test
  void callAsync_originalWinsAfterHedgeSent_hedgeIsCancelled() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);
    advanceMillis(150);
    attempts.get(1).complete("original");

    assertThat(call).isCompletedWithValue("original");
    assertThat(attempts.get(2)).isCancelled();
    assertThat(events).contains(new HedgeCancelled<>(2, Duration.ofMillis(150)));
  }

  @Test
  void callAsync_twoHedges_sendsOneAfterEachDelayAndNoMore() {
    CompletableFuture<String> call = hedger(fixed(2).build()).callAsync(attempts);
    advanceMillis(100);
    assertThat(attempts.count()).isEqualTo(2);
    advanceMillis(99);
    assertThat(attempts.count()).isEqualTo(2);
    advanceMillis(1);
    assertThat(attempts.count()).isEqualTo(3);
    advanceMillis(10_000);
    assertThat(attempts.count()).isEqualTo(3);
    assertThat(scheduler.pendingTasks()).isZero();

    attempts.get(3).complete("third");
    assertThat(call).isCompletedWithValue("third");
    assertThat(attempts.get(1)).isCancelled();
    assertThat(attempts.get(2)).isCancelled();
  }

  @Test
  void callAsync_zeroHedges_neverHedges() {
    CompletableFuture<String> call = hedger(fixed(0).build()).callAsync(attempts);
    advanceMillis(10_000);

    assertThat(attempts.count()).isEqualTo(1);
    attempts.get(1).complete("only");
    assertThat(call).isCompletedWithValue("only");
  }

  @Test
  void callAsync_zeroDelay_sendsEveryAttemptAtOnce() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ZERO).withMaxHedges(2).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    scheduler.runDueTasks();

    assertThat(attempts.count()).isEqualTo(3);
    attempts.get(2).complete("second");
    assertThat(call).isCompletedWithValue("second");
  }

  @Test
  void callAsync_hedgeableFastFailure_sendsNextHedgeAtOnce() {
    HedgePolicy<String> policy = fixed(2).hedgeOn(IOException.class).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    advanceMillis(10);
    attempts.get(1).completeExceptionally(new IOException("reset"));

    assertThat(attempts.count()).isEqualTo(2);
    assertThat(events).containsExactly(new HedgeSent<>(2, Duration.ofMillis(10), true));
    advanceMillis(99); // the next hedge is a full delay after the last one sent
    assertThat(attempts.count()).isEqualTo(2);
    advanceMillis(1);
    assertThat(attempts.count()).isEqualTo(3);
    attempts.get(2).complete("second");
    assertThat(call).isCompletedWithValue("second");
  }

  @Test
  void callAsync_everyAttemptFailsHedgeably_failsWithLastFailure() {
    HedgePolicy<String> policy = fixed(1).hedgeOn(IOException.class).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    attempts.get(1).completeExceptionally(new IOException("first"));
    assertThat(call).isNotDone();
    IOException last = new IOException("second");
    attempts.get(2).completeExceptionally(last);

    assertThatThrownBy(call::get).isInstanceOf(ExecutionException.class).cause().isSameAs(last);
    advanceMillis(1_000);
    assertThat(attempts.count()).isEqualTo(2);
  }

  @Test
  void callAsync_hedgeableFailureWhileHedgeInFlight_waitsForTheHedge() {
    HedgePolicy<String> policy = fixed(1).hedgeOn(IOException.class).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    advanceMillis(100);
    attempts.get(1).completeExceptionally(new IOException("late failure"));

    assertThat(call).isNotDone();
    attempts.get(2).complete("hedge");
    assertThat(call).isCompletedWithValue("hedge");
  }

  @Test
  void callAsync_fatalFailure_failsAtOnceAndCancelsOthers() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);
    advanceMillis(100);
    IllegalStateException fatal = new IllegalStateException("bad request");
    attempts.get(2).completeExceptionally(fatal);

    assertThatThrownBy(call::get).cause().isSameAs(fatal);
    assertThat(attempts.get(1)).isCancelled();
  }

  @Test
  void callAsync_failureWrappedInCompletionException_isUnwrapped() {
    IOException cause = new IOException("x");
    CompletableFuture<String> call = hedger(fixed(1).build())
        .callAsync(() -> CompletableFuture.supplyAsync(() -> {
          throw new java.util.concurrent.CompletionException(cause);
        }, Runnable::run));

    assertThatThrownBy(call::get).cause().isSameAs(cause);
  }

  @Test
  void callAsync_unacceptableResult_hedgesAtOnceThenReturnsLastResultIfNoneIsAcceptable() {
    HedgePolicy<String> policy = fixed(1).hedgeIfResult("busy"::equals).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    attempts.get(1).complete("busy");
    assertThat(attempts.count()).isEqualTo(2);
    assertThat(call).isNotDone();
    attempts.get(2).complete("busy");

    assertThat(call).isCompletedWithValue("busy");
  }

  @Test
  void callAsync_budgetDenies_sendsNoHedgeAndTellsListeners() {
    RetryBudget empty = RetryBudget.ratio(0, Duration.ofSeconds(1), 0, scheduler::nanoTime);
    CompletableFuture<String> call = hedger(fixed(2).withBudget(empty).build()).callAsync(attempts);
    advanceMillis(1_000);

    assertThat(attempts.count()).isEqualTo(1);
    assertThat(events).containsExactly(new HedgeDenied<>(2, DELAY));
    attempts.get(1).complete("slow");
    assertThat(call).isCompletedWithValue("slow");
  }

  @Test
  void callAsync_budgetOfTenPercent_capsHedgesAtTenPercentOfCalls() {
    RetryBudget tenPercent = RetryBudget.ratio(0.1, Duration.ofSeconds(60), 0, scheduler::nanoTime);
    Hedger<String> hedger = hedger(fixed(1).withBudget(tenPercent).build());
    for (int i = 0; i < 200; i++) {
      hedger.callAsync(attempts);
    }
    advanceMillis(100);

    assertThat(attempts.count()).isEqualTo(220);
  }

  @Test
  void cancel_cancelsEveryAttemptAndSendsNoFurtherHedge() {
    CompletableFuture<String> call = hedger(fixed(2).build()).callAsync(attempts);
    advanceMillis(100);
    assertThat(call.cancel(true)).isTrue();
    advanceMillis(1_000);

    assertThat(attempts.count()).isEqualTo(2);
    assertThat(attempts.get(1)).isCancelled();
    assertThat(attempts.get(2)).isCancelled();
    assertThat(events).contains(new HedgeCancelled<>(1, DELAY), new HedgeCancelled<>(2, DELAY));
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void completeExceptionally_fromOutside_cancelsEveryAttempt() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);
    call.completeExceptionally(new TimeoutException());

    assertThat(attempts.get(1)).isCancelled();
    advanceMillis(1_000);
    assertThat(attempts.count()).isEqualTo(1);
  }

  @Test
  void callAsync_supplierThrows_countsAsFailedAttempt() {
    AtomicInteger calls = new AtomicInteger();
    HedgePolicy<String> policy = fixed(1).hedgeOn(IOException.class).build();
    CompletableFuture<String> call = hedger(policy).callAsync(() -> {
      if (calls.incrementAndGet() == 1) {
        throw new java.io.UncheckedIOException(new IOException("no connection"));
      }
      return CompletableFuture.completedFuture("second");
    });

    // UncheckedIOException is not an IOException: the failure is the answer.
    assertThatThrownBy(call::get).cause().isInstanceOf(java.io.UncheckedIOException.class);
    assertThat(calls).hasValue(1);
  }

  @Test
  void callAsync_supplierReturnsNull_failsWithNullPointerException() {
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(() -> null);

    assertThatThrownBy(call::get).cause().isInstanceOf(NullPointerException.class)
        .hasMessageContaining("supplier returned null");
  }

  @Test
  void callAsync_listenerThrows_isIgnored() {
    HedgePolicy<String> policy = fixed(1).onEvent(e -> {
      throw new IllegalStateException("listener bug");
    }).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    advanceMillis(100);
    attempts.get(2).complete("hedge");

    assertThat(call).isCompletedWithValue("hedge");
    assertThat(events).hasSize(3);
  }

  @Test
  void callAsync_rejectedByShutDownScheduler_failsWithRejectedExecution() {
    scheduler.shutdown();
    CompletableFuture<String> call = hedger(fixed(1).build()).callAsync(attempts);

    assertThat(call).isCompletedExceptionally();
    assertThat(attempts.get(1)).isCancelled();
  }

  @Test
  void callAsync_orTimeout_cancelsAttemptsWithRealScheduler() throws Exception {
    CompletableFuture<String> call = Hedger.of(fixed(1).build()).callAsync(attempts)
        .orTimeout(1, TimeUnit.MILLISECONDS);

    assertThatThrownBy(() -> call.get(10, TimeUnit.SECONDS)).cause().isInstanceOf(TimeoutException.class);
    // The caller may wake before the hedger's own completion callback has run: wait for the attempt's outcome.
    assertThatThrownBy(() -> attempts.get(1).get(10, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
    assertThat(attempts.get(1)).isCancelled();
  }

  @Test
  void currentDelay_percentilePolicy_followsRecentLatencies() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withPercentileDelay(90.0, Duration.ofMillis(500))
        .withLatencyWindow(Duration.ofSeconds(10))
        .build();
    Hedger<String> hedger = hedger(policy);
    assertThat(hedger.currentDelay()).isEqualTo(Duration.ofMillis(500));

    for (int i = 0; i < 100; i++) { // 90 answers in 10 ms, 10 in 300 ms: p90 is 10 ms
      CompletableFuture<String> call = hedger.callAsync(attempts);
      advanceMillis(i % 10 == 0 ? 300 : 10);
      attempts.get(attempts.count()).complete("ok");
      assertThat(call).isDone();
    }
    advanceMillis(100); // let the cached delay refresh
    assertThat(hedger.currentDelay().toNanos()).isBetween(10_000_000L, 10_625_000L);

    for (int i = 0; i < 2_000; i++) { // the service slows down: 50 ms for ten seconds
      int original = attempts.count() + 1;
      CompletableFuture<String> call = hedger.callAsync(attempts);
      advanceMillis(50); // the original answers; the hedge (sent while the delay was below 50 ms) is cancelled
      attempts.get(original).complete("ok");
      assertThat(call).isDone();
    }
    assertThat(hedger.currentDelay().toNanos()).isBetween(50_000_000L, 53_125_000L);
  }

  @Test
  void callAsync_adaptiveDelayFalls_laterCallIsNotHeldBehindEarlierOne() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withPercentileDelay(95.0, Duration.ofMillis(500))
        .build();
    Hedger<String> hedger = hedger(policy);
    CompletableFuture<String> hung = hedger.callAsync(attempts); // hedge due at 500 ms
    for (int i = 0; i < 30; i++) { // 30 calls answered in 10 ms: the delay falls to about 10 ms
      int original = attempts.count() + 1;
      hedger.callAsync(attempts);
      advanceMillis(10);
      attempts.get(original).complete("ok");
    }
    advanceMillis(10); // t = 310 ms; let the cached delay refresh
    assertThat(hedger.currentDelay().toMillis()).isBetween(10L, 11L);

    int original = attempts.count() + 1;
    CompletableFuture<String> call = hedger.callAsync(attempts);
    advanceMillis(11);

    assertThat(attempts.count()).as("the new call's hedge went out at its own due time").isEqualTo(original + 1);
    assertThat(hung).isNotDone();
    advanceMillis(200);
    assertThat(attempts.count()).isEqualTo(original + 2); // the hung call's hedge, at 500 ms
    attempts.get(original + 1).complete("hedge");
    assertThat(call).isCompletedWithValue("hedge");
  }

  @Test
  void callAsync_hedgeableFailureAndBudgetDenies_failsWithThatFailure() {
    RetryBudget empty = RetryBudget.ratio(0, Duration.ofSeconds(1), 0, scheduler::nanoTime);
    HedgePolicy<String> policy = fixed(1).withBudget(empty).hedgeOn(IOException.class).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    IOException failure = new IOException("reset");
    attempts.get(1).completeExceptionally(failure);

    assertThatThrownBy(call::get).cause().isSameAs(failure);
    assertThat(attempts.count()).isEqualTo(1);
    assertThat(events).containsExactly(new HedgeDenied<>(2, Duration.ZERO));
  }

  @Test
  void callAsync_resultConditionThrows_failsWithWhatItThrew() {
    IllegalStateException bug = new IllegalStateException("condition bug");
    HedgePolicy<String> policy = fixed(1).hedgeIfResult(r -> {
      throw bug;
    }).build();
    CompletableFuture<String> call = hedger(policy).callAsync(attempts);
    attempts.get(1).complete("x");

    assertThatThrownBy(call::get).cause().isSameAs(bug);
  }

  @Test
  void currentDelay_belowMinDelay_isTheMinDelay() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder()
        .withPercentileDelay(50.0, Duration.ofMillis(100))
        .withMinDelay(Duration.ofMillis(5))
        .build();
    Hedger<String> hedger = hedger(policy);
    for (int i = 0; i < 30; i++) {
      hedger.callAsync(() -> CompletableFuture.completedFuture("instant"));
    }
    advanceMillis(200);

    assertThat(hedger.currentDelay()).isEqualTo(Duration.ofMillis(5));
  }
}
