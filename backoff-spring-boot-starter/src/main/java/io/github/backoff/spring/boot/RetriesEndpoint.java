package io.github.backoff.spring.boot;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The {@code /actuator/retries} endpoint: each policy's settings and counts, and each budget's level.
 *
 * <pre>
 * GET /actuator/retries            every policy and budget
 * GET /actuator/retries/payments   one policy
 * </pre>
 *
 * <p>Expose it as any endpoint ({@code management.endpoints.web.exposure.include=retries}). Thread-safe: it reads
 * the immutable {@link Retriers} and lock-free counters.
 */
@Endpoint(id = "retries")
public final class RetriesEndpoint {
  private final Retriers retriers;

  /** An endpoint over {@code retriers}. */
  public RetriesEndpoint(Retriers retriers) {
    this.retriers = retriers;
  }

  /** Every policy and every budget. */
  @ReadOperation
  public Report retries() {
    Map<String, PolicyReport> policies = new LinkedHashMap<>();
    for (String name : retriers.names()) {
      policies.put(name, policy(name));
    }
    Map<String, BudgetReport> budgets = new LinkedHashMap<>();
    retriers.budgets().forEach((name, budget) -> budgets.put(name, budget(name, budget)));
    return new Report(policies, budgets);
  }

  /** One policy, or {@code null} (404) if there is none by that name. */
  @ReadOperation
  public PolicyReport policy(@Selector String name) {
    if (retriers.find(name).isEmpty()) {
      return null;
    }
    RetryPolicy<Object> policy = retriers.policy(name);
    RetryStats stats = retriers.stats(name);
    Map<String, Long> giveUps = new LinkedHashMap<>();
    for (Map.Entry<StopReason, Long> e : stats.giveUps().entrySet()) {
      giveUps.put(e.getKey().name(), e.getValue());
    }
    String budget = retriers.budgetOf(name).orElse(null);
    return new PolicyReport(policy.backoff().toString(),
        policy.maxAttempts() == Integer.MAX_VALUE ? null : policy.maxAttempts(),
        policy.maxElapsed().map(Object::toString).orElse(null),
        policy.attemptTimeout().map(Object::toString).orElse(null),
        budget == null ? null : budget(budget, retriers.budgets().get(budget)),
        new Counts(stats.calls(), stats.successes(), stats.retries(), giveUps));
  }

  private BudgetReport budget(String name, RetryBudget budget) {
    double level = budget.available();
    return new BudgetReport(name, retriers.budgetType(name).orElse(null), Double.isNaN(level) ? null : level);
  }

  /**
   * Every policy and budget.
   *
   * @param policies the policies by name
   * @param budgets the budgets by name
   */
  public record Report(Map<String, PolicyReport> policies, Map<String, BudgetReport> budgets) {}

  /**
   * One policy.
   *
   * @param backoff the strategy, as the core describes it
   * @param maxAttempts the attempt limit, or null if unlimited
   * @param maxElapsed the time budget (ISO-8601), or null
   * @param attemptTimeout the per-attempt timeout (ISO-8601), or null
   * @param budget the budget it draws on, or null
   * @param counts what happened so far
   */
  public record PolicyReport(String backoff, Integer maxAttempts, String maxElapsed, String attemptTimeout,
      BudgetReport budget, Counts counts) {}

  /**
   * One budget.
   *
   * @param name its name under backoff.budgets
   * @param type token-bucket, retry-quota or ratio
   * @param available its level now, in its own unit (RetryBudget.available())
   */
  public record BudgetReport(String name, String type, Double available) {}

  /**
   * The counts of one policy.
   *
   * @param calls finished calls
   * @param successes calls that succeeded
   * @param retries retries started
   * @param giveUps calls that gave up, by stop reason
   */
  public record Counts(long calls, long successes, long retries, Map<String, Long> giveUps) {}
}
