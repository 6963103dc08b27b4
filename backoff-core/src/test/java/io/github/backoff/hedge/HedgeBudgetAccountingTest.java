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

/** What a hedged call tells its budget: one request, each hedge's cost, and the sum of costs back on success. */
class HedgeBudgetAccountingTest {
  private final ManualScheduler scheduler = new ManualScheduler();
  private final Attempts<String> attempts = new Attempts<>();
  private final RecordingBudget budget = new RecordingBudget();

  /** A budget that grants hedges at costs 5, 7, 9... and records what it is told. */
  private static final class RecordingBudget implements RetryBudget {
    final List<String> log = new ArrayList<>();
    long nextCost = 5;
    boolean deny;

    @Override
    public synchronized void onRequest() {
      log.add("request");
    }

    @Override
    public synchronized void onFailure() {
      log.add("failure");
    }

    @Override
    public synchronized long tryAcquireRetry(Throwable failure) {
      if (deny) {
        log.add("denied");
        return -1;
      }
      long cost = nextCost;
      nextCost += 2;
      log.add("acquire " + cost);
      return cost;
    }

    @Override
    public synchronized void onSuccess(long acquired) {
      log.add("success " + acquired);
    }
  }

  private Hedger<String> hedger(int maxHedges) {
    HedgePolicy<String> policy = HedgePolicy.<String>builder().withDelay(Duration.ofMillis(100))
        .withMaxHedges(maxHedges).withBudget(budget).hedgeOn(IOException.class).build();
    return Hedger.builder(policy).withTicker(scheduler::nanoTime).withScheduler(scheduler).build();
  }

  @Test
  void callAsync_originalWinsBeforeDelay_reportsTheRequestAndSuccessWithNoCost() {
    CompletableFuture<String> call = hedger(2).callAsync(attempts);
    attempts.get(1).complete("fast");

    assertThat(call).isCompletedWithValue("fast");
    assertThat(budget.log).containsExactly("request", "success 0");
  }

  @Test
  void callAsync_secondHedgeWins_reportsTheSumOfBothHedgesCosts() {
    CompletableFuture<String> call = hedger(2).callAsync(attempts);
    scheduler.advance(Duration.ofMillis(200));
    assertThat(attempts.count()).isEqualTo(3);
    attempts.get(3).complete("third");

    assertThat(call).isCompletedWithValue("third");
    assertThat(budget.log).containsExactly("request", "acquire 5", "acquire 7", "success 12");
  }

  @Test
  void callAsync_fatalFailure_reportsOneFailure() {
    CompletableFuture<String> call = hedger(2).callAsync(attempts);
    attempts.get(1).completeExceptionally(new IllegalStateException("fatal"));

    assertThat(call).isCompletedExceptionally();
    assertThat(budget.log).containsExactly("request", "failure");
  }

  @Test
  void callAsync_hedgeableFailureThenWin_reportsTheFailureAndTheHedgesCost() {
    CompletableFuture<String> call = hedger(1).callAsync(attempts);
    attempts.get(1).completeExceptionally(new IOException("reset"));
    attempts.get(2).complete("second");

    assertThat(call).isCompletedWithValue("second");
    assertThat(budget.log).containsExactly("request", "failure", "acquire 5", "success 5");
  }

  @Test
  void callAsync_budgetDeniesAfterHedgeableFailure_asksOnceAndSendsNoMore() {
    budget.deny = true;
    CompletableFuture<String> call = hedger(2).callAsync(attempts);
    attempts.get(1).completeExceptionally(new IOException("reset"));
    scheduler.advance(Duration.ofSeconds(1));

    assertThat(call).isCompletedExceptionally();
    assertThat(attempts.count()).isEqualTo(1);
    assertThat(budget.log).containsExactly("request", "failure", "denied");
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void callAsync_budgetDeniesTheTimedHedge_stopsHedgingAndTheOriginalStillAnswers() {
    budget.deny = true;
    CompletableFuture<String> call = hedger(2).callAsync(attempts);
    scheduler.advance(Duration.ofMillis(100));
    budget.deny = false;
    scheduler.advance(Duration.ofSeconds(1));

    assertThat(attempts.count()).as("a denied hedge stops hedging for the call").isEqualTo(1);
    attempts.get(1).complete("slow");
    assertThat(call).isCompletedWithValue("slow");
    assertThat(budget.log).containsExactly("request", "denied", "success 0");
  }
}
