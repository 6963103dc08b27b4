package io.github.backoff.hedge;

import io.github.backoff.budget.RetryBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every option of a {@link HedgePolicy}, declared once: a {@link HedgePolicyBuilder} writes into its own instance,
 * {@link HedgePolicyBuilder#build()} copies it for the policy, and {@link HedgePolicy#toBuilder()} copies the
 * policy's once (as {@code io.github.backoff.RetryPolicyConfig} does for retries).
 *
 * <p>Every field holds an immutable value (the listeners get a new {@code List.copyOf} on each add; a condition
 * added is a new predicate over the previous one), so a shallow copy ({@link #copy()}) is a complete one. A policy's
 * copy, reached only through its final field, is safely published and never written again.
 *
 * @param <R> the result type
 */
final class HedgePolicyConfig<R> implements Cloneable {
  /** The fixed delay, or -1 for an adaptive one. */
  long fixedDelayNanos = -1;
  /** The adaptive delay's percentile, or NaN for a fixed one. */
  double percentile = Double.NaN;
  long initialDelayNanos;
  long minDelayNanos;
  long windowNanos = 10_000_000_000L;
  int maxHedges = 1;
  RetryBudget budget;
  Predicate<? super Throwable> hedgeOnFailure = t -> false;
  Predicate<? super R> hedgeIfResult = r -> false;
  List<HedgeListener<? super R>> listeners = List.of();

  /** A copy to write into (for {@link HedgePolicy#toBuilder()}) or for a policy. */
  @SuppressWarnings("unchecked")
  HedgePolicyConfig<R> copy() {
    try {
      return (HedgePolicyConfig<R>) super.clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e); // Cloneable
    }
  }

  /** Whether a delay was chosen. */
  boolean hasDelay() {
    return fixedDelayNanos >= 0 || !Double.isNaN(percentile);
  }

  /** {@code listeners} with {@code listener} added, as a new immutable list. */
  void addListener(HedgeListener<? super R> listener) {
    List<HedgeListener<? super R>> more = new ArrayList<>(listeners);
    more.add(listener);
    listeners = List.copyOf(more);
  }
}
