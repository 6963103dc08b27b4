package io.github.backoff.sim.advise;

import io.github.backoff.DurationSpec;
import io.github.backoff.InvalidParameterException;
import io.github.backoff.NameSuggester;
import io.github.backoff.PercentSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the advice optimises: one metric to minimise or maximise, subject to constraints on others, such as
 * {@code min attempts} with {@code completion_p99<=5s}, or {@code min completion_p99} with
 * {@code amplification<=1.5} and {@code max_attempts<=4}. A constraint bounds the mean of a metric over seeds;
 * {@code max_attempts} bounds the candidates' attempt limit itself.
 *
 * <p>Metric names: see {@link Scenario#metrics()}; a name no scenario knows fails here, one the scenario's model does
 * not measure fails in {@link Advisor#advise}. Both list the names known. Limits are written in the metric's unit:
 * a duration for times ({@code 5s}, {@code 500ms}), a percentage for shares ({@code 2%}), a number otherwise; a
 * bare number is refused for a time or a share (the core's {@link DurationSpec} and {@link PercentSpec}).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Objective objective = Objective.parse("min attempts", List.of("completion_p99<=5s", "lost<=1%"));
 * }</pre>
 */
public final class Objective {
  private static final Pattern GOAL = Pattern.compile("(min|max)\\s+([a-z0-9_]+)");
  private static final Pattern CONSTRAINT = Pattern.compile("([a-z0-9_]+)\\s*(<=|>=)\\s*(.+)");

  /**
   * One constraint: {@code metric op limit}.
   *
   * @param metric the metric's name
   * @param atMost true for {@code <=}, false for {@code >=}
   * @param limit the bound, in the metric's unit (seconds, a fraction, a number)
   * @param text the constraint as written
   */
  public record Constraint(String metric, boolean atMost, double limit, String text) {
    /** Whether {@code value} meets it. */
    public boolean isMet(double value) {
      return atMost ? value <= limit : value >= limit;
    }

    /** How far {@code value} is past the limit, relative to it (0 if met). */
    public double excess(double value) {
      if (isMet(value)) {
        return 0;
      }
      double scale = Math.abs(limit) > 0 ? Math.abs(limit) : 1;
      return Math.abs(value - limit) / scale;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private final boolean minimise;
  private final String metric;
  private final List<Constraint> constraints;
  private final String text;

  private Objective(boolean minimise, String metric, List<Constraint> constraints, String text) {
    this.minimise = minimise;
    this.metric = metric;
    this.constraints = List.copyOf(constraints);
    this.text = text;
  }

  /**
   * The objective {@code goal} ({@code min METRIC} or {@code max METRIC}) with the {@code constraints}
   * ({@code METRIC<=LIMIT} or {@code METRIC>=LIMIT}).
   *
   * @throws InvalidParameterException with parameter {@code objective} or {@code constraints}, naming the value
   *     and, for an unknown metric, listing the known ones
   */
  public static Objective parse(String goal, List<String> constraints) {
    return parse(goal, constraints, null);
  }

  static Objective parse(String goal, List<String> constraints, Metrics metrics) {
    Objects.requireNonNull(goal, "goal");
    Objects.requireNonNull(constraints, "constraints");
    Matcher g = GOAL.matcher(goal.strip());
    if (!g.matches()) {
      throw new InvalidParameterException("objective", goal,
          "objective: must be 'min METRIC' or 'max METRIC': '" + goal + "'");
    }
    String metric = g.group(2);
    if (metric.equals(Metrics.MAX_ATTEMPTS)) {
      throw new InvalidParameterException("objective", goal,
          "objective: max_attempts is a constraint, not an objective: '" + goal + "'");
    }
    known(metric, "objective", goal, metrics);
    List<Constraint> list = new ArrayList<>();
    for (String c : constraints) {
      Matcher m = CONSTRAINT.matcher(c.strip());
      if (!m.matches()) {
        throw new InvalidParameterException("constraints", c,
            "constraints: must be METRIC<=LIMIT or METRIC>=LIMIT: '" + c + "'");
      }
      String name = m.group(1);
      known(name, "constraints", c, metrics);
      list.add(new Constraint(name, m.group(2).equals("<="), limit(name, m.group(3).strip(), c), c.strip()));
    }
    return new Objective(g.group(1).equals("min"), metric, list, g.group(1) + " " + metric);
  }

  private static void known(String metric, String key, String value, Metrics metrics) {
    List<String> names = metrics == null ? Metrics.ALL : metrics.names();
    if (!names.contains(metric)) {
      String where = metrics == null ? "" : metrics.burst() ? " for a burst scenario" : " for a steady scenario";
      String renamed = Metrics.OLD_ATTEMPTS.equals(metric) ? "; 'requests' is now 'attempts'" : "";
      throw new InvalidParameterException(key, value, key + ": unknown metric '" + metric + "'" + where
          + NameSuggester.didYouMean(metric, names) + " (known: " + String.join(", ", names) + ")" + renamed);
    }
  }

  private static double limit(String metric, String text, String constraint) {
    try {
      if (metric.equals(Metrics.MAX_ATTEMPTS)) {
        int n = Integer.parseInt(text);
        if (n < 1) {
          throw new NumberFormatException();
        }
        return n;
      }
      return switch (Metrics.kindOf(metric)) {
        case SECONDS -> Units.seconds(text);
        case FRACTION -> PercentSpec.parse(text);
        case NUMBER -> Double.parseDouble(text);
      };
    } catch (IllegalArgumentException e) {
      String expected = metric.equals(Metrics.MAX_ATTEMPTS) ? "a whole number >= 1"
          : switch (Metrics.kindOf(metric)) {
            case SECONDS -> "a duration (" + DurationSpec.FORMS + ")";
            case FRACTION -> PercentSpec.FORMS;
            case NUMBER -> "a number";
          };
      if (!(e instanceof NumberFormatException) && e.getMessage() != null) { // the grammar's own message
        throw new InvalidParameterException("constraints", constraint, "constraints: " + metric + ": "
            + e.getMessage() + " in '" + constraint + "'");
      }
      throw new InvalidParameterException("constraints", constraint, "constraints: " + metric
          + " needs " + expected + ": '" + constraint + "'");
    }
  }

  /** This objective checked against {@code scenario}'s metrics. */
  Objective checkedFor(Scenario scenario) {
    Metrics metrics = Metrics.of(scenario);
    known(metric, "objective", text, metrics);
    for (Constraint c : constraints) {
      known(c.metric(), "constraints", c.text(), metrics);
    }
    return this;
  }

  /**
   * This objective with every measured constraint tightened by {@code share} of its limit ({@code x<=10} becomes
   * {@code x<=9} for 0.1), for choosing candidates with room to spare.
   */
  Objective tightened(double share) {
    List<Constraint> list = new ArrayList<>();
    for (Constraint c : constraints) {
      double room = Math.abs(c.limit()) * share;
      list.add(c.metric().equals(Metrics.MAX_ATTEMPTS) ? c
          : new Constraint(c.metric(), c.atMost(), c.atMost() ? c.limit() - room : c.limit() + room, c.text()));
    }
    return new Objective(minimise, metric, list, text);
  }

  /** Whether the metric is minimised (false: maximised). */
  public boolean minimise() {
    return minimise;
  }

  /** The metric optimised. */
  public String metric() {
    return metric;
  }

  /** The constraints, in order. */
  public List<Constraint> constraints() {
    return constraints;
  }

  /** This objective with {@code goal} instead of its own. */
  public Objective withGoal(String goal) {
    return parse(goal, constraints.stream().map(Constraint::text).toList());
  }

  /** This objective with {@code constraints} instead of its own. */
  public Objective withConstraints(List<String> constraints) {
    return parse(text, constraints);
  }

  @Override
  public String toString() {
    return constraints.isEmpty() ? text : text + " subject to " + String.join(", ",
        constraints.stream().map(Constraint::text).toList());
  }
}
