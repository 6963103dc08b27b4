package io.github.backoff.metrics;

import io.github.backoff.StopReason;
import java.util.Locale;
import java.util.Objects;

/**
 * The names, descriptions and tag keys of Backoff's retry meters, one definition for every backend (as
 * resilience4j keeps its {@code RetryMetricNames} beside its core). Names are lower case and dot-separated; every
 * meter is tagged {@value #TAG_NAME} with the policy's name, and {@value #CALLS} also with {@value #TAG_OUTCOME} and
 * {@value #TAG_REASON} (see {@link CallOutcome}). Units are the backend's own (Micrometer's base units,
 * OpenTelemetry's UCUM annotations), so they stay with the backend.
 *
 * <pre>{@code
 * Counter calls = Counter.builder(RetryMetricNames.CALLS).description(RetryMetricNames.CALLS_DESCRIPTION)
 *     .tag(RetryMetricNames.TAG_NAME, RetryMetricNames.requireName(name)).register(registry);
 * }</pre>
 *
 * <p>Constants and stateless functions only; thread-safe.
 */
public final class RetryMetricNames {
  /** The counter of finished calls. */
  public static final String CALLS = "backoff.calls";
  /** The distribution (summary, histogram) of attempts per finished call. */
  public static final String ATTEMPTS = "backoff.attempts";
  /** The distribution (timer, histogram) of the waits scheduled before retries. */
  public static final String RETRY_DELAY = "backoff.retry.delay";
  /** The gauge of the budget's level. */
  public static final String BUDGET_AVAILABLE = "backoff.budget.available";
  /** The counter of retries the budget denied. */
  public static final String BUDGET_DENIED = "backoff.budget.denied";

  /** The description of {@link #CALLS}. */
  public static final String CALLS_DESCRIPTION =
      "Finished retried calls by outcome, and the stop reason of those that gave up";
  /** The description of {@link #ATTEMPTS}. */
  public static final String ATTEMPTS_DESCRIPTION = "Attempts per finished call, the first included";
  /** The description of {@link #RETRY_DELAY}. */
  public static final String RETRY_DELAY_DESCRIPTION = "Waits scheduled before retries, one per retry";
  /** The description of {@link #BUDGET_AVAILABLE}. */
  public static final String BUDGET_AVAILABLE_DESCRIPTION =
      "The retry budget's level, in its own unit (tokens, units or retries)";
  /** The description of {@link #BUDGET_DENIED}. */
  public static final String BUDGET_DENIED_DESCRIPTION = "Retries the retry budget denied";

  /** The tag (attribute) key of the policy's name, on every meter. */
  public static final String TAG_NAME = "name";
  /** The tag key of {@link CallOutcome#outcome()} on {@link #CALLS}. */
  public static final String TAG_OUTCOME = "outcome";
  /** The tag key of {@link CallOutcome#reason()} on {@link #CALLS}. */
  public static final String TAG_REASON = "reason";

  private RetryMetricNames() {}

  /**
   * Returns {@code name} if it can be the {@value #TAG_NAME} tag of a policy's meters.
   *
   * @throws NullPointerException if {@code name} is null
   * @throws IllegalArgumentException if {@code name} is blank
   */
  public static String requireName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("name must not be blank: \"" + name + "\"");
    }
    return name;
  }

  /**
   * The {@value #TAG_REASON} tag value of {@code reason}: its name in lower case, e.g. {@code attempts_exhausted}.
   *
   * @throws NullPointerException if {@code reason} is null
   */
  public static String reasonValue(StopReason reason) {
    return reason.name().toLowerCase(Locale.ROOT);
  }
}
