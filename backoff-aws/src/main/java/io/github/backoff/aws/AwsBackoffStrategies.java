package io.github.backoff.aws;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.retries.api.BackoffStrategy;

/**
 * Any Backoff strategy as the AWS SDK's {@link BackoffStrategy}, for users who keep the SDK's own retry strategy
 * and want only Backoff's waits (presets, decorrelated jitter bounds, caps, quantisation).
 *
 * <pre>{@code
 * RetryStrategy standard = AwsRetryStrategy.standardRetryStrategy().toBuilder()
 *     .backoffStrategy(AwsBackoffStrategies.of(Preset.awsSdk2026().backoff()))
 *     .build();
 * }</pre>
 *
 * <p><b>What the SDK's interface cannot say.</b> {@code BackoffStrategy.computeDelay(int attempt)} sees only the
 * attempt number: a strategy whose delay depends on the previous one (decorrelated jitter) is evaluated as if the
 * previous delay were 0, i.e. from its base; for those, use {@link BackoffRetryStrategy}, whose token carries the
 * previous delay. The SDK numbers attempts from 1 and asks {@code computeDelay(1)} for the wait before the first
 * attempt, which is 0 here; {@code computeDelay(n)} is the strategy's wait before retry {@code n - 1}.
 *
 * <p>Stateless and thread-safe (with a thread-safe random source).
 */
public final class AwsBackoffStrategies {
  private AwsBackoffStrategies() {}

  /**
   * {@code backoff} as the SDK's strategy, jittered with {@code ThreadLocalRandom}.
   *
   * @param backoff the strategy
   * @return the SDK's strategy
   * @throws NullPointerException if {@code backoff} is null
   */
  public static BackoffStrategy of(Backoff backoff) {
    Objects.requireNonNull(backoff, "backoff");
    return new Adapter(backoff, null);
  }

  /**
   * {@code backoff} as the SDK's strategy, jittered with {@code random} (thread-safe, if the SDK client is used
   * from several threads).
   *
   * @param backoff the strategy
   * @param random the source of the jitter
   * @return the SDK's strategy
   * @throws NullPointerException if an argument is null
   */
  public static BackoffStrategy of(Backoff backoff, RandomGenerator random) {
    return new Adapter(Objects.requireNonNull(backoff, "backoff"), Objects.requireNonNull(random, "random"));
  }

  private record Adapter(Backoff backoff, RandomGenerator random) implements BackoffStrategy {
    @Override
    public Duration computeDelay(int attempt) {
      if (attempt < 1) {
        throw new IllegalArgumentException("attempt must be >= 1: " + attempt);
      }
      if (attempt == 1) {
        return Duration.ZERO;
      }
      return Duration.ofNanos(backoff.delayNanos(attempt - 1, 0,
          random != null ? random : ThreadLocalRandom.current()));
    }

    @Override
    public String toString() {
      return "AwsBackoffStrategies.of(" + backoff + ")";
    }
  }
}
