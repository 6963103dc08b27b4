package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class RatioBudgetTest {
  private static final int ROUNDS = 20_000;

  /**
   * Regression (found by jcstress, BudgetStress.RatioLastRetry, in half of its samples): tryAcquireRetry read the
   * balance and then counted the retry, so two callers that both saw the last retry both got it. Two threads race
   * for the only retry of a fresh budget, round after round: never both get it (and never neither). After the fix
   * this cannot fail whatever the interleaving; before it, it failed within the first few hundred rounds.
   */
  @Test
  void tryAcquireRetry_twoCallersAndTheLastRetry_exactlyOneGetsIt() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      CyclicBarrier start = new CyclicBarrier(2);
      RatioBudget[] budgets = new RatioBudget[ROUNDS];
      for (int i = 0; i < ROUNDS; i++) {
        budgets[i] = new RatioBudget(0, Duration.ofSeconds(1), 1, () -> 0L); // a reserve of exactly one retry
      }
      Future<long[]> first = threads.submit(() -> race(start, budgets));
      Future<long[]> second = threads.submit(() -> race(start, budgets));
      long[] a = first.get();
      long[] b = second.get();
      for (int i = 0; i < ROUNDS; i++) {
        assertThat(a[i] + b[i]).as("round %d: one granted (1) and one denied (-1)", i).isZero();
        assertThat(budgets[i].available()).as("round %d", i).isZero();
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static long[] race(CyclicBarrier start, RatioBudget[] budgets) throws Exception {
    long[] granted = new long[budgets.length];
    for (int i = 0; i < budgets.length; i++) {
      if (i % 100 == 0) {
        start.await(); // re-align the two threads now and then; in between they run side by side
      }
      granted[i] = budgets[i].tryAcquireRetry(null);
    }
    return granted;
  }

  @Test
  void tryAcquireRetry_afterARefund_grantsTheRetryAgain() {
    RatioBudget budget = new RatioBudget(0, Duration.ofSeconds(1), 1, () -> 0L);

    assertThat(budget.tryAcquireRetry(null)).isEqualTo(1);
    assertThat(budget.tryAcquireRetry(null)).isEqualTo(-1);
    budget.refundRetry(1);
    assertThat(budget.tryAcquireRetry(null)).isEqualTo(1);
  }
}
