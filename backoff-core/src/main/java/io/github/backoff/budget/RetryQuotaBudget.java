package io.github.backoff.budget;

import io.github.backoff.internal.Checks;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/** The AWS SDKs' standard-mode retry quota; see {@link RetryBudget#retryQuota(int, int, int, int)}. */
final class RetryQuotaBudget implements RetryBudget {
  private final long capacity;
  private final long retryCost;
  private final long timeoutCost;
  private final long throttlingCost;
  /** Whether a success gives back only its last retry's cost, as the AWS SDKs do, rather than all it took. */
  private final boolean refundLastOnly;
  private final AtomicLong available;

  RetryQuotaBudget(int capacity, int retryCost, int timeoutCost, int throttlingCost, boolean refundLastOnly) {
    Checks.atLeast(capacity, 1, "capacity");
    Checks.atLeast(retryCost, 1, "retryCost");
    Checks.atLeast(timeoutCost, 1, "timeoutCost");
    Checks.atLeast(throttlingCost, 1, "throttlingCost");
    Checks.requireParameter(retryCost <= capacity, "retryCost", retryCost, "retryCost must be <= capacity: %s > %s", retryCost, capacity);
    Checks.requireParameter(timeoutCost <= capacity, "timeoutCost", timeoutCost, "timeoutCost must be <= capacity: %s > %s", timeoutCost,
        capacity);
    Checks.requireParameter(throttlingCost <= capacity, "throttlingCost", throttlingCost, "throttlingCost must be <= capacity: %s > %s",
        throttlingCost, capacity);
    this.capacity = capacity;
    this.retryCost = retryCost;
    this.timeoutCost = timeoutCost;
    this.throttlingCost = throttlingCost;
    this.refundLastOnly = refundLastOnly;
    this.available = new AtomicLong(capacity);
  }

  @Override
  public void onRequest() {}

  @Override
  public void onFailure() {}

  @Override
  public long tryAcquireRetry(Throwable failure) {
    return acquire(isTimeout(failure) ? timeoutCost : retryCost);
  }

  @Override
  public long tryAcquireRetry(Throwable failure, CostClass costClass) {
    return costClass == CostClass.THROTTLING ? acquire(throttlingCost) : tryAcquireRetry(failure);
  }

  private long acquire(long cost) {
    long current;
    do {
      current = available.get();
      if (current < cost) {
        return -1;
      }
    } while (!available.compareAndSet(current, current - cost));
    return cost;
  }

  @Override
  public void refundRetry(long cost) {
    if (cost > 0) {
      giveBack(cost);
    }
  }

  @Override
  public void onSuccess(long acquired, long lastCost) {
    onSuccess(refundLastOnly ? lastCost : acquired);
  }

  @Override
  public void onSuccess(long acquired) {
    giveBack(acquired > 0 ? acquired : 1);
  }

  /** Puts {@code units} back, up to the capacity. */
  private void giveBack(long units) {
    long current;
    do {
      current = available.get();
      if (current == capacity) {
        return;
      }
    } while (!available.compareAndSet(current, Math.min(capacity, current + units)));
  }

  /** Timeouts by type, including subclasses such as java.net.http.HttpTimeoutException by name (core sees java.base only). */
  static boolean isTimeout(Throwable failure) {
    return failure instanceof TimeoutException || failure instanceof SocketTimeoutException
        || (failure != null && failure.getClass().getSimpleName().endsWith("TimeoutException"));
  }

  /** The units left. */
  @Override
  public double available() {
    return available.get();
  }

  @Override
  public String toString() {
    return "retryQuota(capacity=" + capacity + ", retryCost=" + retryCost + ", timeoutCost=" + timeoutCost
        + ", throttlingCost=" + throttlingCost + (refundLastOnly ? ", refund=last" : "") + ", available="
        + available.get() + ")";
  }
}
