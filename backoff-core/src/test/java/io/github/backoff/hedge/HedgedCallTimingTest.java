package io.github.backoff.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * When hedges go out: the hedge after a fast failure a full delay after that hedge (not after the call's start), a
 * budget that charges nothing still grants hedges; and what completing the call from outside returns.
 */
class HedgedCallTimingTest {
  private static final Duration DELAY = Duration.ofMillis(100);

  private final ManualScheduler scheduler = new ManualScheduler();
  private final Attempts<String> attempts = new Attempts<>();

  private Hedger<String> hedger(HedgePolicyBuilder<String> policy) {
    return Hedger.builder(policy.build()).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  private static HedgePolicyBuilder<String> policy(int maxHedges) {
    return HedgePolicy.<String>builder().withDelay(DELAY).withMaxHedges(maxHedges).hedgeOn(IOException.class);
  }

  @Test
  void callAsync_originalFailsFast_nextHedgeIsAFullDelayAfterTheHedgeItSent() {
    hedger(policy(2)).callAsync(attempts);
    scheduler.advance(Duration.ofMillis(30));

    attempts.get(1).completeExceptionally(new IOException("fast failure"));
    assertThat(attempts.count()).as("the failure sends a hedge at once").isEqualTo(2);
    scheduler.advance(Duration.ofMillis(99));
    assertThat(attempts.count()).as("not at 100 ms from the start").isEqualTo(2);
    scheduler.advance(Duration.ofMillis(1));

    assertThat(attempts.count()).as("at 130 ms").isEqualTo(3);
  }

  @Test
  void callAsync_budgetChargesNothing_sendsTheHedge() {
    List<String> log = new ArrayList<>();
    RetryBudget free = new RetryBudget() {
      @Override
      public void onRequest() {}

      @Override
      public void onFailure() {}

      @Override
      public long tryAcquireRetry(Throwable failure) {
        log.add("acquire 0");
        return 0;
      }

      @Override
      public void onSuccess(long acquired) {
        log.add("success " + acquired);
      }
    };
    CompletableFuture<String> call = hedger(policy(1).withBudget(free)).callAsync(attempts);

    scheduler.advance(DELAY);
    assertThat(attempts.count()).isEqualTo(2);
    attempts.get(2).complete("hedge");

    assertThat(call).isCompletedWithValue("hedge");
    assertThat(log).containsExactly("acquire 0", "success 0");
  }

  @Test
  void completeExceptionally_fromOutside_returnsTrueOnceAndCancelsTheOriginal() {
    CompletableFuture<String> call = hedger(policy(1)).callAsync(attempts);

    assertThat(call.completeExceptionally(new IllegalStateException("outside"))).isTrue();
    assertThat(call.completeExceptionally(new IllegalStateException("again"))).isFalse();

    assertThat(attempts.get(1)).isCancelled();
  }
}
