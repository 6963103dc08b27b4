package io.github.backoff;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.internal.Durations;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What to retry and how: the backoff strategy, the limits (attempts, total time, per-attempt timeout), the
 * conditions on failures and results, an optional delay override for server hints, and the listeners.
 *
 * <p>A policy is immutable and thread-safe: build it once with {@link #builder()} and share it between any number
 * of threads and {@link Retrier}s. It only describes; a {@link Retrier} runs calls under it.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = RetryPolicy.<String>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(5)
 *     .withMaxElapsed(Duration.ofSeconds(30))
 *     .retryOn(IOException.class)
 *     .build();
 * }</pre>
 *
 * <p>Decisions, in order, after an attempt fails (throws, or returns a result matching
 * {@link RetryPolicyBuilder#retryIfResult}): an {@link InterruptedException} or an interrupted caller stops with
 * {@link StopReason#INTERRUPTED}; a failure matching an abort condition stops with {@link StopReason#ABORTED};
 * one matching no retry condition stops with {@link StopReason#NOT_RETRYABLE}; the last allowed attempt stops
 * with {@link StopReason#ATTEMPTS_EXHAUSTED}; otherwise the wait is computed (the strategy of the failure's
 * {@link RetryKind}, or the default one; or the override clamped to its bounds) and, if the next attempt would start at or after {@code maxElapsed}, the execution stops at once
 * with {@link StopReason#TIME_BUDGET_EXHAUSTED} rather than waiting in vain; last, a retry budget, if any, is asked
 * for the retry and may stop the execution with {@link StopReason#BUDGET_DENIED}.
 *
 * @param <R> the result type of the calls it retries
 */
public final class RetryPolicy<R> {
  /** This policy's own frozen copy of its builder's options, read by the decision core. */
  final RetryPolicyConfig<R> config;

  RetryPolicy(RetryPolicyConfig<R> config) {
    this.config = config;
  }

  /** A builder with the defaults: {@link RetryPolicyBuilder#DEFAULT_BACKOFF}, 3 attempts, no time limits. */
  public static <R> RetryPolicyBuilder<R> builder() {
    return new RetryPolicyBuilder<>();
  }

  /**
   * A builder initialised with this policy's settings, to derive a variant: each option may be set once more, its
   * new value replacing the copied one; conditions, kinds and listeners added are added to the copied ones (see
   * {@link RetryPolicyBuilder}).
   */
  public RetryPolicyBuilder<R> toBuilder() {
    return new RetryPolicyBuilder<>(config.copy());
  }

  /** The backoff strategy. */
  public Backoff backoff() {
    return config.backoff;
  }

  /** The maximum number of attempts, including the first ({@link Integer#MAX_VALUE} for unlimited). */
  public int maxAttempts() {
    return config.maxAttempts;
  }

  /** The total time budget from the start of the first attempt, if any. */
  public Optional<Duration> maxElapsed() {
    long nanos = config.maxElapsedNanos;
    return nanos == Long.MAX_VALUE ? Optional.empty() : Optional.of(Duration.ofNanos(nanos));
  }

  /** The per-attempt timeout, if any. */
  public Optional<Duration> attemptTimeout() {
    long nanos = config.attemptTimeoutNanos;
    return nanos == 0 ? Optional.empty() : Optional.of(Duration.ofNanos(nanos));
  }

  /**
   * Whether a call returns the last result when retries stop on a retryable result ({@code false}, the default) or
   * throws {@link RetryException} ({@link RetryPolicyBuilder#throwOnRetryableResult()}).
   */
  public boolean throwsOnRetryableResult() {
    return config.throwOnRetryableResult;
  }

  /** The kinds of failure with their own strategy and cost class, in the order they are tried. */
  public List<RetryKind<? super R>> kinds() {
    return config.kinds;
  }

  /**
   * The strategy for a failed attempt with this result and exception: that of the first matching kind, or the
   * default {@link #backoff()}.
   */
  public Backoff backoffFor(R result, Throwable failure) {
    return config.kindFor(result, failure).backoff();
  }

  /** The client-side rate limiter, if any (see {@link RetryPolicyBuilder#withRateLimiter}). */
  public Optional<AdaptiveRateLimiter> rateLimiter() {
    return Optional.ofNullable(config.rateLimiter);
  }

  /** The retry budget, if any. */
  public Optional<RetryBudget> budget() {
    return Optional.ofNullable(config.budget);
  }

  /** The listeners, in registration order. */
  public List<RetryListener<? super R>> listeners() {
    return config.listeners;
  }

  /**
   * Whether {@code failure} would be retried (attempt and time limits aside): it matches no abort condition and
   * matches a retry condition (any {@link Exception} when none was given).
   */
  public boolean isRetryable(Throwable failure) {
    return !config.isAbort(failure) && config.matchesRetry(failure);
  }

  /**
   * Whether the policy looks at results ({@link RetryPolicyBuilder#retryIfResult}): an integration that sees only
   * failures (a Reactor {@code retryWhen}) must refuse such a policy rather than ignore the condition.
   */
  public boolean hasResultConditions() {
    return config.retryIfResult != null;
  }

  /** Whether {@code result} is one the policy retries on ({@link RetryPolicyBuilder#retryIfResult}). */
  public boolean isRetryableResult(R result) {
    Predicate<? super R> condition = config.retryIfResult;
    return condition != null && condition.test(result);
  }

  @Override
  public String toString() {
    RetryPolicyConfig<R> c = config;
    return "RetryPolicy[backoff=" + c.backoff + (c.kinds.isEmpty() ? "" : ", kinds=" + c.kinds) + ", maxAttempts="
        + (c.maxAttempts == Integer.MAX_VALUE ? "unlimited" : c.maxAttempts)
        + ", maxElapsed=" + Durations.format(c.maxElapsedNanos)
        + (c.attemptTimeoutNanos == 0 ? "" : ", attemptTimeout=" + Durations.format(c.attemptTimeoutNanos)) + "]";
  }
}
