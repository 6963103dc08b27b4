package io.github.backoff.sim.advise;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Successive halving with racing over a fixed set of candidates, on common random numbers: in every round all the
 * candidates still in the race run on the same seeds (seed indices {@code 0..reps-1}), so they are compared on the
 * same arrivals and service times. After a round:
 * <ol>
 *   <li><b>racing</b>: a candidate is dropped if it is clearly worse than the leader (the 95 % t-interval of its
 *       paired per-seed differences in the objective lies above 0), or clearly misses a constraint (the interval
 *       of that metric lies on the wrong side of the limit) while others do not;
 *   <li><b>halving</b>: at most the better half of the round's candidates by the {@link Ranking} (at least
 *       {@code finalists}) go on; when racing has dropped more, nothing more is dropped;
 *   <li>the survivors get as many new seeds as they had (reps double), up to {@code maxReps}.
 * </ol>
 * Runs therefore go where candidates are close: those far behind leave after a seed or two.
 *
 * <p>Not thread-safe; the {@link Batch} may use threads.
 */
final class Search {
  /** Runs candidates on seeds: {@code values[i][metric][r]} for candidate {@code candidates[i]}, seed {@code first + r}. */
  interface Batch {
    double[][][] run(int[] candidates, int first, int reps);
  }

  /** Told the runs done so far and how many candidates are left. */
  interface Listener {
    Listener NONE = (done, planned, left) -> { };

    void onRound(long runsDone, long runsPlanned, int candidatesLeft);
  }

  /** Why and when a candidate left the race; {@code round} -1 if it is a finalist. */
  record Exit(int round, String reason) {}

  /**
   * What the search found.
   *
   * @param values per candidate, per metric, the per-seed values it got (as many as its reps)
   * @param exits per candidate, when and why it left
   * @param finalists the survivors, best first
   * @param runs runs done
   * @param rounds rounds played
   */
  record Result(double[][][] values, Exit[] exits, int[] finalists, long runs, int rounds) {
    int reps(int candidate) {
      return values[candidate][0].length;
    }

    double mean(int candidate, int metric) {
      return Estimate.of(values[candidate][metric]).mean();
    }

    double[] means(int candidate) {
      double[] m = new double[values[candidate].length];
      for (int k = 0; k < m.length; k++) {
        m[k] = mean(candidate, k);
      }
      return m;
    }
  }

  private Search() {}

  /** An upper bound of the runs: as if nothing were dropped by racing. */
  static long planned(int n, int initialReps, int maxReps, int finalists) {
    long runs = (long) n * initialReps;
    int alive = n;
    int reps = initialReps;
    while (alive > finalists && reps < maxReps) {
      alive = Math.max(finalists, (alive + 1) / 2);
      int more = Math.min(reps, maxReps - reps);
      runs += (long) alive * more;
      reps += more;
    }
    return runs;
  }

  /**
   * Runs the search over {@code attempts.length} candidates ({@code attempts[c]}: candidate c's attempt limit, for
   * a {@code max_attempts} constraint).
   *
   * @throws IllegalArgumentException if there are no candidates or a setting is below 1
   */
  static Result run(int[] attempts, int metrics, Ranking ranking, Batch batch, int initialReps, int maxReps,
      int finalists, Listener listener) {
    int n = attempts.length;
    if (n == 0 || initialReps < 1 || maxReps < initialReps || finalists < 1) {
      throw new IllegalArgumentException("search: needs candidates and reps >= 1: n=" + n + " reps="
          + initialReps + " maxReps=" + maxReps + " finalists=" + finalists);
    }
    long planned = planned(n, initialReps, maxReps, finalists);
    double[][][] values = new double[n][metrics][0];
    Exit[] exits = new Exit[n];
    int[] alive = new int[n];
    for (int i = 0; i < n; i++) {
      alive[i] = i;
    }
    long runs = append(values, alive, batch, 0, initialReps);
    int reps = initialReps;
    int round = 0;
    listener.onRound(runs, planned, alive.length);
    while (alive.length > finalists && reps < maxReps) {
      int before = alive.length;
      alive = race(alive, values, exits, attempts, ranking, round, finalists);
      alive = halve(alive, before, values, exits, attempts, ranking, round, finalists);
      int more = Math.min(reps, maxReps - reps);
      runs += append(values, alive, batch, reps, more);
      reps += more;
      round++;
      listener.onRound(runs, Math.max(runs, planned), alive.length);
    }
    int[] order = sorted(alive, values, attempts, ranking);
    int[] best = Arrays.copyOf(order, Math.min(finalists, order.length));
    for (int i = best.length; i < order.length; i++) {
      exits[order[i]] = new Exit(round, "not among the " + finalists + " best after the last round");
    }
    for (int c : best) {
      exits[c] = new Exit(-1, "finalist");
    }
    return new Result(values, exits, best, runs, round);
  }

  private static long append(double[][][] values, int[] alive, Batch batch, int first, int reps) {
    if (reps == 0 || alive.length == 0) {
      return 0;
    }
    double[][][] got = batch.run(alive, first, reps);
    for (int i = 0; i < alive.length; i++) {
      double[][] v = values[alive[i]];
      for (int m = 0; m < v.length; m++) {
        double[] grown = Arrays.copyOf(v[m], first + reps);
        System.arraycopy(got[i][m], 0, grown, first, reps);
        v[m] = grown;
      }
    }
    return (long) alive.length * reps;
  }

  private static double[] key(int c, double[][][] values, int[] attempts, Ranking ranking) {
    double[] means = new double[values[c].length];
    for (int m = 0; m < means.length; m++) {
      means[m] = Estimate.of(values[c][m]).mean();
    }
    return ranking.key(means, attempts[c]);
  }

  static int[] sorted(int[] alive, double[][][] values, int[] attempts, Ranking ranking) {
    List<double[]> keys = new ArrayList<>();
    for (int c : alive) {
      keys.add(key(c, values, attempts, ranking));
    }
    Integer[] idx = new Integer[alive.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Comparator<double[]> order = ranking.order();
    // ties keep the candidates' order, so the search is deterministic
    Arrays.sort(idx, (a, b) -> {
      int k = order.compare(keys.get(a), keys.get(b));
      return k != 0 ? k : Integer.compare(alive[a], alive[b]);
    });
    int[] out = new int[alive.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = alive[idx[i]];
    }
    return out;
  }

  /** Drops the candidates that are clearly worse than the leader, or clearly infeasible. */
  private static int[] race(int[] alive, double[][][] values, Exit[] exits, int[] attempts, Ranking ranking,
      int round, int finalists) {
    int reps = values[alive[0]][0].length;
    if (reps < 2) {
      return alive;
    }
    int[] order = sorted(alive, values, attempts, ranking);
    int leader = order[0];
    boolean leaderFeasible = key(leader, values, attempts, ranking)[0] == 0;
    int objective = ranking.objective();
    List<Integer> kept = new ArrayList<>();
    List<Integer> dropped = new ArrayList<>();
    for (int c : order) {
      if (c == leader) {
        kept.add(c);
        continue;
      }
      Estimate[] est = new Estimate[values[c].length];
      for (int m = 0; m < est.length; m++) {
        est[m] = Estimate.of(values[c][m]);
      }
      String reason = null;
      if (leaderFeasible && (ranking.clearlyInfeasible(est) || !ranking.attemptsAllowed(attempts[c]))) {
        reason = "clearly misses a constraint";
      } else if (leaderFeasible && key(c, values, attempts, ranking)[0] == 0) {
        double[] d = new double[reps];
        for (int r = 0; r < reps; r++) {
          d[r] = ranking.score(values[c][objective][r]) - ranking.score(values[leader][objective][r]);
        }
        Estimate diff = Estimate.of(d);
        if (diff.low() > 0) {
          reason = "clearly worse than the leader (paired difference > 0)";
        }
      }
      if (reason == null) {
        kept.add(c);
      } else {
        dropped.add(c);
        if (exits != null) {
          exits[c] = new Exit(round, reason);
        }
      }
    }
    while (kept.size() < finalists && !dropped.isEmpty()) { // never race below the finalists
      int back = dropped.remove(0);
      kept.add(back);
      if (exits != null) {
        exits[back] = null;
      }
    }
    return kept.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Keeps the better half of the round's candidates ({@code before}), unless racing has already cut deeper. */
  private static int[] halve(int[] alive, int before, double[][][] values, Exit[] exits, int[] attempts,
      Ranking ranking, int round, int finalists) {
    int keep = Math.max(finalists, (before + 1) / 2);
    if (alive.length <= keep) {
      return alive;
    }
    int[] order = sorted(alive, values, attempts, ranking);
    for (int i = keep; i < order.length; i++) {
      exits[order[i]] = new Exit(round, "in the worse half");
    }
    return Arrays.copyOf(order, keep);
  }
}
