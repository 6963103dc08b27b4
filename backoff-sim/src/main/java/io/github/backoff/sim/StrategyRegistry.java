package io.github.backoff.sim;

import io.github.backoff.NameSuggester;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Backoff strategies by name: the study's five, built from backoff-core's factories and combinators, plus any
 * other core {@link Backoff} registered under a name of its own (a preset, say). The simulator evaluates these very
 * objects; it never re-implements a formula.
 *
 * <p>With {@code base} and {@code cap} in milliseconds of core delay, {@code base} is the first wait, as
 * {@code --base} is in every command and as {@link io.github.backoff.strategy.BackoffSpec} builds each name:
 * <table>
 *   <caption>The study's strategies</caption>
 *   <tr><th>name</th><th>core object</th><th>wait before retry r</th></tr>
 *   <tr><td>{@code none}</td><td>{@code Backoff.none()}</td><td>0</td></tr>
 *   <tr><td>{@code exponential}</td><td>{@code exponential(base, 2).withCap(cap)}</td>
 *       <td>{@code min(cap, base·2^(r-1))}: 10, 20, 40, … for base 10</td></tr>
 *   <tr><td>{@code full-jitter}</td><td>the same {@code .withFullJitter()}</td>
 *       <td>{@code U(0, min(cap, base·2^(r-1)))}</td></tr>
 *   <tr><td>{@code equal-jitter}</td><td>the same {@code .withEqualJitter()}</td>
 *       <td>{@code t/2 + U(0, t/2)}, {@code t = min(cap, base·2^(r-1))}</td></tr>
 *   <tr><td>{@code decorrelated-jitter}</td><td>{@code decorrelatedJitter(decorrelatedBase, cap)}</td>
 *       <td>{@code min(cap, U(decorrelatedBase, 3·previous))}, previous starting at decorrelatedBase</td></tr>
 * </table>
 * The study's own code wrote one base, 5 ms, for all of them and doubled it before the first exponential wait; its
 * figures are {@link #study(Duration, Duration, Duration) study(10 ms, 5 ms, 2 s)}, the simulator's default.
 *
 * <p>Immutable and thread-safe: {@link #with} returns a new registry.
 *
 * <pre>{@code
 * StrategyRegistry registry = StrategyRegistry.study(Duration.ofMillis(10), Duration.ofMillis(2000))
 *     .with("linear", Backoff.linear(Duration.ofMillis(10), Duration.ofMillis(10)).withFullJitter());
 * Backoff fullJitter = registry.get("full-jitter");
 * }</pre>
 */
public final class StrategyRegistry {
  /** The study's strategy names, in the study's order. */
  public static final List<String> STUDY_NAMES =
      List.of("none", "exponential", "full-jitter", "equal-jitter", "decorrelated-jitter");

  private final Map<String, Backoff> strategies;

  private StrategyRegistry(Map<String, Backoff> strategies) {
    this.strategies = strategies;
  }

  /**
   * The study's five strategies, each starting at {@code base} and capped at {@code cap}.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code base} is negative or {@code cap < base}
   */
  public static StrategyRegistry study(Duration base, Duration cap) {
    return study(base, base, cap);
  }

  /**
   * The study's five strategies: the exponential ones starting at {@code base}, {@code decorrelated-jitter} at
   * {@code decorrelatedBase}, all capped at {@code cap}.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if a base is negative or {@code cap} is below one
   */
  public static StrategyRegistry study(Duration base, Duration decorrelatedBase, Duration cap) {
    Objects.requireNonNull(base, "base");
    Objects.requireNonNull(decorrelatedBase, "decorrelatedBase");
    Objects.requireNonNull(cap, "cap");
    for (Duration b : List.of(base, decorrelatedBase)) {
      if (b.isNegative()) {
        throw new IllegalArgumentException("base must not be negative: " + b);
      }
      if (cap.compareTo(b) < 0) {
        throw new IllegalArgumentException("cap must be >= base: " + cap + " < " + b);
      }
    }
    Backoff exponential = Backoff.exponential(base, 2.0).withCap(cap);
    Map<String, Backoff> map = new LinkedHashMap<>();
    map.put("none", Backoff.none());
    map.put("exponential", exponential);
    map.put("full-jitter", exponential.withFullJitter());
    map.put("equal-jitter", exponential.withEqualJitter());
    map.put("decorrelated-jitter", Backoff.decorrelatedJitter(decorrelatedBase, cap));
    return new StrategyRegistry(Map.copyOf(map));
  }

  /**
   * A registry with {@code backoff} registered as {@code name}, replacing any strategy of that name.
   *
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code name} is blank or contains a comma, a quote or a line break (it
   *     must fit a CSV field and a comma-separated list)
   */
  public StrategyRegistry with(String name, Backoff backoff) {
    checkName(name);
    Objects.requireNonNull(backoff, "backoff");
    Map<String, Backoff> map = new LinkedHashMap<>(strategies);
    map.put(name, backoff);
    return new StrategyRegistry(Map.copyOf(map));
  }

  /**
   * The strategy named {@code name}.
   *
   * @throws IllegalArgumentException naming the strategy if there is none of that name
   */
  public Backoff get(String name) {
    Backoff backoff = strategies.get(name);
    if (backoff == null) {
      throw new IllegalArgumentException("strategies: unknown strategy '" + name + "'"
          + NameSuggester.didYouMean(name, names()) + " (known: "
          + String.join(", ", names()) + ")");
    }
    return backoff;
  }

  /** Whether a strategy is registered as {@code name}. */
  public boolean contains(String name) {
    return strategies.containsKey(name);
  }

  /** The registered names: the study's first, in the study's order, then the others sorted. */
  public List<String> names() {
    return strategies.keySet().stream()
        .sorted((a, b) -> {
          int ia = STUDY_NAMES.indexOf(a);
          int ib = STUDY_NAMES.indexOf(b);
          if (ia >= 0 || ib >= 0) {
            return Integer.compare(ia < 0 ? Integer.MAX_VALUE : ia, ib < 0 ? Integer.MAX_VALUE : ib);
          }
          return a.compareTo(b);
        })
        .toList();
  }

  /**
   * Checks a strategy name fits a CSV field and a comma-separated list.
   *
   * @throws NullPointerException if {@code name} is null
   * @throws IllegalArgumentException {@code "strategies: bad strategy name ..."} if it is blank or has a comma, a
   *     quote or a line break
   */
  public static void checkName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank() || name.chars().anyMatch(ch -> ch == ',' || ch == '"' || ch == '\n' || ch == '\r')) {
      throw new IllegalArgumentException("strategies: bad strategy name '" + name
          + "' (must be non-blank, without commas, quotes or line breaks)");
    }
  }

  @Override
  public String toString() {
    return "StrategyRegistry" + names();
  }

  /**
   * Registers, with {@code register}, each name of the comma-separated {@code list} that is not a study name and
   * that {@code lookup} knows (at {@code base} and {@code cap}, in milliseconds); unknown names are left for the
   * configuration to report.
   */
  public static void registerExtras(String list, double base, double cap, StrategyLookup lookup,
      java.util.function.BiConsumer<String, Backoff> register) {
    for (String raw : list.split(",")) {
      String name = raw.strip();
      if (!STUDY_NAMES.contains(name)) {
        Backoff extra = lookup.find(name, base, cap);
        if (extra != null) {
          register.accept(name, extra);
        }
      }
    }
  }
}
