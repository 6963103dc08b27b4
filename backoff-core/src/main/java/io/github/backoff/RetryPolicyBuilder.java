package io.github.backoff;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
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
 * <p><b>Each option is set once.</b> Setting an option a second time on the same builder throws
 * {@link IllegalStateException} naming the option (as Caffeine refuses a second {@code maximumSize}): two values
 * for one option in one builder are a mistake, and neither "the first wins" nor "the later wins" would say which
 * was meant. Methods that set the same option count as one: {@link #withMaxAttempts} and
 * {@link #withUnlimitedAttempts} (the attempt limit), {@link #withDelayOverride} and {@link #withDelayHint} (the
 * delay override). The methods documented as <em>adding</em> ({@link #retryOn}, {@link #retryIf},
 * {@link #abortOn}, {@link #abortIf}, {@link #withBackoffFor}, {@link #onEvent}) may be called any number of times.
 *
 * <p><b>Deriving a variant.</b> A builder from {@link RetryPolicy#toBuilder()} (or a preset's
 * {@code policyBuilder}) starts from copied values, which this builder did not set: each option may be set once, the
 * new value replacing the copied one, and a second set is refused as above. Added conditions, kinds and listeners
 * are added to the copied ones.
 *
 * <p>Not thread-safe: confine a builder to one thread.
 *
 * @param <R> the result type
 */
public final class RetryPolicyBuilder<R> {
  /** Exponential from 100 ms, doubling, capped at 20 s, with full jitter. */
  public static final Backoff DEFAULT_BACKOFF =
      Backoff.exponential(Duration.ofMillis(100), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter();

  /** The one name of the option {@link #withDelayOverride} and {@link #withDelayHint} set. */
  private static final String DELAY_OVERRIDE = "delayOverride (withDelayOverride or withDelayHint)";

  /** What this builder writes; {@link #build()} freezes a copy of it. */
  private final RetryPolicyConfig<R> config;
  /** The options this builder has set, each refused a second time. */
  private final Set<String> set = new HashSet<>();

  RetryPolicyBuilder() {
    this(new RetryPolicyConfig<>());
  }

  /** A builder writing into {@code config}, its own copy (of a policy's, for {@link RetryPolicy#toBuilder()}). */
  RetryPolicyBuilder(RetryPolicyConfig<R> config) {
    this.config = config;
  }

  /**
   * Records that {@code option} is set, refusing it if this builder set it already (see the class description).
   *
   * @throws IllegalStateException if this builder set {@code option} already
   */
  private void setOnce(String option) {
    Checks.requireState(set.add(option), "%s was already set on this builder: set each option once", option);
  }

  /**
   * The strategy that computes each wait; see {@link Backoff}. Default {@link #DEFAULT_BACKOFF}.
   *
   * @throws IllegalStateException if this builder set {@code backoff} already
   */
  public RetryPolicyBuilder<R> withBackoff(Backoff backoff) {
    Checks.requireNonNull(backoff, "backoff");
    setOnce("backoff");
    config.backoff = backoff;
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
    for (RetryKind<? super R> k : config.kinds) {
      Checks.requireArgument(!k.name().equals(kind.name()), "kind name must be unique: '%s' added twice",
          kind.name());
    }
    config.kinds = RetryPolicyConfig.plus(config.kinds, kind);
    return this;
  }

  /**
   * The maximum number of attempts, the first included: {@code 1} means no retry. Default 3.
   *
   * @throws IllegalArgumentException if {@code maxAttempts < 1}
   * @throws IllegalStateException if this builder set the attempt limit already (here or with
   *     {@link #withUnlimitedAttempts})
   */
  public RetryPolicyBuilder<R> withMaxAttempts(int maxAttempts) {
    Checks.atLeast(maxAttempts, 1, "maxAttempts");
    setOnce("maxAttempts");
    config.maxAttempts = maxAttempts;
    return this;
  }

  /**
   * No limit on the number of attempts (stop on time, abort conditions or success only).
   *
   * @throws IllegalStateException if this builder set the attempt limit already (here or with
   *     {@link #withMaxAttempts})
   */
  public RetryPolicyBuilder<R> withUnlimitedAttempts() {
    setOnce("maxAttempts");
    config.maxAttempts = Integer.MAX_VALUE;
    return this;
  }

  /**
   * The total time budget, from the start of the first attempt: a wait whose end would reach it is not started.
   *
   * @throws IllegalArgumentException if {@code maxElapsed} is not positive
   * @throws IllegalStateException if this builder set {@code maxElapsed} already
   */
  public RetryPolicyBuilder<R> withMaxElapsed(Duration maxElapsed) {
    long nanos = Checks.positiveNanos(maxElapsed, "maxElapsed");
    setOnce("maxElapsed");
    config.maxElapsedNanos = nanos;
    return this;
  }

  /**
   * A per-attempt timeout. A synchronous attempt that runs longer is interrupted and, whether or not it reacts,
   * its outcome is replaced by an {@link AttemptTimeoutException}; an asynchronous attempt is completed as timed
   * out and its stage cancelled. Timed-out attempts are retried like other failures.
   *
   * @throws IllegalArgumentException if {@code timeout} is not positive
   * @throws IllegalStateException if this builder set {@code attemptTimeout} already
   */
  public RetryPolicyBuilder<R> withAttemptTimeout(Duration timeout) {
    long nanos = Checks.positiveNanos(timeout, "attemptTimeout");
    setOnce("attemptTimeout");
    config.attemptTimeoutNanos = nanos;
    return this;
  }

  /**
   * Adds a retry condition: failures that are instances of any of {@code types} are retried. Without any retry
   * condition every {@link Exception} is retried (never an {@link Error}).
   *
   * @throws NullPointerException if {@code types} or one of them is null (then none is added)
   */
  @SafeVarargs
  public final RetryPolicyBuilder<R> retryOn(Class<? extends Throwable>... types) {
    for (Class<? extends Throwable> t : Checks.requireNonNull(types, "types")) {
      Checks.requireNonNull(t, "types[i]");
    }
    for (Class<? extends Throwable> t : types) {
      config.retryOnTypes = RetryPolicyConfig.plus(config.retryOnTypes, t);
    }
    return this;
  }

  /** Adds a retry condition: failures matching {@code predicate} are retried. */
  public RetryPolicyBuilder<R> retryIf(Predicate<? super Throwable> predicate) {
    config.retryIfs = RetryPolicyConfig.plus(config.retryIfs, Checks.requireNonNull(predicate, "predicate"));
    return this;
  }

  /**
   * Adds an abort condition: failures that are instances of any of {@code types} stop the execution at once, with
   * {@link StopReason#ABORTED}.
   *
   * @throws NullPointerException if {@code types} or one of them is null (then none is added)
   */
  @SafeVarargs
  public final RetryPolicyBuilder<R> abortOn(Class<? extends Throwable>... types) {
    for (Class<? extends Throwable> t : Checks.requireNonNull(types, "types")) {
      Checks.requireNonNull(t, "types[i]");
    }
    for (Class<? extends Throwable> t : types) {
      config.abortOnTypes = RetryPolicyConfig.plus(config.abortOnTypes, t);
    }
    return this;
  }

  /**
   * Adds an abort condition: failures matching {@code predicate} stop the execution at once, with
   * {@link StopReason#ABORTED}.
   */
  public RetryPolicyBuilder<R> abortIf(Predicate<? super Throwable> predicate) {
    config.abortIfs = RetryPolicyConfig.plus(config.abortIfs, Checks.requireNonNull(predicate, "predicate"));
    return this;
  }

  /**
   * Retries when an attempt returns a result matching {@code predicate}. When retries stop on such a result, the
   * call returns it (the default) or throws {@link RetryException}: see {@link #throwOnRetryableResult()}. One
   * condition per policy: combine several in the predicate.
   *
   * @throws IllegalStateException if this builder set {@code retryIfResult} already
   */
  public RetryPolicyBuilder<R> retryIfResult(Predicate<? super R> predicate) {
    Checks.requireNonNull(predicate, "predicate");
    setOnce("retryIfResult");
    config.retryIfResult = predicate;
    return this;
  }

  /**
   * Stops at once, with {@link StopReason#QUOTA_EXHAUSTED}, on a retryable result matching {@code predicate}: one
   * that says the caller is out of quota (an HTTP client's {@code RateLimitRules} install one), where waiting
   * would not help. Checked before any limit, the budget or the delay; a predicate that throws is logged and counts
   * as no match.
   *
   * @throws NullPointerException if {@code predicate} is null
   * @throws IllegalStateException if this builder set {@code quotaExhaustedIf} already
   */
  public RetryPolicyBuilder<R> stopIfQuotaExhausted(Predicate<? super R> predicate) {
    Checks.requireNonNull(predicate, "predicate");
    setOnce("quotaExhaustedIf");
    config.quotaExhaustedIf = predicate;
    return this;
  }

  /**
   * When retries stop on a retryable result (attempts or time exhausted), throw a {@link RetryException} whose
   * {@link RetryException#lastResult()} holds it, instead of returning it.
   *
   * @throws IllegalStateException if this builder set {@code throwOnRetryableResult} already
   */
  public RetryPolicyBuilder<R> throwOnRetryableResult() {
    setOnce("throwOnRetryableResult");
    config.throwOnRetryableResult = true;
    return this;
  }

  /**
   * Computes the wait from the failed attempt instead of the strategy whenever {@code override} returns non-null
   * (e.g. a server's Retry-After), clamped to {@code [min, max]}.
   *
   * @throws IllegalArgumentException if {@code min} is negative or {@code max < min}
   * @throws IllegalStateException if this builder set a delay override already (here or with
   *     {@link #withDelayHint})
   */
  public RetryPolicyBuilder<R> withDelayOverride(DelayOverride<? super R> override, Duration min, Duration max) {
    Checks.requireNonNull(override, "override");
    long lo = Checks.nonNegativeNanos(min, "min");
    long hi = Checks.nonNegativeNanos(max, "max");
    Checks.requireParameter(hi >= lo, "max", max, "max must be >= min: %s < %s", Durations.format(hi), Durations.format(lo));
    setOnce(DELAY_OVERRIDE);
    config.delayOverride = narrowed(override);
    config.overrideMinNanos = lo;
    config.overrideMaxNanos = hi;
    config.overrideRelative = false;
    return this;
  }

  /**
   * Lets a server's hint lengthen the computed wait, never shorten it: whenever {@code hint} returns non-null, the
   * wait is the hint clamped to {@code [computed, computed + maxAboveComputed]}, {@code computed} being the
   * strategy's (jittered) wait for this retry. This is how the AWS SDKs honour {@code x-amz-retry-after} from
   * 2026 (with 5 s above the computed wait). It is the policy's delay override, as {@link #withDelayOverride}
   * sets one.
   *
   * @throws IllegalArgumentException if {@code maxAboveComputed} is negative
   * @throws IllegalStateException if this builder set a delay override already (here or with
   *     {@link #withDelayOverride})
   */
  public RetryPolicyBuilder<R> withDelayHint(DelayOverride<? super R> hint, Duration maxAboveComputed) {
    Checks.requireNonNull(hint, "hint");
    long maxAbove = Checks.nonNegativeNanos(maxAboveComputed, "maxAboveComputed");
    setOnce(DELAY_OVERRIDE);
    config.delayOverride = narrowed(hint);
    config.overrideMinNanos = 0;
    config.overrideMaxNanos = maxAbove;
    config.overrideRelative = true;
    return this;
  }

  /**
   * When the delay override asks for more than its {@code max} (for {@link #withDelayHint}: more than the computed
   * wait plus {@code maxAboveComputed}), stop at once with {@link StopReason#DELAY_TOO_LONG} instead of clamping.
   *
   * @throws IllegalStateException if no delay override was set, or this builder set
   *     {@code giveUpIfOverrideExceedsMax} already
   */
  public RetryPolicyBuilder<R> giveUpIfOverrideExceedsMax() {
    Checks.requireState(config.delayOverride != null, "giveUpIfOverrideExceedsMax needs withDelayOverride first");
    setOnce("giveUpIfOverrideExceedsMax");
    config.giveUpIfOverrideExceedsMax = true;
    return this;
  }

  /**
   * Limits retries with {@code budget}, shared by every call under this policy (and any other policy given the
   * same budget): a retry the budget denies stops the execution with {@link StopReason#BUDGET_DENIED}.
   *
   * @throws IllegalStateException if this builder set {@code budget} already
   */
  public RetryPolicyBuilder<R> withBudget(RetryBudget budget) {
    Checks.requireNonNull(budget, "budget");
    setOnce("budget");
    config.budget = budget;
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
   * @throws IllegalStateException if this builder set {@code rateLimiter} already
   */
  public RetryPolicyBuilder<R> withRateLimiter(AdaptiveRateLimiter limiter) {
    Checks.requireNonNull(limiter, "limiter");
    Checks.requireArgument(limiter.isReserving(), "limiter must be reserving (AdaptiveRateLimiter.create), was %s; "
        + "call a non-reserving limiter's acquire(Sleeper) or acquireAsync(scheduler) before the call instead",
        limiter);
    setOnce("rateLimiter");
    config.rateLimiter = limiter;
    return this;
  }

  /** Adds a listener; see {@link RetryListener} for when it is called and what happens if it throws. */
  public RetryPolicyBuilder<R> onEvent(RetryListener<? super R> listener) {
    config.listeners = RetryPolicyConfig.plus(config.listeners, Checks.requireNonNull(listener, "listener"));
    return this;
  }

  /**
   * An override of a supertype of {@code R} as one of {@code R}: it only reads the {@link RetryContext} it is given,
   * and a context of {@code R} is a context of any supertype (a record's components are read-only).
   */
  @SuppressWarnings("unchecked")
  private static <R> DelayOverride<R> narrowed(DelayOverride<? super R> override) {
    return (DelayOverride<R>) override;
  }

  /** An immutable policy with the current settings; the builder can still be changed and reused. */
  public RetryPolicy<R> build() {
    return new RetryPolicy<>(config.frozen());
  }
}
