package io.github.backoff.sim.advise;

import java.util.Comparator;
import java.util.List;

/**
 * How candidates are ordered under an objective: first those whose means meet every constraint, by the objective
 * (better first); then the others, by their summed relative excess over the constraints (closer first).
 * Immutable and thread-safe.
 */
final class Ranking {
  private final int objective;
  private final double sign;
  private final int[] metric;
  private final Objective.Constraint[] constraints;
  private final Objective.Constraint maxAttempts;
  /** The tie-break: fewer attempts first (-1: none). */
  private final int requests;

  Ranking(Objective o, Metrics metrics) {
    this.objective = metrics.index(o.metric());
    this.requests = metrics.index("attempts");
    this.sign = o.minimise() ? 1 : -1;
    List<Objective.Constraint> measured = o.constraints().stream()
        .filter(c -> !c.metric().equals(Metrics.MAX_ATTEMPTS)).toList();
    this.metric = measured.stream().mapToInt(c -> metrics.index(c.metric())).toArray();
    this.constraints = measured.toArray(Objective.Constraint[]::new);
    this.maxAttempts = o.constraints().stream().filter(c -> c.metric().equals(Metrics.MAX_ATTEMPTS))
        .reduce((a, b) -> b).orElse(null);
  }

  /** For tests: minimise metric {@code objective}, no constraints. */
  Ranking(int objective, boolean minimise) {
    this.objective = objective;
    this.sign = minimise ? 1 : -1;
    this.metric = new int[0];
    this.constraints = new Objective.Constraint[0];
    this.maxAttempts = null;
    this.requests = -1;
  }

  int objective() {
    return objective;
  }

  /** The objective as a value to minimise. */
  double score(double objectiveValue) {
    return sign * objectiveValue;
  }

  /** Whether a candidate's attempt limit (0: none) meets a {@code max_attempts} constraint. */
  boolean attemptsAllowed(int attempts) {
    if (maxAttempts == null) {
      return true;
    }
    double a = attempts == 0 ? Double.POSITIVE_INFINITY : attempts;
    return maxAttempts.isMet(a);
  }

  /** Summed relative excess of the means over the measured constraints (0: all met). */
  double excess(double[] means) {
    double e = 0;
    for (int i = 0; i < constraints.length; i++) {
      e += constraints[i].excess(means[metric[i]]);
    }
    return e;
  }

  /** Whether some constraint is missed even at the favourable end of its interval. */
  boolean clearlyInfeasible(Estimate[] estimates) {
    for (int i = 0; i < constraints.length; i++) {
      Estimate e = estimates[metric[i]];
      if (e.n() > 1 && (constraints[i].atMost() ? e.low() > constraints[i].limit()
          : e.high() < constraints[i].limit())) {
        return true;
      }
    }
    return false;
  }

  /**
   * The order: feasible (by the means, and the attempt limit) by objective, then the rest by excess; an exact tie
   * (budgets that deny every retry make identical runs) goes to fewer requests.
   */
  Comparator<double[]> order() {
    return Comparator.comparingDouble((double[] k) -> k[0]).thenComparingDouble(k -> k[1])
        .thenComparingDouble(k -> k[2]);
  }

  /** The sort key of means {@code means} of a candidate with {@code attempts}. */
  double[] key(double[] means, int attempts) {
    double excess = excess(means) + (attemptsAllowed(attempts) ? 0 : 1);
    double tie = requests < 0 ? 0 : means[requests];
    return excess == 0 ? new double[] {0, score(means[objective]), tie} : new double[] {1, excess, tie};
  }

  List<Objective.Constraint> measured() {
    return List.of(constraints);
  }

  int metricOf(int constraint) {
    return metric[constraint];
  }
}
