package io.github.backoff.sim.advise;

import io.github.backoff.DurationSpec;
import io.github.backoff.budget.BudgetKind;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One retry policy the advisor evaluates: a strategy (a core {@link BackoffSpec} family with its base, cap and
 * multiplier, or a core {@link Preset} as it is), an attempt limit and a retry budget, written out three ways
 * ready to paste ({@link #javaCode()}, {@link #springProperties(String)}, {@link #execFlags()}) and as the options of
 * {@code backoff simulate} ({@link #simulateOptions()}).
 *
 * <p>Budgets are the simulator's {@code overload} policies, which are backoff-core's own budgets:
 * {@code none}, {@code token-bucket}, {@code retry-quota}, {@code ratio}, {@code retry-quota-2026} and
 * {@code adaptive} (the 2026 quota plus an {@code AdaptiveRateLimiter}). A burst scenario has no limit and no
 * budget: its clients retry until they succeed ({@link #maxAttempts()} 0).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Candidate c = Candidate.of("full-jitter", Duration.ofMillis(50), Duration.ofSeconds(2), 2.0, 4, "token-bucket");
 * Backoff backoff = c.backoff();   // BackoffSpec.of("full-jitter").withBase(50 ms).withCap(2 s).toBackoff()
 * String flags = c.execFlags();    // --strategy full-jitter --base 50ms --cap 2s --max-attempts 4
 * }</pre>
 */
public final class Candidate {
  /** No budget. */
  public static final String NO_BUDGET = "none";
  /** The budgets a candidate may have, in order. */
  public static final List<String> BUDGETS = List.of(NO_BUDGET, "token-bucket", "retry-quota", "ratio",
      "retry-quota-2026", "adaptive");
  private static final Set<String> MULTIPLIED = Set.of("exponential", "full-jitter", "equal-jitter", "randomized",
      "additive");
  private static final Set<String> CAPPED = Set.of("linear", "exponential", "full-jitter", "equal-jitter",
      "randomized", "additive", "decorrelated-jitter", "decorrelated-jitter-v2");

  private final String strategy;
  private final boolean preset;
  private final Duration base;
  private final Duration cap;
  private final double multiplier;
  private final int maxAttempts;
  private final String budget;
  private final Backoff backoff;

  private Candidate(String strategy, boolean preset, Duration base, Duration cap, double multiplier,
      int maxAttempts, String budget) {
    this.strategy = strategy;
    this.preset = preset;
    this.base = base;
    this.cap = cap;
    this.multiplier = multiplier;
    this.maxAttempts = maxAttempts;
    this.budget = budget;
    if (!BUDGETS.contains(budget)) {
      throw new IllegalArgumentException("budget: unknown budget '" + budget + "' (known: "
          + String.join(", ", BUDGETS) + ")");
    }
    if ((maxAttempts < 0 || maxAttempts > 100) && !(preset && maxAttempts == Integer.MAX_VALUE)) {
      throw new IllegalArgumentException("maxAttempts: must be in [0, 100]: " + maxAttempts);
    }
    if (maxAttempts == 0 && !budget.equals(NO_BUDGET)) {
      throw new IllegalArgumentException("budget: a candidate without an attempt limit has no budget: " + budget);
    }
    this.backoff = preset ? Preset.byName(strategy).backoff() : spec().toBackoff();
  }

  /**
   * A strategy family with its parameters: {@code base} for every family but {@code none}, {@code cap} for those
   * that take one, {@code multiplier} for the exponential ones ({@code NaN} otherwise).
   *
   * @param maxAttempts attempts, the first included; 0 for no limit (burst scenarios)
   * @param budget one of {@link #BUDGETS}
   * @throws IllegalArgumentException if the family is unknown, a parameter does not apply to it, the cap is below
   *     the base, or the budget is unknown
   */
  public static Candidate of(String strategy, Duration base, Duration cap, double multiplier, int maxAttempts,
      String budget) {
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(budget, "budget");
    if (!BackoffSpec.isKnown(strategy)) {
      throw new IllegalArgumentException("strategy: unknown strategy '" + strategy + "' (known: "
          + String.join(", ", BackoffSpec.NAMES) + ")");
    }
    return new Candidate(strategy, false, strategy.equals("none") ? null : base,
        CAPPED.contains(strategy) ? cap : null, MULTIPLIED.contains(strategy) ? multiplier : Double.NaN,
        maxAttempts, budget);
  }

  /**
   * A core preset as it is: its strategy and its own attempt limit (none in a burst scenario), with
   * {@code budget}.
   *
   * @throws IllegalArgumentException if no preset has that name
   */
  public static Candidate preset(String name, boolean limited, String budget) {
    Preset p = Preset.byName(name);
    return new Candidate(name, true, null, null, Double.NaN, limited ? p.maxAttempts() : 0, budget);
  }

  private BackoffSpec spec() {
    BackoffSpec s = BackoffSpec.of(strategy);
    if (base != null) {
      s = s.withBase(base);
    }
    if (cap != null) {
      s = s.withCap(cap);
    }
    if (!Double.isNaN(multiplier)) {
      s = s.withMultiplier(multiplier);
    }
    return s;
  }

  /** The strategy's name: a {@link BackoffSpec} family or a preset. */
  public String strategy() {
    return strategy;
  }

  /** Whether the strategy is a core preset, taken as it is. */
  public boolean isPreset() {
    return preset;
  }

  /** The base, if the strategy takes one. */
  public Optional<Duration> base() {
    return Optional.ofNullable(base);
  }

  /** The cap, if the strategy takes one. */
  public Optional<Duration> cap() {
    return Optional.ofNullable(cap);
  }

  /** The multiplier, NaN if the strategy takes none. */
  public double multiplier() {
    return multiplier;
  }

  /**
   * Attempts, the first included; 0 for no limit (a burst scenario's clients retry until they succeed);
   * {@link Integer#MAX_VALUE} for a preset limited by time only (the simulator does not model a time limit).
   */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The budget's name, one of {@link #BUDGETS}. */
  public String budget() {
    return budget;
  }

  /** The core strategy the simulator runs, the very object the code of {@link #javaCode()} builds. */
  public Backoff backoff() {
    return backoff;
  }

  /** A short name for tables: {@code full-jitter 50ms..2s x2, 4 attempts, token-bucket}. */
  public String label() {
    StringBuilder sb = new StringBuilder(strategy);
    if (preset) {
      sb.append(" (preset)");
    } else if (base != null) {
      sb.append(' ').append(DurationSpec.format(base));
      if (cap != null) {
        sb.append("..").append(DurationSpec.format(cap));
      }
      if (!Double.isNaN(multiplier) && multiplier != 2) {
        sb.append(" x").append(Units.number(multiplier));
      }
    }
    if (maxAttempts == Integer.MAX_VALUE) {
      sb.append(", no attempt limit");
    } else if (maxAttempts > 0) {
      sb.append(", ").append(maxAttempts).append(maxAttempts == 1 ? " attempt" : " attempts");
    }
    if (!budget.equals(NO_BUDGET)) {
      sb.append(", ").append(budget);
    }
    return sb.toString();
  }

  /** The overload model's policy this candidate runs under: {@code no-retry}, {@code retries} or its budget. */
  String policy() {
    if (budget.equals(NO_BUDGET)) {
      return maxAttempts == 1 ? "no-retry" : "retries";
    }
    return budget;
  }

  /**
   * Java code that builds this policy with backoff-core, imports included; it compiles as a method body that
   * returns a {@code RetryPolicy<Object>} named {@code policy}.
   */
  public String javaCode() {
    List<String> imports = new ArrayList<>(List.of("io.github.backoff.RetryPolicy"));
    StringBuilder body = new StringBuilder();
    if (!budget.equals(NO_BUDGET)) {
      imports.add("io.github.backoff.budget.RetryBudget");
      body.append("// One budget per downstream service, shared by every call to it.\n")
          .append("RetryBudget budget = ").append(budgetCode()).append(";\n");
    }
    if (budget.equals("adaptive")) {
      imports.add("io.github.backoff.ratelimit.AdaptiveRateLimiter");
      body.append("AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(); // shared as the budget is\n");
    }
    if (preset) {
      imports.add("io.github.backoff.preset.Preset");
      body.append("RetryPolicy<Object> policy = Preset.byName(\"").append(strategy)
          .append("\").<Object>policyBuilder()\n");
      if (maxAttempts == 0) {
        body.append("    .withUnlimitedAttempts()\n");
      }
    } else {
      imports.add("io.github.backoff.strategy.BackoffSpec");
      if (base != null || cap != null) {
        imports.add("java.time.Duration");
      }
      body.append("RetryPolicy<Object> policy = RetryPolicy.<Object>builder()\n")
          .append("    .withBackoff(BackoffSpec.of(\"").append(strategy).append("\")");
      if (base != null) {
        body.append(".withBase(").append(durationCode(base)).append(")");
      }
      if (cap != null) {
        body.append(".withCap(").append(durationCode(cap)).append(")");
      }
      if (!Double.isNaN(multiplier)) {
        body.append(".withMultiplier(").append(Units.number(multiplier)).append(Units.number(multiplier)
            .contains(".") ? "" : ".0").append(")");
      }
      body.append(".toBackoff())\n");
      body.append(maxAttempts == 0 ? "    .withUnlimitedAttempts()\n"
          : "    .withMaxAttempts(" + maxAttempts + ")\n");
    }
    if (!budget.equals(NO_BUDGET)) {
      body.append("    .withBudget(budget)\n");
    }
    if (budget.equals("adaptive")) {
      body.append("    .withRateLimiter(limiter)\n");
    }
    body.append("    .build();\n");
    StringBuilder code = new StringBuilder();
    imports.stream().sorted().distinct().forEach(i -> code.append("import ").append(i).append(";\n"));
    return code.append('\n').append(body).toString();
  }

  private String budgetCode() {
    return switch (budget) {
      case "token-bucket" -> "RetryBudget.tokenBucket(100, 0.1)";
      case "retry-quota" -> "RetryBudget.retryQuota()";
      case "ratio" -> "RetryBudget.ratio()";
      default -> "RetryBudget.retryQuota2026()"; // retry-quota-2026, adaptive
    };
  }

  private static String durationCode(Duration d) {
    long n = d.toNanos();
    if (n % 1_000_000_000L == 0) {
      return "Duration.ofSeconds(" + n / 1_000_000_000L + ")";
    }
    if (n % 1_000_000L == 0) {
      return "Duration.ofMillis(" + n / 1_000_000L + ")";
    }
    return "Duration.ofNanos(" + n + ")";
  }

  /**
   * The Spring Boot starter's properties for this policy under {@code backoff.policies.NAME} (and its budget under
   * {@code backoff.budgets.NAME}, a type of {@link BudgetKind}); a budget the starter cannot
   * make (the adaptive rate limiter, which is not a budget) is a comment saying to build the policy in code.
   *
   * @throws IllegalArgumentException if {@code name} is blank or has characters other than letters, digits, - and _
   */
  public String springProperties(String name) {
    if (name == null || !name.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("name: must be letters, digits, - and _: '" + name + "'");
    }
    String p = "backoff.policies." + name + ".";
    StringBuilder sb = new StringBuilder();
    sb.append(p).append("strategy=").append(strategy).append('\n');
    if (base != null) {
      sb.append(p).append("base=").append(DurationSpec.format(base)).append('\n');
    }
    if (cap != null) {
      sb.append(p).append("cap=").append(DurationSpec.format(cap)).append('\n');
    }
    if (!Double.isNaN(multiplier)) {
      sb.append(p).append("multiplier=").append(Units.number(multiplier)).append('\n');
    }
    if (maxAttempts > 0 && maxAttempts <= 100) {
      sb.append(p).append("max-attempts=").append(maxAttempts).append('\n');
    } else if (maxAttempts == 0) {
      sb.append("# no attempt limit in this scenario; the starter's is 3 unless max-attempts is set\n");
    }
    switch (budget) {
      case NO_BUDGET -> { }
      case "token-bucket", "retry-quota", "retry-quota-2026", "ratio" -> sb.append(p).append("budget=").append(name).append('\n')
          .append("backoff.budgets.").append(name).append(".type=").append(budget).append('\n');
      default -> sb.append("# budget ").append(budget).append(": the starter's budget types are ")
          .append(String.join(", ", BudgetKind.ids())).append("; build this policy in code (the Java above)\n");
    }
    return sb.toString();
  }

  /**
   * The options of {@code backoff exec} for this policy's strategy and limit; a budget spans many calls, so a
   * single command has none.
   */
  public String execFlags() {
    StringBuilder sb = new StringBuilder("--strategy ").append(strategy);
    if (base != null) {
      sb.append(" --base ").append(DurationSpec.format(base));
    }
    if (cap != null) {
      sb.append(" --cap ").append(DurationSpec.format(cap));
    }
    if (!Double.isNaN(multiplier)) {
      sb.append(" --multiplier ").append(Units.number(multiplier));
    }
    if (maxAttempts > 0 && maxAttempts <= 100) {
      sb.append(" --max-attempts ").append(maxAttempts);
    }
    return sb.toString();
  }

  /**
   * The options of {@code backoff simulate} that run this candidate in the scenario's model (after
   * {@link Scenario#simulateOptions()}): {@code --strategies NAME --base D --cap D --max-attempts N --policies P}
   * (durations in the one grammar, {@code --base} the first wait as everywhere); empty when {@code simulate} cannot
   * express the strategy (a multiplier other than 2).
   */
  public Optional<String> simulateOptions() {
    StringBuilder sb = new StringBuilder("--strategies ").append(strategy);
    if (!preset && !strategy.equals("none")) {
      if (!Double.isNaN(multiplier) && multiplier != 2) {
        return Optional.empty();
      }
      sb.append(" --base ").append(DurationSpec.format(base));
      if (cap != null) {
        sb.append(" --cap ").append(DurationSpec.format(cap));
      } else if (base.compareTo(Duration.ofMillis(2000)) > 0) {
        sb.append(" --cap ").append(DurationSpec.format(base)); // simulate's default cap is 2000 ms
      }
    }
    if (maxAttempts > 100) {
      return Optional.empty(); // simulate takes at most 100 attempts
    }
    if (maxAttempts > 0) {
      sb.append(" --max-attempts ").append(maxAttempts).append(" --policies ").append(policy());
    }
    return Optional.of(sb.toString());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Candidate c && c.strategy.equals(strategy) && c.preset == preset
        && Objects.equals(c.base, base) && Objects.equals(c.cap, cap)
        && Double.compare(c.multiplier, multiplier) == 0 && c.maxAttempts == maxAttempts
        && c.budget.equals(budget);
  }

  @Override
  public int hashCode() {
    return Objects.hash(strategy, preset, base, cap, multiplier, maxAttempts, budget);
  }

  @Override
  public String toString() {
    return label();
  }
}
