package io.github.backoff.aws;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StandaloneExecution;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.preset.Preset;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkServiceException;
import software.amazon.awssdk.retries.api.AcquireInitialTokenRequest;
import software.amazon.awssdk.retries.api.AcquireInitialTokenResponse;
import software.amazon.awssdk.retries.api.RecordSuccessRequest;
import software.amazon.awssdk.retries.api.RecordSuccessResponse;
import software.amazon.awssdk.retries.api.RefreshRetryTokenRequest;
import software.amazon.awssdk.retries.api.RefreshRetryTokenResponse;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.retries.api.RetryToken;
import software.amazon.awssdk.retries.api.TokenAcquisitionFailedException;

/**
 * The AWS SDK for Java 2.x's {@link RetryStrategy} answered by a Backoff {@link RetryPolicy}: every "retry or stop,
 * and how long" comes from the core's decision core, with the HTTP rules every Backoff client shares for the
 * server's hints. Plug it into any SDK client, sync or async.
 *
 * <pre>{@code
 * RetryPolicy<Object> policy = Preset.awsSdk2026().policyBuilder().build();
 * DynamoDbClient dynamo = DynamoDbClient.builder()
 *     .overrideConfiguration(o -> o.retryStrategy(BackoffRetryStrategy.of(policy)))
 *     .build();
 * }</pre>
 *
 * <ul>
 *   <li><b>Token.</b> {@code acquireInitialToken} starts the core's execution (the budget records a request; a
 *       rate limiter's wait becomes the SDK's initial delay); the token carries it, with the attempts, the
 *       previous delay (decorrelated jitter works) and the budget taken, from attempt to attempt.
 *       {@code recordSuccess} ends it: the budget gets its refund, the listeners their {@code Succeeded}.
 *   <li><b>What is retried.</b> The SDK does not add its own retry conditions to a strategy that does not ask for
 *       them ({@link #useClientDefaults()} is false), so this class classifies failures itself, with the SDK's own
 *       lists: the throttling error codes ({@code Throttling}, {@code ThrottlingException},
 *       {@code ProvisionedThroughputExceededException}, {@code SlowDown}, ...) and status 429 are retried as
 *       throttling (the core's throttling kind, charged the budget's throttling cost); the transient codes
 *       ({@code RequestTimeout}, {@code InternalError}, {@code PriorRequestNotComplete}, the clock-skew codes), the
 *       statuses 500, 502, 503, 504 (and the options' statuses) and I/O failures (a refused or reset connection,
 *       an attempt timeout) are retried as transient. Anything else stops at once, unless the policy's own
 *       {@code retryIf} conditions match it.
 *   <li><b>Hints.</b> The SDK's {@code suggestedDelay} carries only {@code Retry-After}, and only on the sync
 *       client; so the hints are read from the failure's {@code awsErrorDetails().sdkHttpResponse()} headers on
 *       both clients: {@code x-amz-retry-after} (milliseconds) clamped to at least the strategy's delay and at most
 *       5 s above it; {@code Retry-After} on a throttling error or a 503 as a floor, spread, and stopping the
 *       retries ({@code DELAY_TOO_LONG}) above the maximum.
 *   <li><b>Long polling.</b> For an operation the SDK marks long-polling, when the budget refuses a retry the
 *       token's failure still carries the strategy's delay, so the SDK waits it before failing instead of
 *       returning at once into the caller's polling loop, as the SDK's own strategy does.
 * </ul>
 *
 * <p>When retries stop, {@code refreshRetryToken} throws {@link TokenAcquisitionFailedException} whose cause is the
 * core's {@link io.github.backoff.RetryException} (the reason, the attempts, the elapsed time); the SDK then throws
 * the last failure of the call.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of clients and calls.
 */
public final class BackoffRetryStrategy implements RetryStrategy {
  private static final HttpRetryOptions AWS_OPTIONS = HttpRetryOptions.builder()
      .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER)
      .build();

  private final RetryPolicy<Object> policy;
  private final HttpRetryOptions options;
  private final Predicate<Throwable> treatAsThrottling;
  private final boolean useClientDefaults;
  private final HttpRetryCalls calls;
  /** The SPI's retrier for calls the SDK may repeat (all of them), built once. */
  private final Retrier<Object> retrier;

  BackoffRetryStrategy(RetryPolicy<Object> policy, HttpRetryOptions options, Predicate<Throwable> treatAsThrottling,
      boolean useClientDefaults) {
    this.policy = policy;
    this.options = options;
    this.treatAsThrottling = treatAsThrottling;
    this.useClientDefaults = useClientDefaults;
    // A service error reaches the shared rules as the "response" it is: its status (429 for throttling) and the
    // headers of the HTTP response it came from.
    HttpResponseReader reader = HttpResponseReader.of(SdkServiceException.class,
        e -> isThrottling(e) ? 429 : e.statusCode(), BackoffRetryStrategy::header);
    this.calls = HttpRetryCalls.create(policy, options, reader,
        r -> r instanceof SdkServiceException e && isRetryable(e), null);
    this.retrier = calls.retrierBuilder(true).build();
  }

  /**
   * A strategy that retries under {@code policy}, following {@code x-amz-retry-after}.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new strategy
   * @throws NullPointerException if {@code policy} is null
   */
  public static BackoffRetryStrategy of(RetryPolicy<?> policy) {
    return of(policy, AWS_OPTIONS);
  }

  /**
   * A strategy with {@code preset}'s strategies and attempts (e.g. {@link Preset#awsSdk2026()}, the AWS SDKs'
   * standard mode from 2026): its throttling strategy for the SDK's throttling errors, its other strategy for the
   * rest, a retry budget of its own (the SDKs' 2026 retry quota), following {@code x-amz-retry-after}.
   *
   * <pre>{@code
   * RetryStrategy retry = BackoffRetryStrategy.of(Preset.awsDynamoDb2026());
   * }</pre>
   *
   * @param preset the preset
   * @return a new strategy
   * @throws NullPointerException if {@code preset} is null
   */
  public static BackoffRetryStrategy of(Preset preset) {
    Objects.requireNonNull(preset, "preset");
    return of(preset.policyBuilder((Object result, Throwable failure) -> result instanceof SdkServiceException e
        && AwsErrors.isThrottling(e)).build());
  }

  /**
   * A strategy that retries under {@code policy} with {@code options}, the settings every HTTP client shares (the
   * retryable statuses are added to the SDK's; the methods do not apply: the SDK's operations are retried as the
   * SDK retries them).
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the extra statuses, the {@code Retry-After} limit, the millisecond hint header, the budget and
   *     the sources of time and randomness
   * @return a new strategy
   * @throws NullPointerException if an argument is null
   */
  public static BackoffRetryStrategy of(RetryPolicy<?> policy, HttpRetryOptions options) {
    @SuppressWarnings("unchecked") // the SDK's results are never given to the policy's conditions
    RetryPolicy<Object> p = (RetryPolicy<Object>) Objects.requireNonNull(policy, "policy");
    return new BackoffRetryStrategy(p, Objects.requireNonNull(options, "options"), null, false);
  }

  private boolean isThrottling(SdkServiceException e) {
    return AwsErrors.isThrottling(e) || treatAsThrottling != null && treatAsThrottling.test(e);
  }

  private boolean isRetryable(SdkServiceException e) {
    return AwsErrors.isRetryable(e, options) || treatAsThrottling != null && treatAsThrottling.test(e);
  }

  private static String header(SdkServiceException e, String name) {
    if (e instanceof AwsServiceException aws && aws.awsErrorDetails() != null
        && aws.awsErrorDetails().sdkHttpResponse() != null) {
      return aws.awsErrorDetails().sdkHttpResponse().firstMatchingHeader(name).orElse(null);
    }
    return null;
  }

  /**
   * Starts a call: the core's execution, in a new token.
   *
   * @param request the SDK's request
   * @return the token, and the wait before the first attempt (a rate limiter's, else 0)
   * @throws TokenAcquisitionFailedException if the policy's rate limiter would delay the first attempt past its
   *     deadline
   */
  @Override
  public AcquireInitialTokenResponse acquireInitialToken(AcquireInitialTokenRequest request) {
    BackoffRetryToken token = new BackoffRetryToken(request.scope(),
        StandaloneExecution.start(retrier));
    long wait = token.execution.firstAttemptDelayNanos();
    if (wait == StandaloneExecution.STOP) {
      throw new TokenAcquisitionFailedException("retries stopped before the first attempt: "
          + token.execution.stopReason(), token, token.execution.failure());
    }
    return AcquireInitialTokenResponse.create(token, Duration.ofNanos(wait));
  }

  /**
   * Records a failed attempt and asks the core whether and when to retry.
   *
   * @param request the token, the failure and the SDK's suggested delay (not used: the hints are read from the
   *     failure's response)
   * @return the same token and the wait before the next attempt
   * @throws TokenAcquisitionFailedException when retries stop; its cause is the core's
   *     {@link io.github.backoff.RetryException}
   * @throws IllegalArgumentException if the token is not one of this class
   */
  @Override
  public RefreshRetryTokenResponse refreshRetryToken(RefreshRetryTokenRequest request) {
    BackoffRetryToken token = token(request.token());
    Throwable failure = request.failure();
    StandaloneExecution<Object> execution = token.execution;
    long wait = failure instanceof SdkServiceException e && isRetryable(e)
        ? execution.onFailure(e, null)
        : execution.onFailure(null, AwsErrors.attemptFailure(failure));
    if (wait != StandaloneExecution.STOP) {
      return RefreshRetryTokenResponse.create(token, Duration.ofNanos(wait));
    }
    StopReason reason = execution.stopReason();
    String message = "retries stopped after " + execution.failedAttempts() + " attempts: " + reason;
    if (request.isLongPolling() && reason == StopReason.BUDGET_DENIED) {
      long delay = policy.backoff().delayNanos(execution.failedAttempts(), 0,
          options.random().orElseGet(ThreadLocalRandom::current));
      throw new TokenAcquisitionFailedException(message, token, execution.failure(), Duration.ofNanos(delay));
    }
    throw new TokenAcquisitionFailedException(message, token, execution.failure());
  }

  /**
   * Ends a call that succeeded: the budget gets its refund, the listeners their {@code Succeeded} event.
   *
   * @param request the token
   * @return the same token
   * @throws IllegalArgumentException if the token is not one of this class
   */
  @Override
  public RecordSuccessResponse recordSuccess(RecordSuccessRequest request) {
    BackoffRetryToken token = token(request.token());
    token.execution.onSuccess(null);
    return RecordSuccessResponse.create(token);
  }

  private static BackoffRetryToken token(RetryToken token) {
    if (token instanceof BackoffRetryToken ours) {
      return ours;
    }
    throw new IllegalArgumentException("not a token of BackoffRetryStrategy: " + token);
  }

  /**
   * The policy's maximum number of attempts.
   *
   * @return the attempts, the first included
   */
  @Override
  public int maxAttempts() {
    return policy.maxAttempts();
  }

  /**
   * Whether the SDK should add its default retry conditions through {@link #toBuilder()}: false unless the builder
   * said so, because this class already classifies failures with the SDK's own lists.
   *
   * @return whether the SDK adds its defaults
   */
  @Override
  public boolean useClientDefaults() {
    return useClientDefaults;
  }

  /**
   * A builder holding this strategy's policy, options and settings: {@code toBuilder().build()} makes an equivalent
   * strategy, and the SDK's builder methods change the policy it derives.
   *
   * @return a new builder
   */
  @Override
  public BackoffRetryStrategyBuilder toBuilder() {
    return new BackoffRetryStrategyBuilder(policy, options, treatAsThrottling, useClientDefaults);
  }

  /**
   * The policy (without the rules this class adds).
   *
   * @return the policy
   */
  public RetryPolicy<Object> policy() {
    return policy;
  }

  /**
   * The options.
   *
   * @return the options
   */
  public HttpRetryOptions options() {
    return options;
  }

  /**
   * The retry budget all calls through this strategy share: the policy's own if it has one, else one made for this
   * strategy (the AWS SDKs' 2026 retry quota), or empty if the options say so.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  @Override
  public String toString() {
    return "BackoffRetryStrategy[" + calls + "]";
  }
}
