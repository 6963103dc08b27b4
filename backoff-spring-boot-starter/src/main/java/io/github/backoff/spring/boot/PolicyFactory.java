package io.github.backoff.spring.boot;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.NameSuggester;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.Ticker;
import io.github.backoff.budget.BudgetKind;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.util.ClassUtils;

/**
 * Turns the {@code backoff.*} properties into budgets and policy builders through the core's {@link BackoffSpec},
 * {@link Preset} and {@link RetryBudget} factories ({@link BudgetKind} for the budget types, their parameters and
 * defaults), never re-implementing them; every failure names the key, with the value as the user wrote it.
 * Used once at start-up, on one thread.
 */
final class PolicyFactory {
  private static final Pattern CAMEL_WORD = Pattern.compile("\\b[a-z]+(?:[A-Z][a-z]*)+\\b");

  private final ClassLoader classLoader;
  /** A key's value as written in the configuration ({@code 1s}, not {@code PT1S}), or null if not known. */
  private final Function<String, String> written;

  PolicyFactory(ClassLoader classLoader, Function<String, String> written) {
    this.classLoader = classLoader;
    this.written = written;
  }

  Map<String, RetryBudget> budgets(Map<String, BackoffProperties.Budget> budgets) {
    Map<String, RetryBudget> built = new LinkedHashMap<>();
    budgets.forEach((name, b) -> built.put(name, budget("backoff.budgets." + name, b)));
    return built;
  }

  private RetryBudget budget(String key, BackoffProperties.Budget b) {
    String type = b.getType();
    BudgetKind kind = type == null ? null : BudgetKind.byId(type).orElse(null);
    if (kind == null) {
      throw new BackoffConfigurationException(key + ".type", type, "one of " + String.join(", ", BudgetKind.ids()),
          null);
    }
    Map<String, Object> given = new LinkedHashMap<>();
    putIfSet(given, "max-tokens", b.getMaxTokens());
    putIfSet(given, "token-ratio", b.getTokenRatio());
    putIfSet(given, "capacity", b.getCapacity());
    putIfSet(given, "retry-cost", b.getRetryCost());
    putIfSet(given, "timeout-cost", b.getTimeoutCost());
    putIfSet(given, "throttling-cost", b.getThrottlingCost());
    putIfSet(given, "percent", b.getPercent());
    putIfSet(given, "window", b.getWindow());
    putIfSet(given, "min-retries-per-second", b.getMinRetriesPerSecond());
    List<String> allowed = kind.parameters().stream().map(PolicyFactory::kebab).toList();
    Map<String, Object> values = new LinkedHashMap<>();
    for (Map.Entry<String, Object> p : given.entrySet()) {
      if (!allowed.contains(p.getKey())) {
        throw new BackoffConfigurationException(key + "." + p.getKey(), writtenValue(key + "." + p.getKey(),
            p.getValue()), "unset: a " + type + " budget takes only " + String.join(", ", allowed), null);
      }
      values.put(kind.parameters().get(allowed.indexOf(p.getKey())), p.getValue());
    }
    return validated(key, given, () -> kind.create(values, Ticker.SYSTEM));
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
    for (Class<? extends Throwable> type : retryOn) { // one by one: a Class<? extends Throwable>[] cannot be made
      builder.retryOn(type);
    }
    List<Class<? extends Throwable>> abortOn = throwables(key + ".abort-on", p.getAbortOn());
    for (Class<? extends Throwable> type : abortOn) {
      builder.abortOn(type);
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

  private RetryPolicyBuilder<Object> strategy(String key, BackoffProperties.Policy p) {
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
          throw new BackoffConfigurationException(key + "." + x.getKey(), writtenValue(key + "." + x.getKey(),
              x.getValue()), "unset: preset " + strategy + (takes.isEmpty() ? " is fixed (use a strategy name to set parameters)"
                  : " takes only " + String.join(" and ", takes)), null);
        }
      }
      return validated(key, given, () -> Preset.byName(strategy, given)).policyBuilder();
    }
    if (!BackoffSpec.isKnown(strategy)) {
      List<String> names = new ArrayList<>(BackoffSpec.NAMES);
      names.addAll(Preset.names());
      String closest = NameSuggester.closest(strategy, names);
      throw new BackoffConfigurationException(key + ".strategy", strategy, "a strategy (one of "
          + String.join(", ", BackoffSpec.NAMES) + ") or a preset (one of " + String.join(", ", Preset.names())
          + ")", closest == null ? null : "unknown strategy or preset; did you mean '" + closest + "'?", null);
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
   * on the key of the parameter it names ({@link InvalidParameterException#parameter()}, kebab-cased as in
   * application.properties): the core validates, this only says which key it was. {@code given}: the parameters
   * that are set, in order, with their values.
   */
  private <T> T validated(String key, Map<String, Object> given, Supplier<T> factory) {
    try {
      return factory.get();
    } catch (IllegalArgumentException e) {
      String parameter = e instanceof InvalidParameterException ipe ? kebab(ipe.parameter()) : null;
      if ((parameter == null || !given.containsKey(parameter)) && !given.isEmpty()) {
        parameter = given.keySet().iterator().next();
      }
      String reason = keys(String.valueOf(e.getMessage()), given);
      throw new BackoffConfigurationException(key + "." + parameter,
          writtenValue(key + "." + parameter, given.get(parameter)), "a valid value (" + reason + ")", reason, e);
    }
  }

  /** {@code message} with the core's parameter names of {@code given} spelt as keys ({@code max-tokens}). */
  private static String keys(String message, Map<String, Object> given) {
    Matcher m = CAMEL_WORD.matcher(message);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String k = kebab(m.group());
      m.appendReplacement(sb, Matcher.quoteReplacement(given.containsKey(k) || PropertyKeys.ALL.contains(k) ? k
          : m.group()));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** The value of {@code key} as written in the configuration, or {@code value} as text if that is not known. */
  private String writtenValue(String key, Object value) {
    String text = written.apply(key);
    return text != null ? text : String.valueOf(value);
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

  static String kebab(String camel) {
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

}
