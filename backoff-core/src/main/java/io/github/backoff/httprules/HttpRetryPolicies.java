package io.github.backoff.httprules;

import io.github.backoff.DelayOverride;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryListener;
import io.github.backoff.internal.Checks;
import io.github.backoff.preset.Preset;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * The policy an HTTP integration derives from its user's, written once for every client (backoff-http,
 * backoff-okhttp): the user's policy plus the retryable I/O failures ({@link HttpRetryRules#isRetryableFailure}),
 * the client's retryable responses, the server's hints as a delay override capped at the longest
 * {@code Retry-After} followed (a longer one stops retries, {@code giveUpIfOverrideExceedsMax}), the client's
 * listener, a {@value #THROTTLING_KIND} kind that charges a throttling response's retry the budget's throttling
 * cost, and, unless the policy has a budget or the client opts out, a budget of its own
 * ({@link RetryBudget#retryQuota2026()}).
 *
 * <p>A client does not call it: {@link HttpRetryCalls} derives the policy from {@link HttpRetryOptions}. What stays
 * public is the name of the throttling kind.
 *
 * <pre>{@code
 * boolean throttled = event.kind().equals(HttpRetryPolicies.THROTTLING_KIND);
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class HttpRetryPolicies {
  /**
   * The name of the kind of failure ({@link RetryKind}) added for throttling responses: it only makes the budget
   * charge a throttling retry its throttling cost; listeners see it in {@code RetryScheduled.kind()}. A kind of
   * this name in the user's policy replaces it, such as the one {@code Preset.policyBuilder(isThrottling)} adds:
   * the same name.
   */
  public static final String THROTTLING_KIND = Preset.THROTTLING_KIND;

  private HttpRetryPolicies() {}

  /**
   * A builder for the derived policy (see the class description); the caller may add its own conditions before
   * building it, e.g. {@code withMaxAttempts(1)} for requests that may not be retried.
   *
   * @param base the user's policy
   * @param retryableResult which results to retry (the client's statuses and the policy's own result condition)
   * @param throttled which results are throttling responses
   * @param hints the delay a server's hints ask for, {@code null} for the strategy's
   * @param maxRetryAfter the longest hinted delay followed
   * @param listener the client's own listener, after the policy's
   * @param defaultBudget whether to add a budget of its own when {@code base} has none
   * @return a new builder
   * @throws NullPointerException if an argument is null
   * @deprecated plumbing, not API: a client builds its policy with {@link HttpRetryCalls} from
   *     {@link HttpRetryOptions}; this method will be removed in a later release
   */
  @Deprecated(since = "0.1.0", forRemoval = true)
  public static RetryPolicyBuilder<Object> derive(RetryPolicy<Object> base, Predicate<Object> retryableResult,
      Predicate<Object> throttled, DelayOverride<Object> hints, Duration maxRetryAfter,
      RetryListener<Object> listener, boolean defaultBudget) {
    Checks.requireNonNull(listener, "listener");
    return derived(base, retryableResult, throttled, hints, maxRetryAfter, defaultBudget).onEvent(listener);
  }

  /** The derived policy's builder (see the class description), without a listener of the client's. */
  static RetryPolicyBuilder<Object> derived(RetryPolicy<Object> base, Predicate<Object> retryableResult,
      Predicate<Object> throttled, DelayOverride<Object> hints, Duration maxRetryAfter, boolean defaultBudget) {
    Checks.requireNonNull(base, "base");
    Checks.requireNonNull(throttled, "throttled");
    RetryPolicyBuilder<Object> derived = base.toBuilder()
        .retryIf(HttpRetryRules::isRetryableFailure)
        .retryIfResult(retryableResult)
        .withDelayOverride(hints, Duration.ZERO, maxRetryAfter)
        .giveUpIfOverrideExceedsMax();
    if (base.kinds().stream().noneMatch(k -> k.name().equals(THROTTLING_KIND))) {
      // Last, so that the policy's own kinds win: only the budget's cost class changes, not the strategy.
      derived.withBackoffFor(RetryKind.onResult(THROTTLING_KIND, throttled, base.backoff())
          .withCostClass(CostClass.THROTTLING));
    }
    if (base.budget().isEmpty() && defaultBudget) {
      derived.withBudget(RetryBudget.retryQuota2026());
    }
    return derived;
  }
}
