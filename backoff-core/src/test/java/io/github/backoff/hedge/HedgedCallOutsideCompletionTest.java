package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Completing or cancelling a hedged call from outside: every attempt in flight is cancelled (with its event), no
 * further hedge is sent, the timer lets go of the call, and only the first completion counts.
 */
class HedgedCallOutsideCompletionTest {
  private static final Duration DELAY = Duration.ofMillis(100);

  private final ManualScheduler scheduler = new ManualScheduler();
  private final List<HedgeEvent<? extends String>> events = new CopyOnWriteArrayList<>();
  private final Attempts<String> attempts = new Attempts<>();

  private Hedger<String> hedger(int maxHedges) {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(DELAY).withMaxHedges(maxHedges)
        .hedgeOn(IOException.class).onEvent(events::add).build();
    return Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  @Test
  void complete_fromOutsideWithHedgesInFlight_cancelsThemAllAndSendsNoMore() {
    Hedger<String> hedger = hedger(3);
    CompletableFuture<String> call = hedger.callAsync(attempts);
    scheduler.advance(Duration.ofMillis(200));
    assertThat(attempts.count()).isEqualTo(3);

    assertThat(call.complete("cached")).isTrue();
    assertThat(call.complete("again")).isFalse();
    scheduler.advance(Duration.ofSeconds(1));

    assertThat(call).isCompletedWithValue("cached");
    assertThat(attempts.count()).isEqualTo(3);
    for (int i = 1; i <= 3; i++) {
      assertThat(attempts.get(i)).as("attempt %s", i).isCancelled();
    }
    assertThat(events).containsExactly(
        new HedgeSent<>(2, DELAY, false),
        new HedgeSent<>(3, Duration.ofMillis(200), false),
        new HedgeCancelled<>(1, Duration.ofMillis(200)),
        new HedgeCancelled<>(2, Duration.ofMillis(200)),
        new HedgeCancelled<>(3, Duration.ofMillis(200)));
    assertThat(hedger.timer.isEmpty()).isTrue();
  }

  @Test
  void cancel_beforeAnyHedge_unqueuesTheCall() {
    Hedger<String> hedger = hedger(1);
    CompletableFuture<String> call = hedger.callAsync(attempts);
    assertThat(hedger.timer.isEmpty()).isFalse();

    assertThat(call.cancel(false)).isTrue();

    assertThat(hedger.timer.isEmpty()).isTrue();
    assertThat(attempts.get(1)).isCancelled();
    assertThat(events).containsExactly(new HedgeCancelled<>(1, Duration.ZERO));
    scheduler.advance(Duration.ofSeconds(1));
    assertThat(attempts.count()).isEqualTo(1);
  }

  @Test
  void completeExceptionally_afterTheAnswer_changesNothing() {
    Hedger<String> hedger = hedger(1);
    CompletableFuture<String> call = hedger.callAsync(attempts);
    scheduler.advance(DELAY);
    attempts.get(2).complete("hedge");

    assertThat(call.completeExceptionally(new IOException("late"))).isFalse();
    assertThat(call.cancel(true)).isFalse();
    assertThat(call).isCompletedWithValue("hedge");
    assertThat(attempts.get(2)).isNotCancelled();
    assertThat(events).containsExactly(
        new HedgeSent<>(2, DELAY, false),
        new HedgeWon<>(2, DELAY, 2, "hedge"),
        new HedgeCancelled<>(1, DELAY));
  }

  @Test
  void callAsync_attemptAnswersAfterOutsideCompletion_isIgnored() {
    Hedger<String> hedger = hedger(1);
    CompletableFuture<String> call = hedger.callAsync(() -> new CompletableFuture<String>() {
      @Override
      public boolean cancel(boolean mayInterruptIfRunning) {
        return false; // an attempt that cannot be stopped
      }
    });
    call.complete("outside");

    assertThat(call).isCompletedWithValue("outside");
    assertThat(events).isEmpty();
  }

  @Test
  void callAsync_supplierThrowsOnAHedge_countsAsThatHedgesFailure() {
    Hedger<String> hedger = hedger(2);
    int[] calls = {0};
    CompletableFuture<String> original = new CompletableFuture<>();
    CompletableFuture<String> call = hedger.callAsync(() -> {
      if (++calls[0] == 1) {
        return original;
      }
      throw new IllegalStateException("hedge " + calls[0] + " refused");
    });
    scheduler.advance(DELAY);

    assertThat(call).isCompletedExceptionally();
    assertThat(call.handle((r, e) -> e.getMessage()).join()).isEqualTo("hedge 2 refused");
    assertThat(original).isCancelled();
  }

  @Test
  void callAsync_hedgeAlreadyDoneWhenReturned_answersWithoutStoringIt() {
    Hedger<String> hedger = hedger(2);
    int[] calls = {0};
    CompletableFuture<String> original = new CompletableFuture<>();
    CompletableFuture<String> call = hedger.callAsync(() -> ++calls[0] == 1 ? original
        : CompletableFuture.completedFuture("instant hedge"));
    scheduler.advance(DELAY);

    assertThat(call).isCompletedWithValue("instant hedge");
    assertThat(original).isCancelled();
    assertThat(calls[0]).isEqualTo(2);
    scheduler.advance(Duration.ofSeconds(1));
    assertThat(calls[0]).isEqualTo(2);
  }

  @Test
  void callAsync_allHedgesFailHedgeably_answersOnlyWhenTheLastAttemptEnds() {
    Hedger<String> hedger = hedger(2);
    CompletableFuture<String> call = hedger.callAsync(attempts);
    scheduler.advance(Duration.ofMillis(200));
    assertThat(attempts.count()).isEqualTo(3);

    attempts.get(2).completeExceptionally(new IOException("2"));
    attempts.get(3).completeExceptionally(new IOException("3"));
    assertThat(call).as("the original is still in flight").isNotDone();
    IOException last = new IOException("1");
    attempts.get(1).completeExceptionally(last);

    assertThat(call.handle((r, e) -> e).join()).isSameAs(last);
    assertThat(attempts.count()).isEqualTo(3);
  }

  @Test
  void callAsync_hedgeableFailureAfterLastHedge_waitsForTheOthersInFlight() {
    Hedger<String> hedger = hedger(1);
    CompletableFuture<String> call = hedger.callAsync(attempts);
    scheduler.advance(DELAY);
    attempts.get(2).completeExceptionally(new IOException("hedge failed"));

    assertThat(call).isNotDone();
    assertThat(attempts.get(1)).isNotCancelled();
    attempts.get(1).complete("original");
    assertThat(call).isCompletedWithValue("original");
    assertThat(events).contains(new HedgeWon<>(1, DELAY, 2, "original"));
  }
}
