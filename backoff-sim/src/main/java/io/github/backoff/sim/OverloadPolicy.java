package io.github.backoff.sim;

import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import java.time.Duration;
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
 * </table>
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
 */
public record OverloadPolicy(String name, String description, boolean retries,
    Function<Ticker, RetryBudget> budget) {

  /** The built-in policies' names, in their order. */
  public static final List<String> NAMES = List.of("no-retry", "retries", "token-bucket", "retry-quota", "ratio");

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

  /** The built-in policies, in the order of {@link #NAMES}. */
  public static List<OverloadPolicy> defaults() {
    return List.of(
        new OverloadPolicy("no-retry", "no retries", false, null),
        new OverloadPolicy("retries", "retries, no budget", true, null),
        new OverloadPolicy("token-bucket", "retries + token bucket (100, 0.1)", true,
            ticker -> RetryBudget.tokenBucket(100, 0.1)),
        new OverloadPolicy("retry-quota", "retries + retry quota (500, 5, 10)", true,
            ticker -> RetryBudget.retryQuota()),
        new OverloadPolicy("ratio", "retries + ratio budget (20 %, 10 s, 10/s)", true,
            ticker -> RetryBudget.ratio(0.2, Duration.ofSeconds(10), 10, ticker)));
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
