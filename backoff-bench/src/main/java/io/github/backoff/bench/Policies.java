package io.github.backoff.bench;

import dev.failsafe.Failsafe;
import dev.failsafe.FailsafeExecutor;
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.resilience4j.core.IntervalFunction;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import java.time.Duration;

/**
 * The same policies in the three libraries, so every benchmark compares like with like: exponential backoff from
 * 100 ms doubling, capped at 10 s, randomized by ±50% (the one jitter all three offer), 3 attempts; or no delay.
 */
final class Policies {
  static final Duration BASE = Duration.ofMillis(100);
  static final double MULTIPLIER = 2.0;
  static final Duration CAP = Duration.ofSeconds(10);
  static final double RANDOMIZATION = 0.5;
  static final int ATTEMPTS = 3;

  private Policies() {}

  static Backoff backoffStrategy() {
    return Backoff.exponential(BASE, MULTIPLIER).withCap(CAP).withRandomization(RANDOMIZATION);
  }

  static IntervalFunction resilience4jInterval() {
    return IntervalFunction.ofExponentialRandomBackoff(BASE, MULTIPLIER, RANDOMIZATION, CAP);
  }

  static RetryPolicy<String> backoffPolicy(boolean zeroDelay) {
    return RetryPolicy.<String>builder()
        .withBackoff(zeroDelay ? Backoff.none() : backoffStrategy())
        .withMaxAttempts(ATTEMPTS)
        .build();
  }

  static Retrier<String> backoff(boolean zeroDelay) {
    return Retrier.of(backoffPolicy(zeroDelay));
  }

  static FailsafeExecutor<String> failsafe(boolean zeroDelay) {
    dev.failsafe.RetryPolicyBuilder<String> b = dev.failsafe.RetryPolicy.<String>builder().withMaxAttempts(ATTEMPTS);
    if (!zeroDelay) { // Failsafe's default delay is zero; withDelay(Duration.ZERO) is rejected
      b.withBackoff(BASE, CAP, MULTIPLIER).withJitter(RANDOMIZATION);
    }
    return Failsafe.with(b.build());
  }

  static Retry resilience4j(boolean zeroDelay) {
    RetryConfig.Builder<String> b = RetryConfig.<String>custom().maxAttempts(ATTEMPTS);
    if (zeroDelay) {
      b.waitDuration(Duration.ZERO);
    } else {
      b.intervalFunction(resilience4jInterval());
    }
    return Retry.of("bench", b.build());
  }
}
