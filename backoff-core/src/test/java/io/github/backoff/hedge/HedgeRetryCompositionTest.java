package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Retry outside, hedge inside: each retry is a hedged call of its own, in one virtual timeline. */
class HedgeRetryCompositionTest {
  private final ManualScheduler scheduler = new ManualScheduler();
  private final Attempts<String> attempts = new Attempts<>();
  private final List<HedgeEvent<? extends String>> hedgeEvents = new CopyOnWriteArrayList<>();

  private final Hedger<String> hedger = Hedger.builder(HedgePolicy.<String>builder()
          .withDelay(Duration.ofMillis(100))
          .onEvent(hedgeEvents::add)
          .build())
      .withTicker(scheduler::nanoTime).withScheduler(scheduler).build();

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(scheduler::nanoTime).withSleeper(scheduler::sleep)
        .withScheduler(scheduler).build();
  }

  private void advanceMillis(long ms) {
    scheduler.advance(Duration.ofMillis(ms));
  }

  @Test
  void retryOutsideHedgeInside_failureIsRetriedAndSlownessIsHedged() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(3)
        .retryOn(IOException.class)
        .build();
    CompletableFuture<String> result = retrier(policy).callAsync(() -> hedger.callAsync(attempts));

    advanceMillis(10);
    attempts.get(1).completeExceptionally(new IOException("reset")); // the hedged call fails: a retry is due
    assertThat(result).isNotDone();
    advanceMillis(999);
    assertThat(attempts.count()).isEqualTo(1);
    advanceMillis(1); // t = 1010 ms: the retry, a new hedged call
    assertThat(attempts.count()).isEqualTo(2);
    advanceMillis(100); // its original is slow: the hedge goes out
    assertThat(attempts.count()).isEqualTo(3);
    advanceMillis(20);
    attempts.get(3).complete("from the hedge");

    assertThat(result).isCompletedWithValue("from the hedge");
    assertThat(attempts.get(2)).isCancelled();
    assertThat(hedgeEvents).containsExactly(
        new HedgeSent<>(2, Duration.ofMillis(100), false),
        new HedgeWon<>(2, Duration.ofMillis(120), 2, "from the hedge"),
        new HedgeCancelled<>(1, Duration.ofMillis(120)));
    advanceMillis(10_000);
    assertThat(attempts.count()).isEqualTo(3);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void retryAttemptTimeout_cancelsTheHedgedCallAndAllItsAttempts() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(50)))
        .withMaxAttempts(2)
        .withAttemptTimeout(Duration.ofMillis(300))
        .build();
    CompletableFuture<String> result = retrier(policy).callAsync(() -> hedger.callAsync(attempts));

    advanceMillis(300); // original and hedge both hang: the retry policy's attempt timeout fires
    assertThat(attempts.count()).isEqualTo(2);
    assertThat(attempts.get(1)).isCancelled();
    assertThat(attempts.get(2)).isCancelled();
    advanceMillis(50 + 300); // the retry: original and hedge again, both time out again
    assertThat(attempts.count()).isEqualTo(4);

    assertThatThrownBy(result::join).cause().isInstanceOf(RetryException.class)
        .extracting(t -> ((RetryException) t).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(attempts.get(3)).isCancelled();
    assertThat(attempts.get(4)).isCancelled();
  }

  @Test
  void cancellingTheRetriedCall_cancelsEveryHedgedAttempt() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withMaxAttempts(3).build();
    CompletableFuture<String> result = retrier(policy).callAsync(() -> hedger.callAsync(attempts));
    advanceMillis(100);

    result.cancel(true);
    assertThat(attempts.get(1)).isCancelled();
    assertThat(attempts.get(2)).isCancelled();
    advanceMillis(10_000);
    assertThat(attempts.count()).isEqualTo(2);
  }
}
