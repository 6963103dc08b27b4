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
  final Backoff backoff;
  final int maxAttempts;
  final long maxElapsedNanos;
  final long attemptTimeoutNanos;
  final List<Class<? extends Throwable>> retryOnTypes;
  final List<Predicate<? super Throwable>> retryIfs;
  final List<Class<? extends Throwable>> abortOnTypes;
  final List<Predicate<? super Throwable>> abortIfs;
  final Predicate<? super R> retryIfResult;
  final Predicate<? super R> quotaExhaustedIf;
  final DelayOverride<? super R> delayOverride;
  final long overrideMinNanos;
  final long overrideMaxNanos;
  final boolean giveUpIfOverrideExceedsMax;
  final List<RetryListener<? super R>> listeners;
  final boolean throwOnRetryableResult;
  final boolean hasListeners;
  final boolean retryOnAnyException;
  final RetryBudget budget;
  final List<RetryKind<? super R>> kinds;
  /** What {@link #kindFor} returns when no kind matches: the default strategy, {@code CostClass.TRANSIENT}. */
  final RetryKind<R> noKind;
  final boolean overrideRelative;
  final AdaptiveRateLimiter rateLimiter;

  RetryPolicy(RetryPolicyBuilder<R> b) {
    this.backoff = b.backoff;
    this.maxAttempts = b.maxAttempts;
    this.maxElapsedNanos = b.maxElapsedNanos;
    this.attemptTimeoutNanos = b.attemptTimeoutNanos;
    this.retryOnTypes = List.copyOf(b.retryOnTypes);
    this.retryIfs = List.copyOf(b.retryIfs);
    this.abortOnTypes = List.copyOf(b.abortOnTypes);
    this.abortIfs = List.copyOf(b.abortIfs);
    this.retryIfResult = b.retryIfResult;
    this.quotaExhaustedIf = b.quotaExhaustedIf;
    this.delayOverride = b.delayOverride;
    this.overrideMinNanos = b.overrideMinNanos;
    this.overrideMaxNanos = b.overrideMaxNanos;
    this.giveUpIfOverrideExceedsMax = b.giveUpIfOverrideExceedsMax;
    this.listeners = List.copyOf(b.listeners);
    this.throwOnRetryableResult = b.throwOnRetryableResult;
    this.hasListeners = !listeners.isEmpty();
    this.retryOnAnyException = retryOnTypes.isEmpty() && retryIfs.isEmpty();
    this.budget = b.budget;
    this.kinds = List.copyOf(b.kinds);
    this.noKind = RetryKind.noKind(backoff);
    this.overrideRelative = b.overrideRelative;
    this.rateLimiter = b.rateLimiter;
  }

  /** A builder with the defaults: {@link RetryPolicyBuilder#DEFAULT_BACKOFF}, 3 attempts, no time limits. */
  public static <R> RetryPolicyBuilder<R> builder() {
    return new RetryPolicyBuilder<>();
  }

  /** A builder initialised with this policy's settings, to derive a variant. */
  public RetryPolicyBuilder<R> toBuilder() {
    return new RetryPolicyBuilder<>(this);
  }

  /** The backoff strategy. */
  public Backoff backoff() {
    return backoff;
  }

  /** The maximum number of attempts, including the first ({@link Integer#MAX_VALUE} for unlimited). */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The total time budget from the start of the first attempt, if any. */
  public Optional<Duration> maxElapsed() {
    return maxElapsedNanos == Long.MAX_VALUE ? Optional.empty() : Optional.of(Duration.ofNanos(maxElapsedNanos));
  }

  /** The per-attempt timeout, if any. */
  public Optional<Duration> attemptTimeout() {
    return attemptTimeoutNanos == 0 ? Optional.empty() : Optional.of(Duration.ofNanos(attemptTimeoutNanos));
  }

  /**
   * Whether a call returns the last result when retries stop on a retryable result ({@code false}, the default) or
   * throws {@link RetryException} ({@link RetryPolicyBuilder#throwOnRetryableResult()}).
   */
  public boolean throwsOnRetryableResult() {
    return throwOnRetryableResult;
  }

  /** The kinds of failure with their own strategy and cost class, in the order they are tried. */
  public List<RetryKind<? super R>> kinds() {
    return kinds;
  }

  /**
   * The strategy for a failed attempt with this result and exception: that of the first matching kind, or the
   * default {@link #backoff()}.
   */
  public Backoff backoffFor(R result, Throwable failure) {
    return kindFor(result, failure).backoff();
  }

  /**
   * The first of {@link #kinds} matching the failed attempt, or {@link #noKind}; a throwing condition does not
   * match.
   */
  RetryKind<? super R> kindFor(R result, Throwable failure) {
    for (int i = 0; i < kinds.size(); i++) {
      RetryKind<? super R> kind = kinds.get(i);
      try {
        if (kind.matches(result, failure)) {
          return kind;
        }
      } catch (RuntimeException e) {
        System.getLogger("io.github.backoff").log(System.Logger.Level.WARNING,
            "condition of " + kind + " threw; taken as not matching", e);
      }
    }
    return noKind;
  }

  /** The client-side rate limiter, if any (see {@link RetryPolicyBuilder#withRateLimiter}). */
  public Optional<AdaptiveRateLimiter> rateLimiter() {
    return Optional.ofNullable(rateLimiter);
  }

  /** The retry budget, if any. */
  public Optional<RetryBudget> budget() {
    return Optional.ofNullable(budget);
  }

  /** The listeners, in registration order. */
  public List<RetryListener<? super R>> listeners() {
    return listeners;
  }

  /**
   * Whether {@code failure} would be retried (attempt and time limits aside): it matches no abort condition and
   * matches a retry condition (any {@link Exception} when none was given).
   */
  public boolean isRetryable(Throwable failure) {
    return !isAbort(failure) && matchesRetry(failure);
  }

  /**
   * Whether the policy looks at results ({@link RetryPolicyBuilder#retryIfResult}): an integration that sees only
   * failures (a Reactor {@code retryWhen}) must refuse such a policy rather than ignore the condition.
   */
  public boolean hasResultConditions() {
    return retryIfResult != null;
  }

  /** Whether {@code result} is one the policy retries on ({@link RetryPolicyBuilder#retryIfResult}). */
  public boolean isRetryableResult(R result) {
    return retryIfResult != null && retryIfResult.test(result);
  }

  boolean isAbort(Throwable failure) {
    for (int i = 0; i < abortOnTypes.size(); i++) {
      if (abortOnTypes.get(i).isInstance(failure)) {
        return true;
      }
    }
    for (int i = 0; i < abortIfs.size(); i++) {
      if (abortIfs.get(i).test(failure)) {
        return true;
      }
    }
    return false;
  }

  boolean matchesRetry(Throwable failure) {
    if (retryOnAnyException) {
      return failure instanceof Exception;
    }
    for (int i = 0; i < retryOnTypes.size(); i++) {
      if (retryOnTypes.get(i).isInstance(failure)) {
        return true;
      }
    }
    for (int i = 0; i < retryIfs.size(); i++) {
      if (retryIfs.get(i).test(failure)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "RetryPolicy[backoff=" + backoff + (kinds.isEmpty() ? "" : ", kinds=" + kinds) + ", maxAttempts="
        + (maxAttempts == Integer.MAX_VALUE ? "unlimited" : maxAttempts)
        + ", maxElapsed=" + Durations.format(maxElapsedNanos)
        + (attemptTimeoutNanos == 0 ? "" : ", attemptTimeout=" + Durations.format(attemptTimeoutNanos)) + "]";
  }
}
