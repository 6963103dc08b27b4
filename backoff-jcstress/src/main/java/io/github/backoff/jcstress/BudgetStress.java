package io.github.backoff.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * The retry budgets ({@link RetryBudget}: "thread-safe, lock-free"): two callers and the last retry, a refund
 * racing a take at capacity, and mixed costs. Every outcome must be one that some order of the two calls gives.
 */
public final class BudgetStress {
  private BudgetStress() {}

  /** A quota with room for exactly one more retry: two callers ask at once; exactly one gets it. */
  @JCStressTest
  @Outcome(id = "5, -1, 0", expect = ACCEPTABLE, desc = "the first caller takes the last retry")
  @Outcome(id = "-1, 5, 0", expect = ACCEPTABLE, desc = "the second caller takes the last retry")
  @Outcome(id = "5, 5, -5", expect = FORBIDDEN, desc = "both took the last retry: the quota went below zero")
  @Outcome(expect = FORBIDDEN, desc = "the quota lost or invented a retry")
  @State
  public static class QuotaLastRetry {
    final RetryBudget quota = RetryBudget.retryQuota(10, 5, 5, 5);

    public QuotaLastRetry() {
      quota.tryAcquireRetry(null); // 5 of 10 left: one retry
    }

    @Actor
    public void first(III_Result r) {
      r.r1 = (int) quota.tryAcquireRetry(null);
    }

    @Actor
    public void second(III_Result r) {
      r.r2 = (int) quota.tryAcquireRetry(null);
    }

    @Arbiter
    public void left(III_Result r) {
      r.r3 = (int) quota.available();
    }
  }

  /** A full quota: a success's refund (nothing to give back at capacity) races a retry's take. */
  @JCStressTest
  @Outcome(id = "5", expect = ACCEPTABLE, desc = "refund first (a no-op at capacity), then the take")
  @Outcome(id = "10", expect = ACCEPTABLE, desc = "take first, then the refund fills the quota again")
  @Outcome(expect = FORBIDDEN, desc = "above capacity, or an update lost")
  @State
  public static class QuotaRefundVsTakeAtCapacity {
    final RetryBudget quota = RetryBudget.retryQuota(10, 5, 5, 5);

    @Actor
    public void take() {
      quota.tryAcquireRetry(null);
    }

    @Actor
    public void refund() {
      quota.onSuccess(5, 5);
    }

    @Arbiter
    public void left(I_Result r) {
      r.r1 = (int) quota.available();
    }
  }

  /** 7 units left; a transient retry (5) and a throttled one (3) ask at once: only one fits. */
  @JCStressTest
  @Outcome(id = "5, -1, 2", expect = ACCEPTABLE, desc = "the transient retry first; 3 > 2 left: denied")
  @Outcome(id = "-1, 3, 4", expect = ACCEPTABLE, desc = "the throttled retry first; 5 > 4 left: denied")
  @Outcome(id = "5, 3, -1", expect = FORBIDDEN, desc = "both granted: 8 taken from 7")
  @Outcome(expect = FORBIDDEN, desc = "both denied, or an update lost")
  @State
  public static class QuotaMixedCosts {
    final RetryBudget quota = RetryBudget.retryQuota(10, 5, 5, 3);

    public QuotaMixedCosts() {
      quota.tryAcquireRetry(null, CostClass.THROTTLING); // 7 left
    }

    @Actor
    public void transientRetry(III_Result r) {
      r.r1 = (int) quota.tryAcquireRetry(null, CostClass.TRANSIENT);
    }

    @Actor
    public void throttledRetry(III_Result r) {
      r.r2 = (int) quota.tryAcquireRetry(null, CostClass.THROTTLING);
    }

    @Arbiter
    public void left(III_Result r) {
      r.r3 = (int) quota.available();
    }
  }

  /**
   * gRPC's token bucket, full (4 tokens): a failure takes a token while a success adds half of one (nothing at
   * capacity).
   */
  @JCStressTest
  @Outcome(id = "3500", expect = ACCEPTABLE, desc = "failure first, then the success adds 0.5")
  @Outcome(id = "3000", expect = ACCEPTABLE, desc = "success first (a no-op at capacity), then the failure")
  @Outcome(expect = FORBIDDEN, desc = "above capacity, or an update lost")
  @State
  public static class TokenBucketSuccessVsFailureAtCapacity {
    final RetryBudget bucket = RetryBudget.tokenBucket(4, 0.5);

    @Actor
    public void failure() {
      bucket.onFailure();
    }

    @Actor
    public void success() {
      bucket.onSuccess(0);
    }

    @Arbiter
    public void left(I_Result r) {
      r.r1 = (int) Math.round(bucket.available() * 1000);
    }
  }

  /** One token left: two failures at once take it and stop at zero (never negative, never one lost). */
  @JCStressTest
  @Outcome(id = "0, -1, -1", expect = ACCEPTABLE, desc = "empty; neither may retry")
  @Outcome(expect = FORBIDDEN, desc = "a failure lost, the bucket below zero, or a retry allowed at or below half")
  @State
  public static class TokenBucketLastToken {
    final RetryBudget bucket = RetryBudget.tokenBucket(2, 1);

    public TokenBucketLastToken() {
      bucket.onFailure(); // 1 of 2 left: at half, retries denied
    }

    @Actor
    public void first(III_Result r) {
      bucket.onFailure();
      r.r2 = (int) bucket.tryAcquireRetry(null);
    }

    @Actor
    public void second(III_Result r) {
      bucket.onFailure();
      r.r3 = (int) bucket.tryAcquireRetry(null);
    }

    @Arbiter
    public void left(III_Result r) {
      r.r1 = (int) Math.round(bucket.available() * 1000);
    }
  }

  /**
   * Finagle's ratio budget with exactly one retry to give (a reserve of 1 per second over a 1 s window, no
   * requests): two callers ask at once; exactly one gets it.
   */
  @JCStressTest
  @Outcome(id = "1, -1", expect = ACCEPTABLE, desc = "the first caller takes the last retry")
  @Outcome(id = "-1, 1", expect = ACCEPTABLE, desc = "the second caller takes the last retry")
  @Outcome(id = "1, 1", expect = FORBIDDEN, desc = "both took the last retry: the budget went below zero")
  @Outcome(expect = FORBIDDEN, desc = "neither got the retry that was there")
  @State
  public static class RatioLastRetry {
    final RetryBudget ratio = RetryBudget.ratio(0, Duration.ofSeconds(1), 1, () -> 0L);

    @Actor
    public void first(org.openjdk.jcstress.infra.results.II_Result r) {
      r.r1 = (int) ratio.tryAcquireRetry(null);
    }

    @Actor
    public void second(org.openjdk.jcstress.infra.results.II_Result r) {
      r.r2 = (int) ratio.tryAcquireRetry(null);
    }
  }

  /** The ratio budget's last retry: a refund of an earlier retry races a new one's take. */
  @JCStressTest
  @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "either order: the new retry is granted, the refund frees one")
  @Outcome(id = "-1, 1", expect = ACCEPTABLE, desc = "take first, denied; then the refund")
  @Outcome(expect = FORBIDDEN, desc = "an update lost")
  @State
  public static class RatioRefundVsTake {
    final RetryBudget ratio = RetryBudget.ratio(0, Duration.ofSeconds(1), 1, () -> 0L);

    public RatioRefundVsTake() {
      ratio.tryAcquireRetry(null); // the only retry is taken
    }

    @Actor
    public void take(org.openjdk.jcstress.infra.results.II_Result r) {
      r.r1 = (int) ratio.tryAcquireRetry(null);
    }

    @Actor
    public void refund() {
      ratio.refundRetry(1);
    }

    @Arbiter
    public void left(org.openjdk.jcstress.infra.results.II_Result r) {
      r.r2 = (int) Math.round(ratio.available());
    }
  }
}
