package io.github.backoff.budget;

import io.github.backoff.Ticker;
import java.time.Duration;

/**
 * Limits how many retries a client makes as a whole, so that retries cannot multiply the load on a struggling
 * service (a retry storm) and keep it down after the cause is gone.
 *
 * <p>Backoff spreads retries out in time; a budget caps their number. Share one budget among all calls to one
 * downstream service (one instance per service, plugged into the policy with
 * {@code RetryPolicyBuilder.withBudget}); when it denies a retry, the execution stops with
 * {@code StopReason.BUDGET_DENIED}. Three styles are provided:
 * <ul>
 *   <li>{@link #tokenBucket}: gRPC retry throttling;
 *   <li>{@link #retryQuota()}: the AWS SDKs' standard retry mode;
 *   <li>{@link #ratio()}: Finagle's {@code RetryBudget}, a percentage of recent requests.
 * </ul>
 *
 * <pre>{@code
 * RetryBudget budget = RetryBudget.tokenBucket(100, 0.1);   // one per downstream service
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).build();
 * }</pre>
 *
 * <p>Implementations are thread-safe, lock-free and allocation-free on every method: the drivers call
 * {@link #onRequest} and {@link #onSuccess} on the success path of every call.
 */
public interface RetryBudget {

  /** Records a new request (an execution's first attempt). */
  void onRequest();

  /** Records that an attempt failed (whether or not it will be retried). */
  void onFailure();

  /**
   * Asks to retry after a failed attempt, and if allowed, takes the retry's cost from the budget.
   *
   * @param failure the failed attempt's exception, or {@code null} if it returned a retryable result; some budgets
   *     charge more after a timeout
   * @return the cost taken ({@code >= 0}), to be reported back through {@link #onSuccess}; or a negative number if
   *     the retry is denied
   */
  long tryAcquireRetry(Throwable failure);

  /**
   * Records that an execution succeeded.
   *
   * @param acquired the total cost its retries took ({@code 0} if it succeeded at the first attempt)
   */
  void onSuccess(long acquired);

  /**
   * gRPC retry throttling: a bucket of {@code maxTokens} tokens, full at first; each failed attempt takes 1 token
   * and each success adds {@code tokenRatio}; retries are allowed only while more than {@code maxTokens / 2}
   * tokens remain. Tokens are counted in thousandths, as gRPC does.
   *
   * @throws IllegalArgumentException if {@code maxTokens} is not in {@code [1, 1000]} or {@code tokenRatio} is not
   *     in {@code (0, maxTokens]}
   */
  static RetryBudget tokenBucket(int maxTokens, double tokenRatio) {
    return new TokenBucketBudget(maxTokens, tokenRatio);
  }

  /** {@link #retryQuota(int, int, int)} with the AWS SDK defaults: capacity 500, cost 5, 10 after a timeout. */
  static RetryBudget retryQuota() {
    return new RetryQuotaBudget(500, 5, 10);
  }

  /**
   * The AWS SDKs' standard-mode retry quota: {@code capacity} units, full at first; a retry takes
   * {@code retryCost} units ({@code timeoutCost} after a timeout) and is denied if fewer remain; a successful
   * execution gives back what its retries took, or 1 unit if it needed none, up to the capacity.
   *
   * @throws IllegalArgumentException if a parameter is below 1, or a cost exceeds the capacity
   */
  static RetryBudget retryQuota(int capacity, int retryCost, int timeoutCost) {
    return new RetryQuotaBudget(capacity, retryCost, timeoutCost);
  }

  /** {@link #ratio(double, Duration, int, Ticker)} with Finagle's defaults: 20 %, 10 s, 10 retries per second. */
  static RetryBudget ratio() {
    return ratio(0.2, Duration.ofSeconds(10), 10, Ticker.SYSTEM);
  }

  /**
   * Finagle's retry budget: over a sliding {@code window}, retries may be at most {@code percent} of the requests,
   * plus a reserve of {@code minRetriesPerSecond} per second of the window (so a quiet client can still retry).
   * The window slides in tenths; concurrent callers may overshoot the limit by at most their number.
   *
   * @throws IllegalArgumentException if {@code percent} is not in {@code [0, 10]} (up to 1000 %), {@code window}
   *     is shorter than 10 ms, or {@code minRetriesPerSecond} is negative
   */
  static RetryBudget ratio(double percent, Duration window, int minRetriesPerSecond, Ticker ticker) {
    return new RatioBudget(percent, window, minRetriesPerSecond, ticker);
  }
}
