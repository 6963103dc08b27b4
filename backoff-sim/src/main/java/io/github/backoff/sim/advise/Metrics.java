package io.github.backoff.sim.advise;

import java.util.List;

/**
 * The metrics a scenario's runs measure, in the order an evaluator fills them: their names (for objectives and
 * constraints), units and meaning. Immutable and thread-safe.
 */
final class Metrics {
  /** How a metric's values are read and printed. */
  enum Kind {
    /** A count or a ratio: a plain number. */
    NUMBER,
    /** Seconds: a duration ({@code 5s}, {@code 500ms}). */
    SECONDS,
    /** A share in [0, 1]: {@code 2%} or {@code 0.02}. */
    FRACTION
  }

  /** One metric. */
  record Metric(String name, Kind kind, String description) {}

  /** A candidate's attempt limit: a constraint, never measured. */
  static final String MAX_ATTEMPTS = "max_attempts";

  static final List<Metric> STEADY = List.of(
      new Metric("requests", Kind.NUMBER, "attempts that reached the server in a run, first attempts included"),
      new Metric("amplification", Kind.NUMBER, "attempts per request"),
      new Metric("lost", Kind.FRACTION, "share of requests given up (attempts or budget exhausted)"),
      new Metric("completion_mean", Kind.SECONDS, "mean time from a request's arrival to its success"),
      new Metric("completion_p50", Kind.SECONDS, "median of that time, over the requests that succeeded"),
      new Metric("completion_p99", Kind.SECONDS, "99th percentile of that time, over the requests that succeeded"),
      new Metric("recovery", Kind.SECONDS, "from the outage's end until goodput is back; \"never\" if it is not "
          + "back by the horizon (such a run counts the time to the horizon, so it ranks after every run that "
          + "recovers); 0 without an outage"),
      new Metric("throttled", Kind.FRACTION, "share of attempts the throttling server rejected"));

  static final List<Metric> BURST = List.of(
      new Metric("requests", Kind.NUMBER, "calls all clients made (writes for occ, requests for single-server)"),
      new Metric("amplification", Kind.NUMBER, "calls per client"),
      new Metric("completion", Kind.SECONDS, "when the last client learned of its success"));

  /** Every name any scenario knows, plus {@link #MAX_ATTEMPTS}. */
  static final List<String> ALL = List.of("requests", "amplification", "lost", "completion", "completion_mean",
      "completion_p50", "completion_p99", "recovery", "throttled", MAX_ATTEMPTS);

  /** The metric a policy may never reach: shown as "never" from {@link #neverAt} on. */
  static final String RECOVERY = "recovery";

  private final List<Metric> metrics;
  private final boolean burst;
  /** The recovery a run that never recovers counts (the time from the outage's end to the horizon). */
  private final double neverAt;

  private Metrics(List<Metric> metrics, boolean burst, double neverAt) {
    this.metrics = metrics;
    this.burst = burst;
    this.neverAt = neverAt;
  }

  static Metrics of(Scenario scenario) {
    return scenario.isBurst() ? new Metrics(BURST, true, Double.POSITIVE_INFINITY)
        : new Metrics(STEADY, false, scenario.outageLength() == 0 ? Double.POSITIVE_INFINITY
            : scenario.horizon() - (scenario.outageStart() + scenario.outageLength()));
  }

  /** The recovery counted for a run that does not recover by the horizon (+Infinity without an outage). */
  double neverAt() {
    return neverAt;
  }

  /** Whether {@code value} of {@code metric} means "never": a mean recovery of runs none of which recovered. */
  boolean never(String metric, double value) {
    return RECOVERY.equals(metric) && value >= neverAt;
  }

  /** {@code value} of {@code metric} as a reader wants it; "never" for a recovery that never happened. */
  String show(String metric, double value) {
    return never(metric, value) ? "never" : show(kindOf(metric), value);
  }

  boolean burst() {
    return burst;
  }

  List<Metric> list() {
    return metrics;
  }

  int size() {
    return metrics.size();
  }

  /** The names, plus {@code max_attempts} for a steady scenario (burst clients have no limit). */
  List<String> names() {
    List<String> names = new java.util.ArrayList<>(metrics.stream().map(Metric::name).toList());
    if (!burst) {
      names.add(MAX_ATTEMPTS);
    }
    return List.copyOf(names);
  }

  /** The index of {@code name}, or -1. */
  int index(String name) {
    for (int i = 0; i < metrics.size(); i++) {
      if (metrics.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  Metric get(int i) {
    return metrics.get(i);
  }

  /** The metric the Pareto front sets against requests: completion_p99 (steady) or completion (burst). */
  int completion() {
    return index(burst ? "completion" : "completion_p99");
  }

  /** {@code value} of metric {@code kind} as a reader wants it: {@code 7.3 s}, {@code 4.1 %}, {@code 1,234}. */
  static String show(Kind kind, double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    return switch (kind) {
      case SECONDS -> value >= 10 ? String.format(java.util.Locale.ROOT, "%,.1f s", value)
          : value >= 1 ? String.format(java.util.Locale.ROOT, "%.2f s", value)
          : String.format(java.util.Locale.ROOT, "%.0f ms", value * 1000);
      case FRACTION -> String.format(java.util.Locale.ROOT, "%.2f %%", 100 * value);
      case NUMBER -> Math.abs(value) >= 100 ? String.format(java.util.Locale.ROOT, "%,.0f", value)
          : String.format(java.util.Locale.ROOT, "%.3f", value);
    };
  }

  /** The kind of a metric known to any scenario, by name. */
  static Kind kindOf(String name) {
    for (Metric m : STEADY) {
      if (m.name().equals(name)) {
        return m.kind();
      }
    }
    for (Metric m : BURST) {
      if (m.name().equals(name)) {
        return m.kind();
      }
    }
    return Kind.NUMBER;
  }
}
