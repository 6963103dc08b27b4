package io.github.backoff;

import io.github.backoff.budget.CostClass;
import io.github.backoff.internal.Checks;
import io.github.backoff.strategy.Backoff;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * A kind of failure with its own backoff strategy and budget cost: for example throttling, which the AWS SDKs back
 * off from with a 1 s base while other transient failures start at 50 ms, and which their 2026 retry quota
 * charges 5 units instead of 14. Add kinds to a policy with {@link RetryPolicyBuilder#withBackoffFor}; after a
 * failed attempt the first kind whose condition matches chooses the strategy and the {@link CostClass}, and a
 * failure of no kind uses the policy's {@link RetryPolicyBuilder#withBackoff default strategy} and
 * {@link CostClass#TRANSIENT}.
 *
 * <p>A kind only chooses how long to wait and what the retry costs; whether to retry at all is still decided by
 * the policy's retry and abort conditions.
 *
 * <pre>{@code
 * RetryKind<HttpResponse<String>> throttling = RetryKind.<HttpResponse<String>>onResult("throttling",
 *         response -> response.statusCode() == 429,
 *         Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter())
 *     .withCostClass(CostClass.THROTTLING);
 * RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(50), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter())
 *     .withBackoffFor(throttling)
 *     .retryIfResult(response -> response.statusCode() == 429 || response.statusCode() >= 500)
 *     .withBudget(RetryBudget.retryQuota2026())
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe, if its condition is: the condition is called from any thread, must not block, and
 * should not allocate (the decision path allocates nothing otherwise). A condition that throws is treated as not
 * matching.
 *
 * @param <R> the result type of the calls
 */
public final class RetryKind<R> {
  /** The name reported for failures of no kind ({@code RetryScheduled.kind()}); not allowed for a kind. */
  public static final String DEFAULT_NAME = "default";

  private final String name;
  private final BiPredicate<? super R, ? super Throwable> condition;
  private final Backoff backoff;
  private final CostClass costClass;

  private RetryKind(String name, BiPredicate<? super R, ? super Throwable> condition, Backoff backoff,
      CostClass costClass) {
    Checks.requireNonNull(name, "name");
    Checks.requireArgument(!name.isBlank(), "name must not be blank: '%s'", name);
    Checks.requireArgument(!name.equals(DEFAULT_NAME), "name must not be '%s' (reserved for failures of no kind)",
        DEFAULT_NAME);
    this.name = name;
    this.condition = Checks.requireNonNull(condition, "condition");
    this.backoff = Checks.requireNonNull(backoff, "backoff");
    this.costClass = Checks.requireNonNull(costClass, "costClass");
  }

  /**
   * The kind of a policy's failures that match none of its kinds: the policy's default strategy,
   * {@link CostClass#TRANSIENT}, named {@value #DEFAULT_NAME} (the one kind that may take that name).
   */
  static <R> RetryKind<R> noKind(Backoff backoff) {
    return new RetryKind<>(backoff);
  }

  private RetryKind(Backoff backoff) {
    this.name = DEFAULT_NAME;
    this.condition = (result, failure) -> true;
    this.backoff = backoff;
    this.costClass = CostClass.TRANSIENT;
  }

  /**
   * A kind matched by {@code condition} on the failed attempt's result and exception (one of them is {@code null}:
   * the result when the attempt threw, the exception when it returned a retryable result), with
   * {@link CostClass#TRANSIENT}.
   *
   * @throws IllegalArgumentException if {@code name} is blank or {@value #DEFAULT_NAME}
   */
  public static <R> RetryKind<R> of(String name, BiPredicate<? super R, ? super Throwable> condition,
      Backoff backoff) {
    return new RetryKind<>(name, condition, backoff, CostClass.TRANSIENT);
  }

  /**
   * A kind matched by attempts that threw an exception matching {@code condition}.
   *
   * @throws IllegalArgumentException if {@code name} is blank or {@value #DEFAULT_NAME}
   */
  public static <R> RetryKind<R> onFailure(String name, Predicate<? super Throwable> condition, Backoff backoff) {
    Checks.requireNonNull(condition, "condition");
    return new RetryKind<>(name, (result, failure) -> failure != null && condition.test(failure), backoff,
        CostClass.TRANSIENT);
  }

  /**
   * A kind matched by attempts that returned a (retryable) result matching {@code condition}.
   *
   * @throws IllegalArgumentException if {@code name} is blank or {@value #DEFAULT_NAME}
   */
  public static <R> RetryKind<R> onResult(String name, Predicate<? super R> condition, Backoff backoff) {
    Checks.requireNonNull(condition, "condition");
    return new RetryKind<R>(name, (result, failure) -> failure == null && condition.test(result), backoff,
        CostClass.TRANSIENT);
  }

  /** This kind with the budget cost class {@code costClass} (default {@link CostClass#TRANSIENT}). */
  public RetryKind<R> withCostClass(CostClass costClass) {
    return new RetryKind<>(name, condition, backoff, costClass);
  }

  /** This kind with the strategy {@code backoff}. */
  public RetryKind<R> withBackoff(Backoff backoff) {
    return new RetryKind<>(name, condition, backoff, costClass);
  }

  /** The name, reported in {@code RetryScheduled.kind()}. */
  public String name() {
    return name;
  }

  /** The strategy for failures of this kind. */
  public Backoff backoff() {
    return backoff;
  }

  /** The class of cost a retry budget charges for a retry after a failure of this kind. */
  public CostClass costClass() {
    return costClass;
  }

  /** Whether a failed attempt with this result and exception is of this kind. */
  public boolean matches(R result, Throwable failure) {
    return condition.test(result, failure);
  }

  @Override
  public String toString() {
    return "RetryKind[" + name + ": " + backoff + ", " + costClass + "]";
  }
}
