package io.github.backoff.sim.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The configuration builders' argument checks, so every builder words the same failure the same way: the parameter's
 * name, the rule, the value. (Core's {@code io.github.backoff.internal.Checks} is not exported to this module.)
 *
 * <p>Stateless; thread-safe.
 *
 * <pre>{@code
 * this.runs = Checks.inRange(runs, 1, MAX_RUNS, "runs"); // "runs: must be in [1, 1000]: 0"
 * }</pre>
 */
public final class Checks {
  private Checks() {}

  /**
   * Returns {@code value} if it is in {@code [min, max]}.
   *
   * @throws IllegalArgumentException {@code "name: must be in [min, max]: value"} otherwise
   */
  public static int inRange(int value, int min, int max, String name) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(name + ": must be in [" + min + ", " + max + "]: " + value);
    }
    return value;
  }

  /**
   * Returns {@code value}, a base or cap in time units, if it is in {@code [0, 1e12]}.
   *
   * @throws IllegalArgumentException if negative, NaN or over 1e12
   */
  public static double units(double value, String name) {
    // 1e12 units (about 31 years at 1 ms) keeps the nanosecond conversion far from overflow.
    if (!(value >= 0 && value <= 1e12)) {
      throw new IllegalArgumentException(name + ": must be in [0, 1e12] time units: " + value);
    }
    return value;
  }

  /**
   * Returns an immutable copy of {@code names} after checking it is not empty, each name passes
   * {@code checkEach}, and no name repeats.
   *
   * @throws NullPointerException if {@code names} is null (message {@code name})
   * @throws IllegalArgumentException {@code "name: must not be empty"}, {@code checkEach}'s, or
   *     {@code "name: must not repeat: a,b,a"}
   */
  public static List<String> names(List<String> names, String name, Consumer<String> checkEach) {
    Objects.requireNonNull(names, name);
    if (names.isEmpty()) {
      throw new IllegalArgumentException(name + ": must not be empty");
    }
    for (String each : names) {
      checkEach.accept(each);
    }
    if (names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException(name + ": must not repeat: " + String.join(",", names));
    }
    return List.copyOf(names);
  }

  /** Splits a comma-separated list, trimming spaces around each name (empty names are kept, for the checks). */
  public static List<String> split(String commaSeparated) {
    List<String> names = new ArrayList<>();
    for (String s : commaSeparated.split(",", -1)) {
      names.add(s.trim());
    }
    return names;
  }
}
