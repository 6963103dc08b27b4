package io.github.backoff;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Builds a {@link RetryPolicy}. Each setter validates its argument at once and throws
 * {@link IllegalArgumentException} (or {@link NullPointerException}) naming the parameter and the value;
 * {@link #build()} copies, so a builder can be reused and the policies it built never change.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = RetryPolicy.<String>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(5)
 *     .retryOn(IOException.class)
 *     .abortOn(FileNotFoundException.class)
 *     .retryIfResult(String::isEmpty)
 *     .onEvent(LoggingRetryListener.create())
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 *
 * @param <R> the result type
 */
public final class RetryPolicyBuilder<R> {
  /** Exponential from 100 ms, doubling, capped at 20 s, with full jitter. */
  public static final Backoff DEFAULT_BACKOFF =
      Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter();

  Backoff backoff = DEFAULT_BACKOFF;
  int maxAttempts = 3;
  long maxElapsedNanos = Long.MAX_VALUE;
  long attemptTimeoutNanos;
  final List<Class<? extends Throwable>> retryOnTypes = new ArrayList<>();
  final List<Predicate<? super Throwable>> retryIfs = new ArrayList<>();
  final List<Class<? extends Throwable>> abortOnTypes = new ArrayList<>();
  final List<Predicate<? super Throwable>> abortIfs = new ArrayList<>();
  Predicate<? super R> retryIfResult;
  Predicate<? super R> quotaExhaustedIf;
  DelayOverride<? super R> delayOverride;
  long overrideMinNanos;
  long overrideMaxNanos = Long.MAX_VALUE;
  boolean giveUpIfOverrideExceedsMax;
  final List<RetryListener<? super R>> listeners = new ArrayList<>();
  boolean throwOnRetryableResult;
  RetryBudget budget;
  final List<RetryKind<? super R>> kinds = new ArrayList<>();
  boolean overrideRelative;
  AdaptiveRateLimiter rateLimiter;

  RetryPolicyBuilder() {}

  RetryPolicyBuilder(RetryPolicy<R> p) {
    backoff = p.backoff;
    maxAttempts = p.maxAttempts;
    maxElapsedNanos = p.maxElapsedNanos;
    attemptTimeoutNanos = p.attemptTimeoutNanos;
    retryOnTypes.addAll(p.retryOnTypes);
    retryIfs.addAll(p.retryIfs);
    abortOnTypes.addAll(p.abortOnTypes);
    abortIfs.addAll(p.abortIfs);
    retryIfResult = p.retryIfResult;
    quotaExhaustedIf = p.quotaExhaustedIf;
    delayOverride = p.delayOverride;
    overrideMinNanos = p.overrideMinNanos;
    overrideMaxNanos = p.overrideMaxNanos;
    giveUpIfOverrideExceedsMax = p.giveUpIfOverrideExceedsMax;
    listeners.addAll(p.listeners);
    throwOnRetryableResult = p.throwOnRetryableResult;
    budget = p.budget;
    kinds.addAll(p.kinds);
    overrideRelative = p.overrideRelative;
    rateLimiter = p.rateLimiter;
  }

  /** The strategy that computes each wait; see {@link Backoff}. */
  public RetryPolicyBuilder<R> withBackoff(Backoff backoff) {
    this.backoff = Checks.requireNonNull(backoff, "backoff");
    return this;
  }

  /**
   * Adds a kind of failure with its own strategy and budget cost class (see {@link RetryKind}). After a failed
   * attempt, the kinds are tried in the order they were added and the first that matches chooses; a failure of no
   * kind uses {@link #withBackoff the default strategy} and {@link io.github.backoff.budget.CostClass#TRANSIENT}.
   * The previous wait handed to the strategy (for decorrelated jitter) is the last wait, whatever its kind.
   *
   * @throws IllegalArgumentException if a kind of the same name was added already
   */
  public RetryPolicyBuilder<R> withBackoffFor(RetryKind<? super R> kind) {
    Checks.requireNonNull(kind, "kind");
    for (RetryKind<? super R> k : kinds) {
      Checks.requireArgument(!k.name().equals(kind.name()), "kind name must be unique: '%s' added twice",
          kind.name());
    }
    kinds.add(kind);
    return this;
  }

  /**
   * The maximum number of attempts, the first included: {@code 1} means no retry. Default 3.
   *
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   */
  public RetryPolicyBuilder<R> withMaxAttempts(int maxAttempts) {
    this.maxAttempts = Checks.atLeast(maxAttempts, 1, "maxAttempts");
    return this;
  }

  /** No limit on the number of attempts (stop on time, abort conditions or success only). */
  public RetryPolicyBuilder<R> withUnlimitedAttempts() {
    this.maxAttempts = Integer.MAX_VALUE;
    return this;
  }

  /**
   * The total time budget, from the start of the first attempt: a wait whose end would reach it is not started.
   *
   * @throws IllegalArgumentException if {@code maxElapsed} is not positive
   */
  public RetryPolicyBuilder<R> withMaxElapsed(Duration maxElapsed) {
    this.maxElapsedNanos = Checks.positiveNanos(maxElapsed, "maxElapsed");
    return this;
  }

  /**
   * A per-attempt timeout. A synchronous attempt that runs longer is interrupted and, whether or not it reacts,
   * its outcome is replaced by an {@link AttemptTimeoutException}; an asynchronous attempt is completed as timed
   * out and its stage cancelled. Timed-out attempts are retried like other failures.
   *
   * @throws IllegalArgumentException if {@code timeout} is not positive
   */
  public RetryPolicyBuilder<R> withAttemptTimeout(Duration timeout) {
    this.attemptTimeoutNanos = Checks.positiveNanos(timeout, "attemptTimeout");
    return this;
  }

  /**
   * Retries failures that are instances of any of {@code types}. Without any retry condition every
   * {@link Exception} is retried (never an {@link Error}).
   */
  @SafeVarargs
  public final RetryPolicyBuilder<R> retryOn(Class<? extends Throwable>... types) {
    for (Class<? extends Throwable> t : Checks.requireNonNull(types, "types")) {
      retryOnTypes.add(Checks.requireNonNull(t, "types[i]"));
    }
    return this;
  }

  /** Retries failures matching {@code predicate}. */
  public RetryPolicyBuilder<R> retryIf(Predicate<? super Throwable> predicate) {
    retryIfs.add(Checks.requireNonNull(predicate, "predicate"));
    return this;
  }

  /** Stops at once, with {@link StopReason#ABORTED}, on failures that are instances of any of {@code types}. */
  @SafeVarargs
  public final RetryPolicyBuilder<R> abortOn(Class<? extends Throwable>... types) {
    for (Class<? extends Throwable> t : Checks.requireNonNull(types, "types")) {
      abortOnTypes.add(Checks.requireNonNull(t, "types[i]"));
    }
    return this;
  }

  /** Stops at once, with {@link StopReason#ABORTED}, on failures matching {@code predicate}. */
  public RetryPolicyBuilder<R> abortIf(Predicate<? super Throwable> predicate) {
    abortIfs.add(Checks.requireNonNull(predicate, "predicate"));
    return this;
  }

  /**
   * Retries when an attempt returns a result matching {@code predicate}. When retries stop on such a result, the
   * call returns it (the default) or throws {@link RetryException}: see {@link #throwOnRetryableResult()}.
   */
  public RetryPolicyBuilder<R> retryIfResult(Predicate<? super R> predicate) {
    this.retryIfResult = Checks.requireNonNull(predicate, "predicate");
    return this;
  }

  /**
   * Stops at once, with {@link StopReason#QUOTA_EXHAUSTED}, on a retryable result matching {@code predicate}: one
   * that says the caller is out of quota (an HTTP client's {@code RateLimitRules} install one), where waiting
   * would not help. Checked before any limit, the budget or the delay; a predicate that throws is logged and counts
   * as no match.
   *
   * @throws NullPointerException if {@code predicate} is null
   */
  public RetryPolicyBuilder<R> stopIfQuotaExhausted(Predicate<? super R> predicate) {
    this.quotaExhaustedIf = Checks.requireNonNull(predicate, "predicate");
    return this;
  }

  /**
   * When retries stop on a retryable result (attempts or time exhausted), throw a {@link RetryException} whose
   * {@link RetryException#lastResult()} holds it, instead of returning it.
   */
  public RetryPolicyBuilder<R> throwOnRetryableResult() {
    this.throwOnRetryableResult = true;
    return this;
  }

  /**
   * Computes the wait from the failed attempt instead of the strategy whenever {@code override} returns non-null
   * (e.g. a server's Retry-After), clamped to {@code [min, max]}.
   *
   * @throws IllegalArgumentException if {@code min} is negative or {@code max < min}
   */
  public RetryPolicyBuilder<R> withDelayOverride(DelayOverride<? super R> override, Duration min, Duration max) {
    this.delayOverride = Checks.requireNonNull(override, "override");
    long lo = Checks.nonNegativeNanos(min, "min");
    long hi = Checks.nonNegativeNanos(max, "max");
    Checks.requireParameter(hi >= lo, "max", max, "max must be >= min: %s < %s", Durations.format(hi), Durations.format(lo));
    this.overrideMinNanos = lo;
    this.overrideMaxNanos = hi;
    this.overrideRelative = false;
    return this;
  }

  /**
   * Lets a server's hint lengthen the computed wait, never shorten it: whenever {@code hint} returns non-null, the
   * wait is the hint clamped to {@code [computed, computed + maxAboveComputed]}, {@code computed} being the
   * strategy's (jittered) wait for this retry. This is how the AWS SDKs honour {@code x-amz-retry-after} from
   * 2026 (with 5 s above the computed wait). Replaces any {@link #withDelayOverride}.
   *
   * @throws IllegalArgumentException if {@code maxAboveComputed} is negative
   */
  public RetryPolicyBuilder<R> withDelayHint(DelayOverride<? super R> hint, Duration maxAboveComputed) {
    this.delayOverride = Checks.requireNonNull(hint, "hint");
    this.overrideMinNanos = 0;
    this.overrideMaxNanos = Checks.nonNegativeNanos(maxAboveComputed, "maxAboveComputed");
    this.overrideRelative = true;
    return this;
  }

  /**
   * When the delay override asks for more than its {@code max} (for {@link #withDelayHint}: more than the computed
   * wait plus {@code maxAboveComputed}), stop at once with {@link StopReason#DELAY_TOO_LONG} instead of clamping.
   *
   * @throws IllegalStateException if no delay override was set
   */
  public RetryPolicyBuilder<R> giveUpIfOverrideExceedsMax() {
    Checks.requireState(delayOverride != null, "giveUpIfOverrideExceedsMax needs withDelayOverride first");
    this.giveUpIfOverrideExceedsMax = true;
    return this;
  }

  /**
   * Limits retries with {@code budget}, shared by every call under this policy (and any other policy given the
   * same budget): a retry the budget denies stops the execution with {@link StopReason#BUDGET_DENIED}.
   */
  public RetryPolicyBuilder<R> withBudget(RetryBudget budget) {
    this.budget = Checks.requireNonNull(budget, "budget");
    return this;
  }

  /**
   * Limits the rate of attempts, first attempts included, with {@code limiter} (the AWS SDKs' adaptive mode; share
   * one per throttled resource). Before each attempt the execution takes a token and waits until it is due; after
   * each attempt it tells the limiter the outcome, a failure of a {@link RetryKind} with
   * {@link io.github.backoff.budget.CostClass#THROTTLING} counting as throttled. A retry's wait is the strategy's
   * plus the token's; if that would end after {@link #withMaxElapsed maxElapsed} (or a first attempt's token is
   * due at or after it), the execution stops at once with {@link StopReason#TIME_BUDGET_EXHAUSTED}. The asynchronous driver schedules a delayed first attempt rather
   * than waiting on the calling thread; a listener sees the token's wait in {@code RetryScheduled.delay()}.
   *
   * @throws IllegalArgumentException if {@code limiter} is {@link AdaptiveRateLimiter#nonReserving non-reserving}
   *     (its waits take no token; call its {@code acquire} in front of the call instead)
   */
  public RetryPolicyBuilder<R> withRateLimiter(AdaptiveRateLimiter limiter) {
    Checks.requireNonNull(limiter, "limiter");
    Checks.requireArgument(limiter.isReserving(), "limiter must be reserving (AdaptiveRateLimiter.create), was %s; "
        + "call a non-reserving limiter's acquire(Sleeper) or acquireAsync(scheduler) before the call instead",
        limiter);
    this.rateLimiter = limiter;
    return this;
  }

  /** Adds a listener; see {@link RetryListener} for when it is called and what happens if it throws. */
  public RetryPolicyBuilder<R> onEvent(RetryListener<? super R> listener) {
    listeners.add(Checks.requireNonNull(listener, "listener"));
    return this;
  }

  /** An immutable policy with the current settings; the builder can still be changed and reused. */
  public RetryPolicy<R> build() {
    return new RetryPolicy<>(this);
  }
}
