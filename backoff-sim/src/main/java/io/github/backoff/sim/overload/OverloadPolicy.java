package io.github.backoff.sim.overload;

import io.github.backoff.Ticker;
import io.github.backoff.budget.BudgetKind;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A client retry policy of the {@code overload} model: whether the clients retry, and which core
 * {@link RetryBudget}, if any, they share. The backoff strategy and the attempt limit come from the
 * {@link OverloadConfig}, so that policies differ in one thing only.
 *
 * <p>The built-in policies, by name ({@link #defaults()}):
 * <table>
 *   <caption>Built-in policies</caption>
 *   <tr><th>name</th><th>retries</th><th>budget</th></tr>
 *   <tr><td>{@code no-retry}</td><td>none (one attempt)</td><td>none</td></tr>
 *   <tr><td>{@code retries}</td><td>up to max attempts</td><td>none</td></tr>
 *   <tr><td>{@code token-bucket}</td><td>up to max attempts</td>
 *       <td>{@code RetryBudget.tokenBucket(100, 0.1)} (gRPC retry throttling)</td></tr>
 *   <tr><td>{@code retry-quota}</td><td>up to max attempts</td>
 *       <td>{@code RetryBudget.retryQuota()}: 500, 5 per retry, 10 after a timeout (AWS SDK standard mode)</td></tr>
 *   <tr><td>{@code ratio}</td><td>up to max attempts</td>
 *       <td>{@code RetryBudget.ratio(0.2, 10 s, 10, ticker)} (Finagle), on the simulation's virtual clock</td></tr>
 *   <tr><td>{@code retry-quota-2026}</td><td>up to max attempts</td>
 *       <td>{@code RetryBudget.retryQuota2026()}: 500, 14 per retry, 5 after throttling (AWS SDKs from 2026)</td></tr>
 *   <tr><td>{@code adaptive}</td><td>up to max attempts, every attempt first waits for a token of a core
 *       {@link AdaptiveRateLimiter} on the virtual clock</td>
 *       <td>{@code RetryBudget.retryQuota2026()} (the AWS SDKs' adaptive mode: standard mode plus the limiter)</td></tr>
 *   <tr><td>{@code adaptive-nonreserving}</td><td>as {@code adaptive}, with
 *       {@link AdaptiveRateLimiter#nonReserving}: after the backoff, a request waits until a whole token is in the
 *       bucket (asking again after each wait the limiter returns), as botocore does</td>
 *       <td>{@code RetryBudget.retryQuota2026()}</td></tr>
 * </table>
 *
 * <p>{@link #NAMES} is the default selection (the first five); the last three are chosen by name
 * ({@code --policies ...,retry-quota-2026,adaptive,adaptive-nonreserving}), so the default reports stay what they were.
 *
 * <p>Immutable and thread-safe; each run gets a fresh budget from {@link #newBudget(Ticker)}, since a budget
 * belongs to one client population.
 *
 * <pre>{@code
 * OverloadPolicy strict = new OverloadPolicy("strict-bucket", "retries + token bucket(10, 0.1)", true,
 *     ticker -> RetryBudget.tokenBucket(10, 0.1));
 * OverloadConfig config = OverloadConfig.builder().register(strict).policies("retries,strict-bucket").build();
 * }</pre>
 *
 * @param name the name used on the command line and in the reports (no commas, quotes or line breaks)
 * @param description a short description for charts and reports
 * @param retries whether the clients retry at all (false: one attempt per request)
 * @param budget makes a budget from a ticker on the virtual clock; {@code null} for no budget
 * @param rateLimiter makes a client-side rate limiter from a ticker on the virtual clock, shared by all the
 *     requests of a run; {@code null} for none
 */
public record OverloadPolicy(String name, String description, boolean retries,
    Function<Ticker, RetryBudget> budget, Function<Ticker, AdaptiveRateLimiter> rateLimiter) {

  /** The default selection of built-in policies, in their order. */
  public static final List<String> NAMES = List.of("no-retry", "retries", "token-bucket", "retry-quota", "ratio");
  /** Every built-in policy's name, in the order of {@link #defaults()}: {@link #NAMES}, then the 2026 ones. */
  public static final List<String> ALL_NAMES = List.of("no-retry", "retries", "token-bucket", "retry-quota", "ratio",
      "retry-quota-2026", "adaptive", "adaptive-nonreserving");

  /**
   * A policy without a rate limiter.
   *
   * @throws IllegalArgumentException as the canonical constructor
   */
  public OverloadPolicy(String name, String description, boolean retries, Function<Ticker, RetryBudget> budget) {
    this(name, description, retries, budget, null);
  }

  /**
   * Checks the name and description.
   *
   * @throws IllegalArgumentException if the name is blank or has a comma, quote or line break, or if a budget is
   *     given without retries
   */
  public OverloadPolicy {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    if (name.isBlank() || name.chars().anyMatch(ch -> ch == ',' || ch == '"' || ch == '\n' || ch == '\r')) {
      throw new IllegalArgumentException("policies: bad policy name '" + name
          + "' (must be non-blank, without commas, quotes or line breaks)");
    }
    if (!retries && budget != null) {
      throw new IllegalArgumentException("policies: policy '" + name + "' has a budget but no retries");
    }
  }

  /** The built-in policies, in the order of {@link #ALL_NAMES}. */
  public static List<OverloadPolicy> defaults() {
    return List.of(
        new OverloadPolicy("no-retry", "no retries", false, null),
        new OverloadPolicy("retries", "retries, no budget", true, null),
        budgeted(BudgetKind.TOKEN_BUCKET, "retries + token bucket (%s, %s)"),
        budgeted(BudgetKind.RETRY_QUOTA, "retries + retry quota (%s, %s, %s)"),
        budgeted(BudgetKind.RATIO, "retries + ratio budget (%s, %s, %s/s)"),
        new OverloadPolicy("retry-quota-2026", "retries + 2026 retry quota (500, 14, 5 throttled)", true,
            ticker -> RetryBudget.retryQuota2026()),
        new OverloadPolicy("adaptive", "retries + 2026 quota + adaptive rate limiter", true,
            ticker -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::create),
        new OverloadPolicy("adaptive-nonreserving", "retries + 2026 quota + non-reserving adaptive rate limiter", true,
            ticker -> RetryBudget.retryQuota2026(), AdaptiveRateLimiter::nonReserving));
  }

  /**
   * The policy named after core's budget {@code kind}, with that kind's defaults; the description is
   * {@code template} filled with them (a fraction of 1 as a percentage, a duration in seconds), so neither the
   * names nor the defaults are restated here.
   */
  private static OverloadPolicy budgeted(BudgetKind kind, String template) {
    Object[] values = kind.defaults().entrySet().stream().map(e -> describe(e.getKey(), e.getValue())).toArray();
    return new OverloadPolicy(kind.id(), String.format(java.util.Locale.ROOT, template, values), true,
        kind::create);
  }

  private static String describe(String parameter, Object value) {
    if (value instanceof java.time.Duration d) {
      return d.toSeconds() + " s";
    }
    if ("percent".equals(parameter)) {
      return Math.round(((Number) value).doubleValue() * 100) + " %";
    }
    return String.valueOf(value);
  }

  /** A new rate limiter for one run, on {@code ticker}; {@code null} if the policy has none. */
  public AdaptiveRateLimiter newRateLimiter(Ticker ticker) {
    return rateLimiter == null ? null : rateLimiter.apply(ticker);
  }

  /** A new budget for one run, on {@code ticker}; {@code null} if the policy has none. */
  public RetryBudget newBudget(Ticker ticker) {
    return budget == null ? null : budget.apply(ticker);
  }

  /** The attempt limit under this policy: 1 without retries, else {@code maxAttempts}. */
  public int attempts(int maxAttempts) {
    return retries ? maxAttempts : 1;
  }
}
