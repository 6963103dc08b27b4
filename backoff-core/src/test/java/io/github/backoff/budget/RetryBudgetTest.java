package io.github.backoff.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.testing.FakeClock;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RetryBudgetTest {

  // ----------------------------------------------------------------------------------------- available()

  @Test
  void available_eachBudget_reportsItsLevelThroughTheInterface() {
    RetryBudget bucket = RetryBudget.tokenBucket(10, 0.5);
    bucket.onFailure();
    assertThat(bucket.available()).isEqualTo(9.0);

    RetryBudget quota = RetryBudget.retryQuota(100, 5, 10);
    assertThat(quota.tryAcquireRetry(new IOException())).isEqualTo(5);
    assertThat(quota.available()).isEqualTo(95.0);

    FakeClock clock = new FakeClock();
    RetryBudget ratio = RetryBudget.ratio(0.5, Duration.ofSeconds(10), 0, clock::nanoTime);
    for (int i = 0; i < 4; i++) {
      ratio.onRequest();
    }
    assertThat(ratio.available()).isEqualTo(2.0);
  }

  @Test
  void available_customBudget_isNaN() {
    RetryBudget custom = new RetryBudget() {
      @Override public void onRequest() {}
      @Override public void onFailure() {}
      @Override public long tryAcquireRetry(Throwable failure) {
        return 0;
      }
      @Override public void onSuccess(long acquired) {}
    };
    assertThat(custom.available()).isNaN();
  }

  // ----------------------------------------------------------------------------------------- token bucket (gRPC)

  @Test
  void tokenBucket_parameters_readBackAsGrpcKeepsThem() {
    TokenBucketBudget budget = RetryBudget.tokenBucket(100, 0.1);
    TokenBucketBudget rounded = RetryBudget.tokenBucket(10, 0.12345);
    TokenBucketBudget tiny = RetryBudget.tokenBucket(10, 0.0001);

    assertThat(budget.maxTokens()).isEqualTo(100);
    assertThat(budget.tokenRatio()).isEqualTo(0.1);
    assertThat(rounded.tokenRatio()).isEqualTo(0.123);
    assertThat(tiny.tokenRatio()).isEqualTo(0.001);
    assertThat(budget).hasToString("tokenBucket(maxTokens=100, tokenRatio=0.1, tokens=100.0)");
  }

  @Test
  void tokenBucket_failuresDrainBelowHalf_deniesRetries() {
    TokenBucketBudget budget = RetryBudget.tokenBucket(10, 0.5);

    for (int i = 0; i < 4; i++) {
      budget.onFailure();
    }
    assertThat(budget.tokens()).isEqualTo(6.0);
    assertThat(budget.tryAcquireRetry(new IOException())).isZero();
    budget.onFailure();
    assertThat(budget.tokens()).isEqualTo(5.0);
    assertThat(budget.tryAcquireRetry(new IOException())).as("5 is not more than 10/2").isNegative();
  }

  @Test
  void tokenBucket_successesRefillByRatioUpToMax() {
    TokenBucketBudget budget = RetryBudget.tokenBucket(10, 0.5);
    for (int i = 0; i < 20; i++) {
      budget.onFailure();
    }
    assertThat(budget.tokens()).isZero();

    budget.onSuccess(0);
    budget.onSuccess(0);
    budget.onSuccess(0);
    assertThat(budget.tokens()).isEqualTo(1.5);
    for (int i = 0; i < 100; i++) {
      budget.onSuccess(0);
    }
    assertThat(budget.tokens()).isEqualTo(10.0);
  }

  @Test
  void tokenBucket_invalidParameters_nameThem() {
    assertThatThrownBy(() -> RetryBudget.tokenBucket(1001, 0.1)).hasMessage("maxTokens must be in [1, 1000]: 1001");
    assertThatThrownBy(() -> RetryBudget.tokenBucket(0, 0.1)).hasMessage("maxTokens must be in [1, 1000]: 0");
    assertThatThrownBy(() -> RetryBudget.tokenBucket(10, 0)).hasMessage("tokenRatio must be in (0, maxTokens]: 0.0");
    assertThatThrownBy(() -> RetryBudget.tokenBucket(10, Double.NaN))
        .hasMessage("tokenRatio must be in (0, maxTokens]: NaN");
  }

  @Test
  void tokenBucket_concurrentFailuresAndSuccesses_countStaysExact() throws Exception {
    TokenBucketBudget budget = RetryBudget.tokenBucket(1000, 1.0);
    // Start at 500 tokens, then 4 threads × 50,000 (failure, success) pairs: the net change is exactly 0.
    for (int i = 0; i < 500; i++) {
      budget.onFailure();
    }
    runConcurrently(4, 50_000, () -> {
      budget.onFailure();
      budget.onSuccess(0);
    });

    assertThat(budget.tokens()).isEqualTo(500.0);
  }

  // ------------------------------------------------------------------------------------------- retry quota (AWS)

  @Test
  void retryQuota_retriesCostFiveOrTenAfterTimeout() {
    RetryQuotaBudget budget = (RetryQuotaBudget) RetryBudget.retryQuota();

    assertThat(budget.tryAcquireRetry(new IOException())).isEqualTo(5);
    assertThat(budget.tryAcquireRetry(new AttemptTimeoutException(Duration.ofSeconds(1)))).isEqualTo(10);
    assertThat(budget.tryAcquireRetry(new SocketTimeoutException())).isEqualTo(10);
    assertThat(budget.tryAcquireRetry(null)).isEqualTo(5);
    assertThat(budget.available()).isEqualTo(500 - 30);
  }

  @Test
  void retryQuota_exhausted_deniesUntilSuccessesRefund() {
    RetryQuotaBudget budget = (RetryQuotaBudget) RetryBudget.retryQuota(12, 5, 10);

    assertThat(budget.tryAcquireRetry(new IOException())).isEqualTo(5);
    assertThat(budget.tryAcquireRetry(new IOException())).isEqualTo(5);
    assertThat(budget.tryAcquireRetry(new IOException())).as("2 left < 5").isNegative();
    assertThat(budget.available()).isEqualTo(2);

    budget.onSuccess(5); // a call whose retry took 5 succeeded
    assertThat(budget.available()).isEqualTo(7);
    budget.onSuccess(0); // a call that needed no retry adds 1
    assertThat(budget.available()).isEqualTo(8);
    budget.onSuccess(100);
    assertThat(budget.available()).as("capped at the capacity").isEqualTo(12);
  }

  @Test
  void retryQuota_invalidParameters_nameThem() {
    assertThatThrownBy(() -> RetryBudget.retryQuota(0, 5, 10)).hasMessage("capacity must be >= 1: 0");
    assertThatThrownBy(() -> RetryBudget.retryQuota(4, 5, 1)).hasMessage("retryCost must be <= capacity: 5 > 4");
    assertThatThrownBy(() -> RetryBudget.retryQuota(10, 5, 0)).hasMessage("timeoutCost must be >= 1: 0");
  }

  @Test
  void retryQuota_concurrentSpendAndRefund_countStaysExact() throws Exception {
    RetryQuotaBudget budget = (RetryQuotaBudget) RetryBudget.retryQuota(1_000_000, 5, 10);
    AtomicLong denied = new AtomicLong();
    runConcurrently(4, 50_000, () -> {
      long cost = budget.tryAcquireRetry(new IOException());
      if (cost < 0) {
        denied.incrementAndGet();
      } else {
        budget.onSuccess(cost);
      }
    });

    assertThat(denied).hasValue(0);
    assertThat(budget.available()).isEqualTo(1_000_000);
  }

  @Test
  void retryQuota_concurrentSpendingOnly_neverOverdraws() throws Exception {
    RetryQuotaBudget budget = (RetryQuotaBudget) RetryBudget.retryQuota(5_000, 5, 10);
    AtomicLong granted = new AtomicLong();
    runConcurrently(4, 10_000, () -> {
      if (budget.tryAcquireRetry(new IOException()) > 0) {
        granted.incrementAndGet();
      }
    });

    assertThat(granted).hasValue(1_000);
    assertThat(budget.available()).isZero();
  }

  // ------------------------------------------------------------------------------------------ ratio (Finagle)

  @Test
  void ratio_allowsReservePlusPercentOfRequests() {
    FakeClock clock = new FakeClock();
    RatioBudget budget = (RatioBudget) RetryBudget.ratio(0.2, Duration.ofSeconds(10), 1, clock::nanoTime);
    // Reserve: 1/s over 10 s = 10 retries; 100 requests add 20.
    for (int i = 0; i < 100; i++) {
      budget.onRequest();
    }
    int granted = 0;
    while (budget.tryAcquireRetry(new IOException()) > 0) {
      granted++;
    }

    assertThat(granted).isEqualTo(30);
  }

  @Test
  void ratio_windowSlides_oldRequestsAndRetriesExpire() {
    FakeClock clock = new FakeClock();
    RatioBudget budget = (RatioBudget) RetryBudget.ratio(0.5, Duration.ofSeconds(10), 0, clock::nanoTime);
    for (int i = 0; i < 10; i++) {
      budget.onRequest();
    }
    assertThat(budget.balance()).isEqualTo(5.0);
    for (int i = 0; i < 5; i++) {
      assertThat(budget.tryAcquireRetry(null)).isPositive();
    }
    assertThat(budget.tryAcquireRetry(null)).isNegative();

    clock.advance(Duration.ofSeconds(11));

    assertThat(budget.balance()).isZero();
    budget.onRequest();
    budget.onRequest();
    assertThat(budget.balance()).isEqualTo(1.0);
  }

  @Test
  void ratio_invalidParameters_nameThem() {
    assertThatThrownBy(() -> RetryBudget.ratio(-0.1, Duration.ofSeconds(1), 1, System::nanoTime))
        .hasMessage("percent must be in [0, 10]: -0.1");
    assertThatThrownBy(() -> RetryBudget.ratio(0.2, Duration.ofMillis(1), 1, System::nanoTime))
        .hasMessage("window must be >= 10 ms: 1 ms");
    assertThatThrownBy(() -> RetryBudget.ratio(0.2, Duration.ofSeconds(1), -1, System::nanoTime))
        .hasMessage("minRetriesPerSecond must be >= 0: -1");
  }

  @Test
  void ratio_concurrentRequests_countStaysExact() throws Exception {
    FakeClock clock = new FakeClock();
    RatioBudget budget = (RatioBudget) RetryBudget.ratio(1.0, Duration.ofSeconds(10), 0, clock::nanoTime);
    runConcurrently(4, 25_000, budget::onRequest);

    assertThat(budget.balance()).isEqualTo(100_000.0);
  }

  private static void runConcurrently(int threads, int iterations, Runnable body) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      Future<?>[] futures = new Future<?>[threads];
      for (int t = 0; t < threads; t++) {
        futures[t] = pool.submit(() -> {
          start.await();
          for (int i = 0; i < iterations; i++) {
            body.run();
          }
          return null;
        });
      }
      start.countDown();
      for (Future<?> f : futures) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  // ----------------------------------------------------------------------------------------- cost classes (issue 14)

  @Test
  void retryQuota2026_chargesFourteenTransientFiveThrottlingTimeoutsNotSpecial() {
    RetryBudget quota = RetryBudget.retryQuota2026();

    assertThat(quota.tryAcquireRetry(new IOException())).isEqualTo(14);
    assertThat(quota.tryAcquireRetry(new IOException(), CostClass.TRANSIENT)).isEqualTo(14);
    assertThat(quota.tryAcquireRetry(new SocketTimeoutException(), CostClass.TRANSIENT)).isEqualTo(14);
    assertThat(quota.tryAcquireRetry(null, CostClass.THROTTLING)).isEqualTo(5);
    assertThat(quota.available()).isEqualTo(500.0 - 3 * 14 - 5);
    assertThat(quota.toString())
        .isEqualTo("retryQuota(capacity=500, retryCost=14, timeoutCost=14, throttlingCost=5, refund=last, available=453)");
  }

  @Test
  void retryQuota_beforeTwentyTwentySix_chargesThrottlingLikeAnyRetry() {
    RetryBudget quota = RetryBudget.retryQuota();

    assertThat(quota.tryAcquireRetry(null, CostClass.THROTTLING)).isEqualTo(5);
    assertThat(quota.tryAcquireRetry(new SocketTimeoutException(), CostClass.TRANSIENT)).isEqualTo(10);
    assertThat(quota.tryAcquireRetry(new IOException(), CostClass.TRANSIENT)).isEqualTo(5);
  }

  @Test
  void retryQuota_throttlingCostTakesPrecedenceOverTimeout() {
    RetryBudget quota = RetryBudget.retryQuota(100, 7, 9, 2);

    assertThat(quota.tryAcquireRetry(new SocketTimeoutException(), CostClass.THROTTLING)).isEqualTo(2);
    assertThat(quota.tryAcquireRetry(new SocketTimeoutException())).isEqualTo(9);
  }

  @Test
  void retryQuota2026_drainedByTransientRetries_stillAllowsCheaperThrottlingRetries() {
    RetryBudget quota = RetryBudget.retryQuota2026();
    int transientRetries = 0;
    while (quota.tryAcquireRetry(new IOException(), CostClass.TRANSIENT) > 0) {
      transientRetries++;
    }

    assertThat(transientRetries).as("500 / 14").isEqualTo(35);
    assertThat(quota.available()).isEqualTo(10.0);
    assertThat(quota.tryAcquireRetry(null, CostClass.THROTTLING)).isEqualTo(5);
    assertThat(quota.tryAcquireRetry(null, CostClass.THROTTLING)).isEqualTo(5);
    assertThat(quota.tryAcquireRetry(null, CostClass.THROTTLING)).isNegative();
  }

  @Test
  void retryQuota_badThrottlingCost_namesParameterAndValue() {
    assertThatThrownBy(() -> RetryBudget.retryQuota(10, 1, 1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("throttlingCost must be >= 1: 0");
    assertThatThrownBy(() -> RetryBudget.retryQuota(10, 1, 1, 11))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("throttlingCost must be <= capacity: 11 > 10");
  }

  @Test
  void tryAcquireRetryWithCostClass_customBudget_delegatesToTheOneArgumentMethod() {
    AtomicLong calls = new AtomicLong();
    RetryBudget custom = new RetryBudget() {
      @Override public void onRequest() {}
      @Override public void onFailure() {}
      @Override public long tryAcquireRetry(Throwable failure) {
        return calls.incrementAndGet();
      }
      @Override public void onSuccess(long acquired) {}
    };

    assertThat(custom.tryAcquireRetry(null, CostClass.THROTTLING)).isEqualTo(1);
    assertThat(RetryBudget.tokenBucket(10, 1).tryAcquireRetry(null, CostClass.THROTTLING)).isZero();
  }

  // ----------------------------------------------------------------------------------------- refundRetry()

  @Test
  void refundRetry_retryQuota_putsTheCostBackUpToCapacity() {
    RetryBudget quota = RetryBudget.retryQuota2026();
    long cost = quota.tryAcquireRetry(new IOException(), CostClass.TRANSIENT);
    assertThat(quota.available()).isEqualTo(486.0);

    quota.refundRetry(cost);
    assertThat(quota.available()).isEqualTo(500.0);
    quota.refundRetry(cost);
    assertThat(quota.available()).as("never above capacity").isEqualTo(500.0);
  }

  @Test
  void refundRetry_ratio_forgetsTheRetrySoAnotherIsAllowed() {
    FakeClock clock = new FakeClock();
    RetryBudget ratio = RetryBudget.ratio(0.5, Duration.ofSeconds(10), 0, clock::nanoTime);
    for (int i = 0; i < 2; i++) {
      ratio.onRequest();
    }
    long cost = ratio.tryAcquireRetry(new IOException());
    assertThat(ratio.tryAcquireRetry(new IOException())).as("1 retry for 2 requests at 50 %").isNegative();

    ratio.refundRetry(cost);
    assertThat(ratio.available()).isEqualTo(1.0);
    ratio.refundRetry(cost);
    assertThat(ratio.available()).as("no retry left to forget").isEqualTo(1.0);
  }

  @Test
  void refundRetry_ratioAfterTheSliceMoved_keepsTheRetryCounted() {
    FakeClock clock = new FakeClock();
    RetryBudget ratio = RetryBudget.ratio(0.5, Duration.ofSeconds(10), 0, clock::nanoTime);
    ratio.onRequest();
    ratio.onRequest();
    long cost = ratio.tryAcquireRetry(new IOException());
    clock.advance(Duration.ofSeconds(1)); // the next of ten slices

    ratio.refundRetry(cost);

    assertThat(ratio.available()).isEqualTo(0.0);
  }

  @Test
  void refundRetry_tokenBucketAndCustomBudget_changeNothing() {
    RetryBudget bucket = RetryBudget.tokenBucket(10, 0.5);
    bucket.onFailure();
    bucket.refundRetry(bucket.tryAcquireRetry(new IOException()));
    assertThat(bucket.available()).as("the bucket charges failures, not retries").isEqualTo(9.0);

    AtomicLong successes = new AtomicLong();
    RetryBudget custom = new RetryBudget() {
      @Override public void onRequest() {}
      @Override public void onFailure() {}
      @Override public long tryAcquireRetry(Throwable failure) {
        return 3;
      }
      @Override public void onSuccess(long acquired) {
        successes.incrementAndGet();
      }
    };
    custom.refundRetry(3);
    assertThat(successes).as("the default is a no-op, not a success").hasValue(0);
  }
}
