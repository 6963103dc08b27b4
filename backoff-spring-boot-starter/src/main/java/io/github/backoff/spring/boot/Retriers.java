package io.github.backoff.spring.boot;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.budget.RetryBudget;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The retriers of the named policies under {@code backoff.policies}, and the budgets they share: the bean the
 * starter creates, and that {@link Retry @Retry} uses.
 *
 * <pre>{@code
 * @Service
 * class Payments {
 *   private final Retrier<Receipt> retrier;
 *
 *   Payments(Retriers retriers) {
 *     this.retrier = retriers.get("payments");
 *   }
 *
 *   Receipt pay(Order order) {
 *     return retrier.call(() -> client.pay(order));
 *   }
 * }
 * }</pre>
 *
 * <p>Every policy is built, and every property validated, when this object is created, so a bad value stops the
 * application at start-up ({@link BackoffConfigurationException}), never at the first call. Each policy carries a
 * {@link RetryStats} listener and then the {@link BackoffPolicyCustomizer}s' additions.
 *
 * <p>Immutable and thread-safe.
 */
public final class Retriers {
  private final Map<String, Retrier<Object>> retriers;
  private final Map<String, RetryStats> stats;
  private final Map<String, RetryBudget> budgets;
  private final Map<String, String> budgetOfPolicy;
  private final Map<String, String> budgetTypes;

  private Retriers(Map<String, Retrier<Object>> retriers, Map<String, RetryStats> stats,
      Map<String, RetryBudget> budgets, Map<String, String> budgetOfPolicy, Map<String, String> budgetTypes) {
    this.retriers = Collections.unmodifiableMap(retriers);
    this.stats = Collections.unmodifiableMap(stats);
    this.budgets = Collections.unmodifiableMap(budgets);
    this.budgetOfPolicy = Collections.unmodifiableMap(budgetOfPolicy);
    this.budgetTypes = Collections.unmodifiableMap(budgetTypes);
  }

  /**
   * Builds every budget and policy of {@code properties}, applying {@code customizers} in order.
   *
   * @throws BackoffConfigurationException naming the key, the value and what is allowed, for any bad value
   */
  public static Retriers of(BackoffProperties properties, List<BackoffPolicyCustomizer> customizers,
      ClassLoader classLoader) {
    return of(properties, customizers, classLoader, key -> null);
  }

  /**
   * As {@link #of(BackoffProperties, List, ClassLoader)}; {@code written} gives a key's value as the configuration
   * spells it ({@code 1s}), for the failure messages.
   */
  static Retriers of(BackoffProperties properties, List<BackoffPolicyCustomizer> customizers,
      ClassLoader classLoader, Function<String, String> written) {
    Objects.requireNonNull(properties, "properties");
    PolicyFactory factory = new PolicyFactory(classLoader, written);
    Map<String, RetryBudget> budgets = factory.budgets(properties.getBudgets());
    Map<String, String> budgetTypes = new LinkedHashMap<>();
    properties.getBudgets().forEach((name, b) -> budgetTypes.put(name, b.getType()));
    Map<String, Retrier<Object>> retriers = new LinkedHashMap<>();
    Map<String, RetryStats> stats = new LinkedHashMap<>();
    Map<String, String> budgetOfPolicy = new LinkedHashMap<>();
    properties.getPolicies().forEach((name, p) -> {
      // The properties' values are copied ones, as from toBuilder(): a customizer may replace each once.
      RetryPolicyBuilder<Object> builder = factory.builder(name, p, budgets).build().toBuilder();
      RetryStats counts = new RetryStats();
      builder.onEvent(counts);
      for (BackoffPolicyCustomizer customizer : customizers) {
        customizer.customize(name, builder);
      }
      retriers.put(name, Retrier.of(builder.build()));
      stats.put(name, counts);
      if (p.getBudget() != null) {
        budgetOfPolicy.put(name, p.getBudget());
      }
    });
    return new Retriers(retriers, stats, budgets, budgetOfPolicy, budgetTypes);
  }

  /**
   * The retrier of policy {@code name}. The policies built from properties have no result conditions, so any
   * result type is safe.
   *
   * @throws IllegalArgumentException if there is no such policy, listing those there are
   */
  @SuppressWarnings("unchecked")
  public <R> Retrier<R> get(String name) {
    Retrier<Object> retrier = retriers.get(name);
    if (retrier == null) {
      throw new IllegalArgumentException(unknown(name));
    }
    return (Retrier<R>) (Retrier<?>) retrier;
  }

  /**
   * The retrier of policy {@code name}, if there is one, typed as the caller needs it
   * ({@code Optional<Retrier<String>>}), as {@link #get} is.
   */
  @SuppressWarnings("unchecked")
  public <R> Optional<Retrier<R>> find(String name) {
    return Optional.ofNullable((Retrier<R>) (Retrier<?>) retriers.get(name));
  }

  String unknown(String name) {
    return "no retry policy named '" + name + "' (defined under backoff.policies: "
        + (retriers.isEmpty() ? "none" : String.join(", ", retriers.keySet())) + ")";
  }

  /** The policy names, in the order of the properties. */
  public Set<String> names() {
    return retriers.keySet();
  }

  /**
   * The policy called {@code name}, typed as the caller needs it ({@code RetryPolicy<String>}): the policies built
   * from properties have no result conditions, so any result type is safe.
   *
   * @throws IllegalArgumentException if there is none
   */
  public <R> RetryPolicy<R> policy(String name) {
    return this.<R>get(name).policy();
  }
  /**
   * The named policy for the property {@code key} that names it (the HTTP clients', gRPC's), or a start-up failure
   * naming the key and the policies there are.
   */
  RetryPolicy<Object> policyFor(String key, String name) {
    if (find(name).isEmpty()) {
      throw new BackoffConfigurationException(key, name, names().isEmpty()
          ? "the name of a policy defined under backoff.policies (none is defined)"
          : "the name of a policy defined under backoff.policies: one of " + String.join(", ", names()),
          null);
    }
    return policy(name);
  }


  /**
   * The counts of policy {@code name}.
   *
   * @throws IllegalArgumentException if there is no such policy
   */
  public RetryStats stats(String name) {
    RetryStats s = stats.get(name);
    if (s == null) {
      throw new IllegalArgumentException(unknown(name));
    }
    return s;
  }

  /** The budgets under {@code backoff.budgets}, by name; each instance is shared by the policies naming it. */
  public Map<String, RetryBudget> budgets() {
    return budgets;
  }

  /** The name of the budget policy {@code name} uses, if any. */
  public Optional<String> budgetOf(String name) {
    return Optional.ofNullable(budgetOfPolicy.get(name));
  }

  /** The type of budget {@code name} (token-bucket, retry-quota or ratio), if there is such a budget. */
  public Optional<String> budgetType(String name) {
    return Optional.ofNullable(budgetTypes.get(name));
  }
}
