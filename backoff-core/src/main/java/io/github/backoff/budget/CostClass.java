package io.github.backoff.budget;

/**
 * What a retry costs a {@link RetryBudget}, by the kind of failure it follows: an ordinary transient failure, or a
 * throttling response. A budget that does not distinguish them charges the same for both.
 *
 * <p>The AWS SDKs' 2026 retry quota ({@link RetryBudget#retryQuota2026()}) charges 14 units after a transient
 * failure and 5 after throttling: throttling retries are cheaper because backing off already relieves the
 * service, while a burst of transient errors is the sign of an outage that retries would prolong.
 *
 * <pre>{@code
 * RetryBudget quota = RetryBudget.retryQuota2026();
 * long cost = quota.tryAcquireRetry(failure, CostClass.THROTTLING);   // 5, or negative when denied
 * }</pre>
 *
 * <p>An enum: immutable and thread-safe.
 */
public enum CostClass {
  /** An ordinary retryable failure (a 5xx, a broken connection, a timeout). */
  TRANSIENT,
  /** A throttling response (HTTP 429, an AWS {@code Throttling} error code): the service asks to slow down. */
  THROTTLING
}
