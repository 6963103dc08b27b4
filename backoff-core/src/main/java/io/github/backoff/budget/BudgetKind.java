package io.github.backoff.budget;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The kinds of {@link RetryBudget} a host can make by name, with their parameters and defaults: the one registry
 * a configuration binder (the Spring Boot starter's {@code backoff.budgets.NAME.type}) or a simulator reads, so that
 * no host restates a budget's name, its parameters or their defaults.
 *
 * <table>
 *   <caption>Budget kinds</caption>
 *   <tr><th>{@link #id()}</th><th>factory</th><th>parameters and defaults</th></tr>
 *   <tr><td>{@code token-bucket}</td><td>{@link RetryBudget#tokenBucket}</td><td>{@code maxTokens} 100,
 *       {@code tokenRatio} 0.1 (gRPC)</td></tr>
 *   <tr><td>{@code retry-quota}</td><td>{@link RetryBudget#retryQuota(int, int, int)}</td><td>{@code capacity} 500,
 *       {@code retryCost} 5, {@code timeoutCost} 10 (AWS SDKs before 2026)</td></tr>
 *   <tr><td>{@code retry-quota-2026}</td><td>{@link RetryBudget#retryQuota(int, int, int, int)}</td><td>
 *       {@code capacity} 500, {@code retryCost} 14, {@code timeoutCost} 14, {@code throttlingCost} 5 (AWS SDKs from
 *       2026, {@link RetryBudget#retryQuota2026()})</td></tr>
 *   <tr><td>{@code ratio}</td><td>{@link RetryBudget#ratio(double, Duration, int, Ticker)}</td><td>{@code percent}
 *       0.2, {@code window} 10 s, {@code minRetriesPerSecond} 10 (Finagle)</td></tr>
 * </table>
 *
 * <pre>{@code
 * RetryBudget budget = BudgetKind.byId("token-bucket").orElseThrow()
 *     .create(Map.of("maxTokens", 50), Ticker.SYSTEM);      // tokenRatio: its default, 0.1
 * }</pre>
 *
 * <p>Immutable and thread-safe; each {@link #create} call makes a new budget.
 */
public enum BudgetKind {
  /** gRPC retry throttling, {@link RetryBudget#tokenBucket}. */
  TOKEN_BUCKET("token-bucket", new Parameter("maxTokens", Integer.class, 100),
      new Parameter("tokenRatio", Double.class, 0.1)),
  /** The AWS SDKs' retry quota before 2026, {@link RetryBudget#retryQuota(int, int, int)}. */
  RETRY_QUOTA("retry-quota", new Parameter("capacity", Integer.class, 500),
      new Parameter("retryCost", Integer.class, 5), new Parameter("timeoutCost", Integer.class, 10)),
  /**
   * The AWS SDKs' retry quota from 2026, {@link RetryBudget#retryQuota(int, int, int, int)}: a retry after throttling
   * costs less, and a success gives back its last retry's cost, as the SDKs do ({@link RetryBudget#retryQuota2026()}).
   */
  RETRY_QUOTA_2026("retry-quota-2026", new Parameter("capacity", Integer.class, 500),
      new Parameter("retryCost", Integer.class, 14), new Parameter("timeoutCost", Integer.class, 14),
      new Parameter("throttlingCost", Integer.class, 5)),
  /** Finagle's ratio budget, {@link RetryBudget#ratio(double, Duration, int, Ticker)}. */
  RATIO("ratio", new Parameter("percent", Double.class, 0.2),
      new Parameter("window", Duration.class, Duration.ofSeconds(10)),
      new Parameter("minRetriesPerSecond", Integer.class, 10));

  /** One parameter of a kind: its name, the type of its values and its default. */
  private record Parameter(String name, Class<?> type, Object defaultValue) {}

  private final String id;
  private final List<Parameter> parameters;

  BudgetKind(String id, Parameter... parameters) {
    this.id = id;
    this.parameters = List.of(parameters);
  }

  /** The kind's name in configuration and on command lines, e.g. {@code token-bucket}. */
  public String id() {
    return id;
  }

  /** The parameter names, in the order of the factory's arguments, e.g. {@code [maxTokens, tokenRatio]}. */
  public List<String> parameters() {
    List<String> names = new ArrayList<>(parameters.size());
    for (Parameter p : parameters) {
      names.add(p.name());
    }
    return List.copyOf(names);
  }

  /** The default of every parameter, in the order of {@link #parameters()}. */
  public Map<String, Object> defaults() {
    Map<String, Object> defaults = new LinkedHashMap<>();
    for (Parameter p : parameters) {
      defaults.put(p.name(), p.defaultValue());
    }
    return java.util.Collections.unmodifiableMap(defaults);
  }

  /** Every kind's {@link #id()}, in declaration order. */
  public static List<String> ids() {
    List<String> ids = new ArrayList<>();
    for (BudgetKind kind : values()) {
      ids.add(kind.id);
    }
    return List.copyOf(ids);
  }

  /** The kind called {@code id}, if there is one. */
  public static Optional<BudgetKind> byId(String id) {
    for (BudgetKind kind : values()) {
      if (kind.id.equals(id)) {
        return Optional.of(kind);
      }
    }
    return Optional.empty();
  }

  /** A new budget of this kind with every parameter at its default; {@code ticker} times a ratio budget. */
  public RetryBudget create(Ticker ticker) {
    return create(Map.of(), ticker);
  }

  /**
   * A new budget of this kind with the parameters in {@code values} (by {@link #parameters() name}; integers as
   * {@link Integer}, fractions as any {@link Number}, the window as a {@link Duration}) and the defaults for the
   * others; {@code ticker} times a ratio budget.
   *
   * @throws InvalidParameterException naming the parameter, if one is not this kind's, has a value of the wrong
   *     type, or has a value the factory rejects
   * @throws NullPointerException if an argument or a value is null
   */
  public RetryBudget create(Map<String, ?> values, Ticker ticker) {
    Checks.requireNonNull(values, "values");
    Checks.requireNonNull(ticker, "ticker");
    for (Map.Entry<String, ?> e : values.entrySet()) {
      Parameter p = parameter(e.getKey());
      Checks.requireParameter(p != null, e.getKey(), e.getValue(), "%s does not apply to a %s budget (it takes %s)",
          e.getKey(), id, String.join(", ", parameters()));
      Objects.requireNonNull(e.getValue(), e.getKey());
      boolean ok = p.type() == Double.class ? e.getValue() instanceof Number : p.type().isInstance(e.getValue());
      Checks.requireParameter(ok, p.name(), e.getValue(), "%s must be a %s: %s", p.name(),
          p.type().getSimpleName(), e.getValue());
    }
    switch (this) {
      case TOKEN_BUCKET:
        return RetryBudget.tokenBucket(intValue(values, 0), doubleValue(values, 1));
      case RETRY_QUOTA:
        return RetryBudget.retryQuota(intValue(values, 0), intValue(values, 1), intValue(values, 2));
      case RETRY_QUOTA_2026:
        return RetryBudget.retryQuota(intValue(values, 0), intValue(values, 1), intValue(values, 2),
            intValue(values, 3));
      default:
        return RetryBudget.ratio(doubleValue(values, 0), (Duration) value(values, 1), intValue(values, 2), ticker);
    }
  }

  private Parameter parameter(String name) {
    for (Parameter p : parameters) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  private Object value(Map<String, ?> values, int i) {
    Parameter p = parameters.get(i);
    Object v = values.get(p.name());
    return v != null ? v : p.defaultValue();
  }

  private int intValue(Map<String, ?> values, int i) {
    return (Integer) value(values, i);
  }

  private double doubleValue(Map<String, ?> values, int i) {
    return ((Number) value(values, i)).doubleValue();
  }
}
