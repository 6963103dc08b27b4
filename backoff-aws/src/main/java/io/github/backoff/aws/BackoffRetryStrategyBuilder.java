package io.github.backoff.aws;

import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.budget.CostClass;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;

/**
 * The SDK's builder interface for a {@link BackoffRetryStrategy}, reached by {@link BackoffRetryStrategy#toBuilder()}:
 * what it is given is applied, once, to a copy of the strategy's policy when {@link #build()} runs, so
 * {@code toBuilder().build()} gives an equivalent strategy.
 *
 * <pre>{@code
 * BackoffRetryStrategy more = strategy.toBuilder().maxAttempts(5).build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class BackoffRetryStrategyBuilder
    implements RetryStrategy.Builder<BackoffRetryStrategyBuilder, BackoffRetryStrategy> {
  private final RetryPolicy<Object> policy;
  private final HttpRetryOptions options;
  private final List<Predicate<Throwable>> retryOn = new ArrayList<>();
  private Predicate<Throwable> treatAsThrottling;
  private boolean useClientDefaults;
  private Integer maxAttempts;
  private BackoffStrategy backoff;
  private BackoffStrategy throttlingBackoff;

  BackoffRetryStrategyBuilder(RetryPolicy<Object> policy, HttpRetryOptions options,
      Predicate<Throwable> treatAsThrottling, boolean useClientDefaults) {
    this.policy = policy;
    this.options = options;
    this.treatAsThrottling = treatAsThrottling;
    this.useClientDefaults = useClientDefaults;
  }

  /**
   * Also retries failures matching {@code shouldRetry} (the policy's {@code retryIf}).
   *
   * @param shouldRetry the condition
   * @return this builder
   */
  @Override
  public BackoffRetryStrategyBuilder retryOnException(Predicate<Throwable> shouldRetry) {
    retryOn.add(Objects.requireNonNull(shouldRetry, "shouldRetry"));
    return this;
  }

  /**
   * The maximum number of attempts, replacing the policy's.
   *
   * @param maxAttempts the attempts, the first included, at least 1
   * @return this builder
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   */
  @Override
  public BackoffRetryStrategyBuilder maxAttempts(int maxAttempts) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be >= 1: " + maxAttempts);
    }
    this.maxAttempts = maxAttempts;
    return this;
  }

  /**
   * The SDK's backoff for transient failures, replacing the policy's strategy. It sees only the attempt number (see
   * {@link AwsBackoffStrategies}); prefer a Backoff strategy in the policy.
   *
   * @param backoffStrategy the SDK's strategy
   * @return this builder
   */
  @Override
  public BackoffRetryStrategyBuilder backoffStrategy(BackoffStrategy backoffStrategy) {
    this.backoff = Objects.requireNonNull(backoffStrategy, "backoffStrategy");
    return this;
  }

  /**
   * The SDK's backoff for throttling failures (the policy's throttling kind).
   *
   * @param throttlingBackoffStrategy the SDK's strategy
   * @return this builder
   */
  @Override
  public BackoffRetryStrategyBuilder throttlingBackoffStrategy(BackoffStrategy throttlingBackoffStrategy) {
    this.throttlingBackoff = Objects.requireNonNull(throttlingBackoffStrategy, "throttlingBackoffStrategy");
    return this;
  }

  /**
   * Also treats service errors matching {@code treatAsThrottling} as throttling (retried, charged the budget's
   * throttling cost, with the throttling kind's strategy).
   *
   * @param treatAsThrottling the condition
   * @return this builder
   */
  @Override
  public BackoffRetryStrategyBuilder treatAsThrottling(Predicate<Throwable> treatAsThrottling) {
    Objects.requireNonNull(treatAsThrottling, "treatAsThrottling");
    Predicate<Throwable> before = this.treatAsThrottling;
    this.treatAsThrottling = before == null ? treatAsThrottling : before.or(treatAsThrottling);
    return this;
  }

  /**
   * Whether the SDK should add its default conditions through {@code toBuilder()} (default false).
   *
   * @param useClientDefaults whether it should
   * @return this builder
   */
  @Override
  public BackoffRetryStrategyBuilder useClientDefaults(boolean useClientDefaults) {
    this.useClientDefaults = useClientDefaults;
    return this;
  }

  /**
   * A new strategy: the policy with what this builder was given, the same options.
   *
   * @return the strategy
   */
  @Override
  public BackoffRetryStrategy build() {
    if (maxAttempts == null && retryOn.isEmpty() && backoff == null && throttlingBackoff == null) {
      return new BackoffRetryStrategy(policy, options, treatAsThrottling, useClientDefaults);
    }
    RetryPolicyBuilder<Object> b = policy.toBuilder();
    if (maxAttempts != null) {
      b.withMaxAttempts(maxAttempts);
    }
    for (Predicate<Throwable> p : retryOn) {
      b.retryIf(p);
    }
    if (backoff != null) {
      b.withBackoff(new SdkBackoff(backoff));
    }
    if (throttlingBackoff != null) {
      Predicate<Throwable> extra = treatAsThrottling;
      b.withBackoffFor(RetryKind.onResult(Preset.THROTTLING_KIND, r -> r instanceof SdkServiceException e
          && (AwsErrors.isThrottling(e) || extra != null && extra.test(e)), new SdkBackoff(throttlingBackoff))
          .withCostClass(CostClass.THROTTLING));
    }
    return new BackoffRetryStrategy(b.build(), options, treatAsThrottling, useClientDefaults);
  }

  /**
   * The SDK's strategy as a Backoff one. It cannot say its bounds, so the largest wait it may return is unknown:
   * a {@code Retry-After} spread is then bounded by the options' maximum only.
   */
  private record SdkBackoff(BackoffStrategy sdk) implements Backoff {
    @Override
    public long delayNanos(int retry, long previousDelayNanos, java.util.random.RandomGenerator random) {
      Duration d = sdk.computeDelay(checkRetry(retry) + 1); // the SDK's attempt numbers count the first attempt
      return d.isNegative() ? 0 : saturatedNanos(d);
    }

    @Override
    public long minDelayNanos(int retry) {
      checkRetry(retry);
      return 0;
    }

    @Override
    public long maxDelayNanos(int retry) {
      checkRetry(retry);
      return Long.MAX_VALUE;
    }

    private static int checkRetry(int retry) {
      if (retry < 1) {
        throw new IllegalArgumentException("retry must be >= 1: " + retry);
      }
      return retry == Integer.MAX_VALUE ? retry - 1 : retry;
    }

    private static long saturatedNanos(Duration d) {
      try {
        return d.toNanos();
      } catch (ArithmeticException e) {
        return Long.MAX_VALUE;
      }
    }

    @Override
    public String toString() {
      return "sdk(" + sdk + ")";
    }
  }
}
