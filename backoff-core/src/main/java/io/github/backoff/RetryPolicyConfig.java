package io.github.backoff;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every option of a {@link RetryPolicy}, declared once (Failsafe's {@code RetryPolicyConfig}): a
 * {@link RetryPolicyBuilder} writes into its own instance, {@link RetryPolicyBuilder#build()} freezes a copy for
 * the policy, and {@link RetryPolicy#toBuilder()} copies the policy's once. The decision core reads a frozen copy's
 * fields directly, on every failure, as it read the policy's own fields before.
 *
 * <p>Every field holds an immutable value (a list option gets a new {@code List.copyOf} on each add), so a shallow
 * copy ({@link #copy()}) is a complete one and there is no copy constructor to keep in step with the fields. A
 * frozen copy, reached only through the policy's final field, is safely published and never written again.
 *
 * @param <R> the result type
 */
final class RetryPolicyConfig<R> implements Cloneable {
  Backoff backoff = RetryPolicyBuilder.DEFAULT_BACKOFF;
  int maxAttempts = 3;
  long maxElapsedNanos = Long.MAX_VALUE;
  /** 0 for none. */
  long attemptTimeoutNanos;
  List<Class<? extends Throwable>> retryOnTypes = List.of();
  List<Predicate<? super Throwable>> retryIfs = List.of();
  List<Class<? extends Throwable>> abortOnTypes = List.of();
  List<Predicate<? super Throwable>> abortIfs = List.of();
  Predicate<? super R> retryIfResult;
  /** A result that means the caller is out of quota: stop with QUOTA_EXHAUSTED; null for none. */
  Predicate<? super R> quotaExhaustedIf;
  boolean throwOnRetryableResult;
  DelayOverride<R> delayOverride;
  long overrideMinNanos;
  long overrideMaxNanos = Long.MAX_VALUE;
  /** Whether the override is a hint clamped to {@code [computed, computed + overrideMaxNanos]}. */
  boolean overrideRelative;
  boolean giveUpIfOverrideExceedsMax;
  RetryBudget budget;
  AdaptiveRateLimiter rateLimiter;
  List<RetryKind<? super R>> kinds = List.of();
  List<RetryListener<? super R>> listeners = List.of();

  // Derived by frozen(), for the decision core; not options.
  boolean hasListeners;
  boolean retryOnAnyException;
  /** What {@link #kindFor} returns when no kind matches: the default strategy, {@code CostClass.TRANSIENT}. */
  RetryKind<R> noKind;

  /** A copy to write into (for {@link RetryPolicy#toBuilder()}) or to freeze. */
  @SuppressWarnings("unchecked")
  RetryPolicyConfig<R> copy() {
    try {
      return (RetryPolicyConfig<R>) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e); // Cloneable
    }
  }

  /** A copy for a policy, with what the decision core derives from the options. */
  RetryPolicyConfig<R> frozen() {
    RetryPolicyConfig<R> c = copy();
    c.hasListeners = !listeners.isEmpty();
    c.retryOnAnyException = retryOnTypes.isEmpty() && retryIfs.isEmpty();
    c.noKind = RetryKind.noKind(backoff);
    return c;
  }

  /** {@code list} with {@code element} added, as a new immutable list. */
  static <T> List<T> plus(List<T> list, T element) {
    List<T> more = new ArrayList<>(list.size() + 1);
    more.addAll(list);
    more.add(element);
    return List.copyOf(more);
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
}
