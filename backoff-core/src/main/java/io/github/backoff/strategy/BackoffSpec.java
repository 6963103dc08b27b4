package io.github.backoff.strategy;

import io.github.backoff.NameSuggester;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * A strategy named by a string plus its parameters, for building a {@link Backoff} from a command line, a
 * configuration file or a simulator scenario.
 *
 * <p>The names and what they build ({@code t} is {@code base·multiplier^(r-1)}, or {@code base + step·(r-1)} for
 * {@code linear}, truncated after {@code truncateAfter} retries and capped at {@code cap} when those are given):
 * <ul>
 *   <li>{@code none}: no wait;
 *   <li>{@code constant}: {@code base};
 *   <li>{@code linear}, {@code exponential}: {@code t};
 *   <li>{@code full-jitter}: {@code U[0, t]}; {@code equal-jitter}: {@code t/2 + U[0, t/2]};
 *   <li>{@code randomized}: {@code t·U[1-factor, 1+factor]}, the cap applied before the randomization;
 *   <li>{@code additive}: {@code min(cap, t + U[0, jitter])}, the cap applied after the jitter;
 *   <li>{@code decorrelated-jitter}: {@link Backoff#decorrelatedJitter(Duration, Duration)} with {@code base} and
 *       {@code cap}; {@code decorrelated-jitter-v2}: {@link Backoff#decorrelatedJitterV2(Duration, Duration)} with
 *       {@code base} as the median first delay.
 * </ul>
 * Defaults: {@code base} 100 ms, {@code multiplier} 2, {@code step} = {@code base}, {@code factor} 0.5,
 * {@code jitter} = {@code base}, no truncation, no cap, except for the decorrelated jitters, which need one and
 * default to {@link #DEFAULT_DECORRELATED_CAP}.
 *
 * <p>Each {@code with} method validates its argument at once ({@link IllegalArgumentException} naming the
 * parameter and the value, {@link NullPointerException} for nulls); {@link #toBackoff()} then checks the
 * combination: a parameter the strategy does not use, and a cap below the base, are rejected rather than ignored.
 *
 * <p>Immutable and thread-safe: the {@code with} methods return new specs.
 *
 * <pre>{@code
 * Backoff backoff = BackoffSpec.of("full-jitter")
 *     .withBase(Duration.ofMillis(100))
 *     .withCap(Duration.ofSeconds(20))
 *     .toBackoff(); // exponential(100 ms, 2).withCap(20 s).withFullJitter()
 * }</pre>
 */
public final class BackoffSpec {
  /** The strategy names, in the order they are documented. */
  public static final List<String> NAMES = List.of("none", "constant", "linear", "exponential", "full-jitter",
      "equal-jitter", "decorrelated-jitter", "decorrelated-jitter-v2", "randomized", "additive");

  /** The base when none is given: 100 ms. */
  public static final Duration DEFAULT_BASE = Duration.ofMillis(100);
  /** The multiplier when none is given: 2. */
  public static final double DEFAULT_MULTIPLIER = 2.0;
  /** The randomization factor of {@code randomized} when none is given: 0.5. */
  public static final double DEFAULT_FACTOR = 0.5;
  /** The cap of the decorrelated jitters when none is given: 20 s. */
  public static final Duration DEFAULT_DECORRELATED_CAP = Duration.ofSeconds(20);

  private static final String BASE = "base";
  private static final String CAP = "cap";
  private static final String MULTIPLIER = "multiplier";
  private static final String STEP = "step";
  private static final String FACTOR = "factor";
  private static final String JITTER = "jitter";
  private static final String TRUNCATE_AFTER = "truncateAfter";

  private final String name;
  private final Duration base;
  private final Duration cap;
  private final Double multiplier;
  private final Duration step;
  private final Double factor;
  private final Duration jitter;
  private final int truncateAfter;

  private BackoffSpec(String name, Duration base, Duration cap, Double multiplier, Duration step, Double factor,
      Duration jitter, int truncateAfter) {
    this.name = name;
    this.base = base;
    this.cap = cap;
    this.multiplier = multiplier;
    this.step = step;
    this.factor = factor;
    this.jitter = jitter;
    this.truncateAfter = truncateAfter;
  }

  /**
   * The spec of strategy {@code name} with all parameters at their defaults.
   *
   * @throws IllegalArgumentException if {@code name} is not one of {@link #NAMES}
   */
  public static BackoffSpec of(String name) {
    Checks.requireNonNull(name, "name");
    Checks.requireParameter(NAMES.contains(name), "strategy", name, "unknown strategy: '%s'%s (expected one of %s)",
        name, NameSuggester.didYouMean(name, NAMES), String.join(", ", NAMES));
    return new BackoffSpec(name, null, null, null, null, null, null, 0);
  }

  /** Whether {@code name} is one of {@link #NAMES}. */
  public static boolean isKnown(String name) {
    return NAMES.contains(name);
  }

  /**
   * The starting wait (the median first wait for {@code decorrelated-jitter-v2}).
   *
   * @throws IllegalArgumentException if {@code base} is negative
   */
  public BackoffSpec withBase(Duration base) {
    Checks.nonNegativeNanos(base, BASE);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * The largest wait.
   *
   * @throws IllegalArgumentException if {@code cap} is negative
   */
  public BackoffSpec withCap(Duration cap) {
    Checks.nonNegativeNanos(cap, CAP);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * The growth factor per retry of the exponential strategies.
   *
   * @throws IllegalArgumentException if {@code multiplier} is below 1, infinite or NaN
   */
  public BackoffSpec withMultiplier(double multiplier) {
    Checks.requireParameter(multiplier >= 1.0 && multiplier < Double.POSITIVE_INFINITY, MULTIPLIER, multiplier,
        "multiplier must be >= 1 and finite: %s", multiplier);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * The increment per retry of {@code linear}.
   *
   * @throws IllegalArgumentException if {@code step} is negative
   */
  public BackoffSpec withStep(Duration step) {
    Checks.nonNegativeNanos(step, STEP);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * The randomization factor of {@code randomized}.
   *
   * @throws IllegalArgumentException if {@code factor} is not in {@code [0, 1]}
   */
  public BackoffSpec withFactor(double factor) {
    Checks.requireParameter(factor >= 0.0 && factor <= 1.0, FACTOR, factor, "factor must be in [0, 1]: %s", factor);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * The largest random amount {@code additive} adds.
   *
   * @throws IllegalArgumentException if {@code jitter} is negative
   */
  public BackoffSpec withJitter(Duration jitter) {
    Checks.nonNegativeNanos(jitter, JITTER);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /**
   * Stops the growth after {@code n} retries; see {@link Backoff#truncatedAfter(int)}.
   *
   * @throws IllegalArgumentException if {@code n < 1}
   */
  public BackoffSpec withTruncateAfter(int n) {
    Checks.atLeast(n, 1, TRUNCATE_AFTER);
    return new BackoffSpec(name, base, cap, multiplier, step, factor, jitter, n);
  }

  /** The strategy name. */
  public String name() {
    return name;
  }

  /** The base, or {@link #DEFAULT_BASE}. */
  public Duration base() {
    return base == null ? DEFAULT_BASE : base;
  }

  /** The cap, if one was given. */
  public Optional<Duration> cap() {
    return Optional.ofNullable(cap);
  }

  /** The multiplier, or {@link #DEFAULT_MULTIPLIER}. */
  public double multiplier() {
    return multiplier == null ? DEFAULT_MULTIPLIER : multiplier;
  }

  /** The step of {@code linear}, or the base. */
  public Duration step() {
    return step == null ? base() : step;
  }

  /** The randomization factor, or {@link #DEFAULT_FACTOR}. */
  public double factor() {
    return factor == null ? DEFAULT_FACTOR : factor;
  }

  /** The additive jitter, or the base. */
  public Duration jitter() {
    return jitter == null ? base() : jitter;
  }

  /** The retry after which growth stops, if one was given. */
  public OptionalInt truncateAfter() {
    return truncateAfter == 0 ? OptionalInt.empty() : OptionalInt.of(truncateAfter);
  }

  /** The parameters each strategy uses; any other one given is an error. */
  private static Set<String> parametersOf(String name) {
    switch (name) {
      case "none":
        return Set.of();
      case "constant":
        return Set.of(BASE);
      case "linear":
        return Set.of(BASE, STEP, CAP, TRUNCATE_AFTER);
      case "decorrelated-jitter":
      case "decorrelated-jitter-v2":
        return Set.of(BASE, CAP);
      case "randomized":
        return Set.of(BASE, MULTIPLIER, CAP, TRUNCATE_AFTER, FACTOR);
      case "additive":
        return Set.of(BASE, MULTIPLIER, CAP, TRUNCATE_AFTER, JITTER);
      default: // exponential, full-jitter, equal-jitter
        return Set.of(BASE, MULTIPLIER, CAP, TRUNCATE_AFTER);
    }
  }

  /** The value given for parameter {@code p} (one of {@link #givenParameters()}), for error reports. */
  private Object valueOf(String p) {
    switch (p) {
      case BASE:
        return base;
      case CAP:
        return cap;
      case MULTIPLIER:
        return multiplier;
      case STEP:
        return step;
      case FACTOR:
        return factor;
      case JITTER:
        return jitter;
      default:
        return truncateAfter;
    }
  }

  private List<String> givenParameters() {
    List<String> given = new ArrayList<>();
    if (base != null) {
      given.add(BASE);
    }
    if (cap != null) {
      given.add(CAP);
    }
    if (multiplier != null) {
      given.add(MULTIPLIER);
    }
    if (step != null) {
      given.add(STEP);
    }
    if (factor != null) {
      given.add(FACTOR);
    }
    if (jitter != null) {
      given.add(JITTER);
    }
    if (truncateAfter != 0) {
      given.add(TRUNCATE_AFTER);
    }
    return given;
  }

  /**
   * Builds the strategy.
   *
   * @throws IllegalArgumentException if a parameter was given that this strategy does not use, or the cap is below
   *     the base
   */
  public Backoff toBackoff() {
    Set<String> used = parametersOf(name);
    for (String p : givenParameters()) {
      Checks.requireParameter(used.contains(p), p, valueOf(p), "%s does not apply to strategy %s (it takes %s)", p, name,
          used.isEmpty() ? "no parameters" : String.join(", ", sorted(used)));
    }
    Duration b = base();
    boolean decorrelated = name.startsWith("decorrelated-jitter");
    Duration c = cap == null && decorrelated ? DEFAULT_DECORRELATED_CAP : cap;
    if (c != null) {
      Checks.requireParameter(c.compareTo(b) >= 0, CAP, c, "cap must be >= base: %s < %s",
          Durations.format(c), Durations.format(b));
    }
    switch (name) {
      case "none":
        return Backoff.none();
      case "constant":
        return Backoff.constant(b);
      case "decorrelated-jitter":
        return Backoff.decorrelatedJitter(b, c);
      case "decorrelated-jitter-v2":
        return Backoff.decorrelatedJitterV2(b, c);
      case "linear":
        return capped(truncated(Backoff.linear(b, step())), c);
      case "full-jitter":
        return capped(truncated(Backoff.exponential(b, multiplier())), c).withFullJitter();
      case "equal-jitter":
        return capped(truncated(Backoff.exponential(b, multiplier())), c).withEqualJitter();
      case "randomized":
        return capped(truncated(Backoff.exponential(b, multiplier())), c).withRandomization(factor());
      case "additive":
        return capped(truncated(Backoff.exponential(b, multiplier())).withAdditiveJitter(jitter()), c);
      default: // exponential
        return capped(truncated(Backoff.exponential(b, multiplier())), c);
    }
  }

  private Backoff truncated(Backoff backoff) {
    return truncateAfter == 0 ? backoff : backoff.truncatedAfter(truncateAfter);
  }

  private static Backoff capped(Backoff backoff, Duration cap) {
    return cap == null ? backoff : backoff.withCap(cap);
  }

  private static List<String> sorted(Set<String> names) {
    List<String> list = new ArrayList<>(names);
    list.sort(null);
    return list;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof BackoffSpec)) {
      return false;
    }
    BackoffSpec s = (BackoffSpec) o;
    return name.equals(s.name) && Objects.equals(base, s.base) && Objects.equals(cap, s.cap)
        && Objects.equals(multiplier, s.multiplier) && Objects.equals(step, s.step)
        && Objects.equals(factor, s.factor) && Objects.equals(jitter, s.jitter) && truncateAfter == s.truncateAfter;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, base, cap, multiplier, step, factor, jitter, truncateAfter);
  }

  /** The name and the parameters that were given, e.g. {@code full-jitter(base=100 ms, cap=20 s)}. */
  @Override
  public String toString() {
    List<String> parts = new ArrayList<>();
    if (base != null) {
      parts.add("base=" + Durations.format(base));
    }
    if (multiplier != null) {
      parts.add("multiplier=" + multiplier);
    }
    if (step != null) {
      parts.add("step=" + Durations.format(step));
    }
    if (factor != null) {
      parts.add("factor=" + factor);
    }
    if (jitter != null) {
      parts.add("jitter=" + Durations.format(jitter));
    }
    if (truncateAfter != 0) {
      parts.add("truncateAfter=" + truncateAfter);
    }
    if (cap != null) {
      parts.add("cap=" + Durations.format(cap));
    }
    return name + "(" + String.join(", ", parts) + ")";
  }
}
