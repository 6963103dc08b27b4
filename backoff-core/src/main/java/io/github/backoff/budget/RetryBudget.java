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
 *   <li>{@link #retryQuota()}: the AWS SDKs' standard retry mode before 2026, {@link #retryQuota2026()} after;
 *   <li>{@link #ratio()}: Finagle's {@code RetryBudget}, a percentage of recent requests.
 * </ul>
 *
 * <pre>{@code
 * RetryBudget budget = RetryBudget.tokenBucket(100, 0.1);   // one per downstream service
 * RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).build();
 * }</pre>
 *
 * <p>{@link BudgetKind} names these factories for configuration, with their parameters and defaults.
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
   * Asks to retry after a failed attempt of the given cost class (see {@link CostClass}), and if allowed, takes the
   * retry's cost. A policy with per-kind backoff ({@code RetryPolicyBuilder.withBackoffFor}) calls this method with
   * the kind's class, and {@link CostClass#TRANSIENT} for failures of no kind. The default ignores the class and
   * calls {@link #tryAcquireRetry(Throwable)}, so existing budgets keep their behaviour; a
   * {@link #retryQuota(int, int, int, int)} charges its throttling cost for {@link CostClass#THROTTLING}.
   *
   * @param failure the failed attempt's exception, or {@code null} if it returned a retryable result
   * @param costClass the class of the failure, never {@code null}
   * @return the cost taken ({@code >= 0}), to be reported back through {@link #onSuccess}; or a negative number if
   *     the retry is denied
   */
  default long tryAcquireRetry(Throwable failure, CostClass costClass) {
    return tryAcquireRetry(failure);
  }

  /**
   * Gives back the cost of a retry that this budget allowed but that will not be made: the policy's rate limiter
   * could not give the retry a token before its time budget ran out ({@code RetryPolicyBuilder.withRateLimiter}
   * with {@code withMaxElapsed}), so the execution stops instead. The policy's drivers call it right after
   * {@link #tryAcquireRetry(Throwable, CostClass)} on the same thread. The default does nothing, which suits a
   * budget whose retries cost nothing (a {@link #tokenBucket} charges failures, not retries); a
   * {@link #retryQuota} puts the cost back, a {@link #ratio} budget forgets the retry.
   *
   * @param cost the cost {@code tryAcquireRetry} returned, {@code >= 0}
   */
  default void refundRetry(long cost) {}

  /**
   * Records that an execution succeeded.
   *
   * @param acquired the total cost its retries took ({@code 0} if it succeeded at the first attempt)
   */
  void onSuccess(long acquired);

  /**
   * Records that an execution succeeded, with both the total cost of its retries and the cost of the last one: the
   * AWS SDKs give back only the last retry's cost (the 2026 quota, {@link #retryQuota2026()}, does the same). The
   * policy's drivers call this method; the default calls {@link #onSuccess(long)} with the total, so existing
   * budgets keep their behaviour.
   *
   * @param acquired the total cost its retries took ({@code 0} if it succeeded at the first attempt)
   * @param lastCost the cost its last retry took ({@code 0} if it succeeded at the first attempt)
   */
  default void onSuccess(long acquired, long lastCost) {
    onSuccess(acquired);
  }

  /**
   * The budget's level now, in its own unit, for dashboards and health endpoints: the tokens left in a
   * {@link #tokenBucket} (retries are allowed above half of its {@code maxTokens}), the units left in a
   * {@link #retryQuota} (a retry is allowed while at least its cost remains), the retries a {@link #ratio} budget
   * would allow now. Reading it never changes the budget; under concurrent use it is a snapshot.
   *
   * @return the level, or {@link Double#NaN} for a budget that does not say (the default, for custom budgets)
   */
  default double available() {
    return Double.NaN;
  }

  /**
   * gRPC retry throttling: a bucket of {@code maxTokens} tokens, full at first; each failed attempt takes 1 token
   * and each success adds {@code tokenRatio}; retries are allowed only while more than {@code maxTokens / 2}
   * tokens remain. Tokens are counted in thousandths, as gRPC does. The returned type reads its parameters back.
   *
   * @throws IllegalArgumentException if {@code maxTokens} is not in {@code [1, 1000]} or {@code tokenRatio} is not
   *     in {@code (0, maxTokens]}
   */
  static TokenBucketBudget tokenBucket(int maxTokens, double tokenRatio) {
    return new TokenBucketBudget(maxTokens, tokenRatio);
  }

  /**
   * The AWS SDKs' retry quota as it was before the 2026 update: {@link #retryQuota(int, int, int)} with capacity
   * 500, cost 5, 10 after a timeout (botocore, Go v2; the Java SDK 2.x charged 5 after a timeout too). Throttling
   * costs the same as any other retry. It keeps its original refund rule (a success gives back what all its
   * retries took; the SDKs give back the last retry's cost). See {@link #retryQuota2026()}.
   */
  static RetryBudget retryQuota() {
    return BudgetKind.RETRY_QUOTA.create(Ticker.SYSTEM);
  }

  /**
   * The AWS SDKs' retry quota from the 2026 update (opt-in with {@code AWS_NEW_RETRIES_2026=true}, the default from
   * November 2026): capacity 500; a retry after a transient failure costs 14, after throttling
   * ({@link CostClass#THROTTLING}) 5; timeouts are not special (14). {@code retryQuota(500, 14, 14, 5)}. A policy
   * must tell throttling apart (per-kind backoff, {@code RetryPolicyBuilder.withBackoffFor}) for the cheaper
   * cost to apply; otherwise every retry costs 14. Source: AWS SDK for Java 2.49.6
   * {@code DefaultRetryStrategy.Standard} ({@code DEFAULT_EXCEPTION_TOKEN_COST_V21 = 14},
   * {@code THROTTLING_EXCEPTION_TOKEN_COST_V21 = 5}, {@code TOKEN_BUCKET_SIZE = 500}); docs/aws-2026.md.
   */
  static RetryBudget retryQuota2026() {
    return BudgetKind.RETRY_QUOTA_2026.create(Ticker.SYSTEM);
  }

  /**
   * The AWS SDKs' standard-mode retry quota: {@code capacity} units, full at first; a retry takes
   * {@code retryCost} units ({@code timeoutCost} after a timeout) and is denied if fewer remain; a successful
   * execution gives back what its retries took, or 1 unit if it needed none, up to the capacity. (The SDKs give
   * back only the last retry's cost: {@link #retryQuota(int, int, int, int)} does.)
   *
   * @throws IllegalArgumentException if a parameter is below 1, or a cost exceeds the capacity
   */
  static RetryBudget retryQuota(int capacity, int retryCost, int timeoutCost) {
    return new RetryQuotaBudget(capacity, retryCost, timeoutCost, retryCost, false);
  }

  /**
   * The AWS SDKs' retry quota as the SDKs implement it: {@link #retryQuota(int, int, int)} with a separate cost for
   * a retry after throttling ({@link CostClass#THROTTLING}, which takes precedence over the timeout cost), and a
   * success giving back the cost of its <em>last</em> retry (or 1 unit if it needed none), as the SDKs do, where
   * {@link #retryQuota(int, int, int)} gives back what all its retries took. The AWS SDKs' 2026 quota is
   * {@code retryQuota(500, 14, 14, 5)} ({@link #retryQuota2026()}); their quota before 2026 is
   * {@code retryQuota(500, 5, 10, 5)} (the Java SDK 2.x: {@code retryQuota(500, 5, 5, 5)}).
   *
   * @throws IllegalArgumentException if a parameter is below 1, or a cost exceeds the capacity
   */
  static RetryBudget retryQuota(int capacity, int retryCost, int timeoutCost, int throttlingCost) {
    return new RetryQuotaBudget(capacity, retryCost, timeoutCost, throttlingCost, true);
  }

  /** {@link #ratio(double, Duration, int, Ticker)} with Finagle's defaults: 20 %, 10 s, 10 retries per second. */
  static RetryBudget ratio() {
    return BudgetKind.RATIO.create(Ticker.SYSTEM);
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
