package io.github.backoff.budget;

import io.github.backoff.internal.Checks;
import java.util.concurrent.atomic.AtomicLong;

/**
 * gRPC retry throttling (gRFC A6's {@code retryThrottling}): a bucket of {@link #maxTokens()} tokens, full at first;
 * each failed attempt takes 1 token and each success adds {@link #tokenRatio()}; retries are allowed only while more
 * than {@code maxTokens / 2} tokens remain. Made by {@link RetryBudget#tokenBucket}. Its two parameters are readable
 * so that an integration can hand the same rule to gRPC's own retry (backoff-grpc's service-config builder writes a
 * policy's token bucket as the channel's {@code retryThrottling}).
 *
 * <pre>{@code
 * TokenBucketBudget budget = RetryBudget.tokenBucket(100, 0.1);
 * Map<String, Object> throttling = Map.of("maxTokens", (double) budget.maxTokens(), "tokenRatio", budget.tokenRatio());
 * }</pre>
 *
 * <p>Thread-safe, lock-free and allocation-free, as every {@link RetryBudget}.
 */
public final class TokenBucketBudget implements RetryBudget {
  private static final long MILLI = 1000;

  private final long maxMillis;
  private final long thresholdMillis;
  private final long ratioMillis;
  private final AtomicLong tokenMillis;

  TokenBucketBudget(int maxTokens, double tokenRatio) {
    Checks.requireParameter(maxTokens >= 1 && maxTokens <= 1000, "maxTokens", maxTokens, "maxTokens must be in [1, 1000]: %s", maxTokens);
    Checks.requireParameter(tokenRatio > 0 && tokenRatio <= maxTokens, "tokenRatio", tokenRatio,
        "tokenRatio must be in (0, maxTokens]: %s",
        tokenRatio);
    this.maxMillis = maxTokens * MILLI;
    this.thresholdMillis = maxMillis / 2;
    this.ratioMillis = Math.max(1, Math.round(tokenRatio * MILLI));
    this.tokenMillis = new AtomicLong(maxMillis);
  }

  /** The bucket's size, in {@code [1, 1000]}. */
  public int maxTokens() {
    return (int) (maxMillis / MILLI);
  }

  /**
   * The tokens a success adds, as applied: the ratio given to {@link RetryBudget#tokenBucket} rounded to thousandths
   * (as gRPC keeps it), and at least 0.001.
   */
  public double tokenRatio() {
    return ratioMillis / (double) MILLI;
  }

  @Override
  public void onRequest() {}

  @Override
  public void onFailure() {
    long current;
    do {
      current = tokenMillis.get();
      if (current == 0) {
        return;
      }
    } while (!tokenMillis.compareAndSet(current, Math.max(0, current - MILLI)));
  }

  @Override
  public long tryAcquireRetry(Throwable failure) {
    return tokenMillis.get() > thresholdMillis ? 0 : -1;
  }

  @Override
  public void onSuccess(long acquired) {
    long current;
    do {
      current = tokenMillis.get();
      if (current == maxMillis) {
        return;
      }
    } while (!tokenMillis.compareAndSet(current, Math.min(maxMillis, current + ratioMillis)));
  }

  /** The tokens left. */
  @Override
  public double available() {
    return tokens();
  }

  double tokens() {
    return tokenMillis.get() / (double) MILLI;
  }

  @Override
  public String toString() {
    return "tokenBucket(maxTokens=" + maxTokens() + ", tokenRatio=" + tokenRatio()
        + ", tokens=" + tokens() + ")";
  }
}
