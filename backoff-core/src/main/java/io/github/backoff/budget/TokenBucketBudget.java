package io.github.backoff.budget;

import io.github.backoff.internal.Checks;
import java.util.concurrent.atomic.AtomicLong;

/** gRPC retry throttling; see {@link RetryBudget#tokenBucket}. */
final class TokenBucketBudget implements RetryBudget {
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
    return "tokenBucket(maxTokens=" + maxMillis / MILLI + ", tokenRatio=" + ratioMillis / (double) MILLI
        + ", tokens=" + tokens() + ")";
  }
}
