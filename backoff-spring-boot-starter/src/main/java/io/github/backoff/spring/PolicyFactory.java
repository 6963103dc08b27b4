package io.github.backoff.spring;

import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import org.springframework.util.ClassUtils;

/**
 * Turns the {@code backoff.*} properties into budgets and policy builders through the core's {@link BackoffSpec},
 * {@link Preset} and {@link RetryBudget} factories, never re-implementing them; every failure names the key.
 * Used once at start-up, on one thread.
 */
final class PolicyFactory {
  static final List<String> BUDGET_TYPES = List.of("token-bucket", "retry-quota", "ratio");

  private final ClassLoader classLoader;

  PolicyFactory(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  Map<String, RetryBudget> budgets(Map<String, BackoffProperties.Budget> budgets) {
    Map<String, RetryBudget> built = new LinkedHashMap<>();
    budgets.forEach((name, b) -> built.put(name, budget("backoff.budgets." + name, b)));
    return built;
  }

  private static RetryBudget budget(String key, BackoffProperties.Budget b) {
    String type = b.getType();
    if (type == null || !BUDGET_TYPES.contains(type)) {
      throw new BackoffConfigurationException(key + ".type", type, "one of " + String.join(", ", BUDGET_TYPES),
          null);
    }
    Map<String, Object> given = new LinkedHashMap<>();
    putIfSet(given, "max-tokens", b.getMaxTokens());
    putIfSet(given, "token-ratio", b.getTokenRatio());
    putIfSet(given, "capacity", b.getCapacity());
    putIfSet(given, "retry-cost", b.getRetryCost());
    putIfSet(given, "timeout-cost", b.getTimeoutCost());
    putIfSet(given, "percent", b.getPercent());
    putIfSet(given, "window", b.getWindow());
    putIfSet(given, "min-retries-per-second", b.getMinRetriesPerSecond());
    List<String> allowed = switch (type) {
      case "token-bucket" -> List.of("max-tokens", "token-ratio");
      case "retry-quota" -> List.of("capacity", "retry-cost", "timeout-cost");
      default -> List.of("percent", "window", "min-retries-per-second");
    };
    for (Map.Entry<String, Object> p : given.entrySet()) {
      if (!allowed.contains(p.getKey())) {
        throw new BackoffConfigurationException(key + "." + p.getKey(), String.valueOf(p.getValue()),
            "unset: a " + type + " budget takes only " + String.join(", ", allowed), null);
      }
    }
    Supplier<RetryBudget> factory = switch (type) {
      case "token-bucket" -> () -> RetryBudget.tokenBucket(or(b.getMaxTokens(), 100), or(b.getTokenRatio(), 0.1));
      case "retry-quota" -> () -> RetryBudget.retryQuota(or(b.getCapacity(), 500), or(b.getRetryCost(), 5),
          or(b.getTimeoutCost(), 10));
      default -> () -> RetryBudget.ratio(or(b.getPercent(), 0.2), or(b.getWindow(), Duration.ofSeconds(10)),
          or(b.getMinRetriesPerSecond(), 10), Ticker.SYSTEM);
    };
    return validated(key, given, factory);
  }

  /** A builder with every property of policy {@code name} applied. */
  RetryPolicyBuilder<Object> builder(String name, BackoffProperties.Policy p, Map<String, RetryBudget> budgets) {
    String key = "backoff.policies." + name;
    RetryPolicyBuilder<Object> builder = strategy(key, p);
    if (p.getMaxAttempts() != null) {
      validated(key, Map.of("max-attempts", p.getMaxAttempts()), () -> builder.withMaxAttempts(p.getMaxAttempts()));
    }
    if (p.getMaxElapsed() != null) {
      validated(key, Map.of("max-elapsed", p.getMaxElapsed()), () -> builder.withMaxElapsed(p.getMaxElapsed()));
    }
    if (p.getAttemptTimeout() != null) {
      validated(key, Map.of("attempt-timeout", p.getAttemptTimeout()),
          () -> builder.withAttemptTimeout(p.getAttemptTimeout()));
    }
    List<Class<? extends Throwable>> retryOn = throwables(key + ".retry-on", p.getRetryOn());
    if (!retryOn.isEmpty()) {
      builder.retryOn(retryOn.toArray(Class[]::new));
    }
    List<Class<? extends Throwable>> abortOn = throwables(key + ".abort-on", p.getAbortOn());
    if (!abortOn.isEmpty()) {
      builder.abortOn(abortOn.toArray(Class[]::new));
    }
    if (p.getBudget() != null) {
      RetryBudget budget = budgets.get(p.getBudget());
      if (budget == null) {
        throw new BackoffConfigurationException(key + ".budget", p.getBudget(), budgets.isEmpty()
            ? "the name of a budget defined under backoff.budgets (none is defined)"
            : "the name of a budget defined under backoff.budgets: one of " + String.join(", ", budgets.keySet()),
            null);
      }
      builder.withBudget(budget);
    }
    return builder;
  }

  private static RetryPolicyBuilder<Object> strategy(String key, BackoffProperties.Policy p) {
    String name = p.getStrategy();
    Map<String, Object> given = new LinkedHashMap<>();
    putIfSet(given, "base", p.getBase());
    putIfSet(given, "cap", p.getCap());
    putIfSet(given, "multiplier", p.getMultiplier());
    putIfSet(given, "step", p.getStep());
    putIfSet(given, "factor", p.getFactor());
    putIfSet(given, "jitter", p.getJitter());
    putIfSet(given, "truncate-after", p.getTruncateAfter());
    if (name == null && given.isEmpty()) {
      return RetryPolicy.builder(); // the core's default strategy
    }
    String strategy = name == null ? "full-jitter" : name;
    if (Preset.names().contains(strategy)) {
      List<String> takes = Preset.parametersOf(strategy);
      for (Map.Entry<String, Object> x : given.entrySet()) {
        if (!takes.contains(x.getKey())) {
          throw new BackoffConfigurationException(key + "." + x.getKey(), String.valueOf(x.getValue()),
              "unset: preset " + strategy + (takes.isEmpty() ? " is fixed (use a strategy name to set parameters)"
                  : " takes only " + String.join(" and ", takes)), null);
        }
      }
      Integer truncateAfter = p.getTruncateAfter();
      return validated(key, given, () -> Preset.byName(strategy,
          truncateAfter == null ? OptionalInt.empty() : OptionalInt.of(truncateAfter),
          Optional.ofNullable(p.getCap()))).policyBuilder();
    }
    if (!BackoffSpec.isKnown(strategy)) {
      throw new BackoffConfigurationException(key + ".strategy", strategy, "a strategy (one of "
          + String.join(", ", BackoffSpec.NAMES) + ") or a preset (one of " + String.join(", ", Preset.names())
          + ")", null);
    }
    Backoff backoff = validated(key, given, () -> {
      BackoffSpec s = BackoffSpec.of(strategy);
      s = p.getBase() == null ? s : s.withBase(p.getBase());
      s = p.getCap() == null ? s : s.withCap(p.getCap());
      s = p.getMultiplier() == null ? s : s.withMultiplier(p.getMultiplier());
      s = p.getStep() == null ? s : s.withStep(p.getStep());
      s = p.getFactor() == null ? s : s.withFactor(p.getFactor());
      s = p.getJitter() == null ? s : s.withJitter(p.getJitter());
      s = p.getTruncateAfter() == null ? s : s.withTruncateAfter(p.getTruncateAfter());
      return s.toBackoff();
    });
    return RetryPolicy.builder().withBackoff(backoff);
  }

  /**
   * Runs a core factory and turns its {@link IllegalArgumentException} into a {@link BackoffConfigurationException}
   * on the key the core's message names ({@code "cap must be >= base: ..."}, {@code "maxTokens must be ..."}): the
   * core validates, this only says which key it was. {@code given}: the parameters that are set, in order, with
   * their values.
   */
  private static <T> T validated(String key, Map<String, Object> given, Supplier<T> factory) {
    try {
      return factory.get();
    } catch (IllegalArgumentException e) {
      String message = String.valueOf(e.getMessage());
      String parameter = kebab(message.split("[ :]", 2)[0]);
      if (!given.containsKey(parameter) && !given.isEmpty()) {
        parameter = given.keySet().iterator().next();
      }
      Object v = given.get(parameter);
      throw new BackoffConfigurationException(key + "." + parameter, String.valueOf(v),
          "a valid value (" + message + ")", e);
    }
  }

  private List<Class<? extends Throwable>> throwables(String key, List<String> names) {
    List<Class<? extends Throwable>> types = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i).trim();
      Class<?> type;
      try {
        type = ClassUtils.forName(name, classLoader);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new BackoffConfigurationException(key + "[" + i + "]", name,
            "the fully qualified name of an exception class on the class path", null);
      }
      if (!Throwable.class.isAssignableFrom(type)) {
        throw new BackoffConfigurationException(key + "[" + i + "]", name,
            "an exception class (a subclass of java.lang.Throwable)", null);
      }
      @SuppressWarnings("unchecked")
      Class<? extends Throwable> t = (Class<? extends Throwable>) type;
      types.add(t);
    }
    return types;
  }

  private static String kebab(String camel) {
    StringBuilder sb = new StringBuilder();
    for (char c : camel.toCharArray()) {
      if (Character.isUpperCase(c)) {
        sb.append('-').append(Character.toLowerCase(c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString().toLowerCase(Locale.ROOT);
  }

  private static void putIfSet(Map<String, Object> given, String name, Object value) {
    if (value != null) {
      given.put(name, value);
    }
  }

  private static <T> T or(T value, T otherwise) {
    return value != null ? value : otherwise;
  }
}
