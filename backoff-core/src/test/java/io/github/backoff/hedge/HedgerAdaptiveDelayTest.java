package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The adaptive hedging delay: the initial delay until 20 latencies are known, the percentile after, refreshed at
 * most once per hundredth of the window, and one latency per call, the original attempt's.
 */
class HedgerAdaptiveDelayTest {
  private static final Duration INITIAL = Duration.ofMillis(500);

  private final ManualScheduler scheduler = new ManualScheduler();
  private final Attempts<String> attempts = new Attempts<>();

  private Hedger<String> hedger(double percentile) {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withPercentileDelay(percentile, INITIAL)
        .withLatencyWindow(Duration.ofSeconds(10)).hedgeOn(IOException.class).build();
    return Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  /** Starts {@code n} calls at once and answers all of their originals {@code millis} later. */
  private void answerAtOnce(Hedger<String> hedger, int n, long millis) {
    List<CompletableFuture<String>> originals = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int original = attempts.count() + 1;
      hedger.callAsync(attempts);
      originals.add(attempts.get(original));
    }
    scheduler.advance(Duration.ofMillis(millis));
    originals.forEach(f -> f.complete("ok"));
  }

  @Test
  void currentDelay_nineteenLatencies_isStillTheInitialDelay() {
    Hedger<String> hedger = hedger(50);
    answerAtOnce(hedger, 19, 10);
    scheduler.advance(Duration.ofMillis(100));

    assertThat(hedger.currentDelay()).isEqualTo(INITIAL);
  }

  @Test
  void currentDelay_twentyLatencies_isTheirPercentile() {
    Hedger<String> hedger = hedger(50);
    answerAtOnce(hedger, 20, 10);
    scheduler.advance(Duration.ofMillis(100));

    assertThat(hedger.currentDelay().toNanos()).isBetween(10_000_000L, 10_625_000L);
  }

  @Test
  void currentDelay_refreshedOncePerHundredthOfTheWindow() {
    Hedger<String> hedger = hedger(50);
    assertThat(hedger.currentDelay()).isEqualTo(INITIAL); // computed at t = 0, kept until t = 100 ms
    answerAtOnce(hedger, 25, 10);

    scheduler.advance(Duration.ofMillis(89)); // t = 99 ms
    assertThat(hedger.currentDelay()).as("cached").isEqualTo(INITIAL);
    scheduler.advance(Duration.ofMillis(1)); // t = 100 ms
    assertThat(hedger.currentDelay().toNanos()).isBetween(10_000_000L, 10_625_000L);
  }

  @Test
  void callAsync_hedgeableFailureThenHedgeWins_recordsTheOriginalsLatencyOnce() {
    Hedger<String> hedger = hedger(90);
    for (int i = 0; i < 20; i++) {
      int original = attempts.count() + 1;
      CompletableFuture<String> call = hedger.callAsync(attempts);
      scheduler.advance(Duration.ofMillis(10));
      attempts.get(original).completeExceptionally(new IOException("reset")); // the original: 10 ms
      scheduler.advance(Duration.ofMillis(40));
      attempts.get(original + 1).complete("hedge"); // at 50 ms: not the original's latency
      assertThat(call).isCompletedWithValue("hedge");
    }
    scheduler.advance(Duration.ofMillis(100));

    assertThat(hedger.currentDelay().toNanos()).isBetween(10_000_000L, 10_625_000L);
  }

  @Test
  void callAsync_hedgeWinsWhileOriginalRuns_recordsTheOriginalsTimeSoFar() {
    Hedger<String> hedger = hedger(50);
    List<CompletableFuture<String>> calls = new ArrayList<>();
    for (int i = 0; i < 20; i++) { // 20 calls at once (a window of 10 s: no decay meanwhile)
      calls.add(hedger.callAsync(attempts));
    }
    scheduler.advance(INITIAL.plusMillis(30)); // every hedge went out at 500 ms
    assertThat(attempts.count()).isEqualTo(40);
    for (int i = 21; i <= 40; i++) {
      attempts.get(i).complete("hedge");
    }
    assertThat(calls).allSatisfy(call -> assertThat(call).isCompletedWithValue("hedge"));
    for (int i = 1; i <= 20; i++) {
      assertThat(attempts.get(i)).isCancelled();
    }
    scheduler.advance(Duration.ofMillis(100));

    assertThat(hedger.currentDelay().toNanos()).isBetween(530_000_000L, 563_125_000L);
  }

  @Test
  void callAsync_noListenersNoHistogram_hedgesAFullDelayAfterTheCallStarted() {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(100)).build();
    Hedger<String> hedger = Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
    scheduler.advance(Duration.ofMillis(30));
    hedger.callAsync(attempts);

    scheduler.advance(Duration.ofMillis(99));
    assertThat(attempts.count()).isEqualTo(1);
    scheduler.advance(Duration.ofMillis(1));
    assertThat(attempts.count()).isEqualTo(2);
  }
}
