package io.github.backoff.sim.advise;

import io.github.backoff.sim.report.Report;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link Advisor} found: the candidates of the final check ranked on fresh seeds, with their figures and 95 %
 * intervals ({@link #ranked()}), the recommendation ({@link #recommendation()}: the best that meets every
 * constraint, a preset if a preset is best), the presets and defaults beside it ({@link #references()}), the Pareto
 * front of requests against completion time, every searched candidate with its search figures, and, when nothing
 * meets the constraints, which constraint binds and by how much ({@link #binding()}).
 *
 * <p>{@link #report()} declares {@code report.html}, {@code candidates.csv}, {@code search.csv} and
 * {@code pareto.png} for the simulator's report layer ({@code ReportWriter.write(advice.report(), dir)}).
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Advice advice = advisor.advise(scenario, scenario.objective());
 * if (advice.met()) {
 *   Advice.Entry best = advice.recommendation().orElseThrow();
 *   System.out.println(best.candidate().springProperties("payments"));
 * } else {
 *   advice.binding().forEach(b -> System.out.println(b.text()));
 * }
 * }</pre>
 */
public final class Advice {
  /**
   * A candidate of the final check, with its figures on fresh seeds.
   *
   * @param candidate the candidate
   * @param reference whether it is a preset or default shown beside the search's
   * @param figures per metric name, the estimate over the fresh seeds
   * @param feasible whether its means meet every constraint
   * @param confident whether it is feasible with the whole 95 % interval of every constrained metric on the right
   *     side of the limit, not only the mean
   * @param pareto whether it is on the Pareto front of requests against completion (fresh seeds) of the candidates
   *     that meet the constraints (of all of them, if none does)
   * @param rank its place, from 1
   * @param searchSeeds the seeds it had in the search (0: not searched, as a reference outside the constraints)
   */
  public record Entry(Candidate candidate, boolean reference, Map<String, Estimate> figures, boolean feasible,
      boolean confident, boolean pareto, int rank, int searchSeeds) {
    /** Copies the figures. */
    public Entry {
      figures = Map.copyOf(figures);
    }

    /** The estimate of metric {@code name}. */
    public Estimate figure(String name) {
      Estimate e = figures.get(name);
      if (e == null) {
        throw new IllegalArgumentException("no metric '" + name + "' (known: " + figures.keySet() + ")");
      }
      return e;
    }

    Entry ranked(int rank, boolean pareto) {
      return new Entry(candidate, reference, figures, feasible, confident, pareto, rank, searchSeeds);
    }
  }

  /**
   * A searched candidate with its search figures (the means over the seeds it had).
   *
   * @param candidate the candidate
   * @param seeds the seeds it ran on
   * @param means per metric name, the mean over them
   * @param round the round it left the race in, -1 for a finalist
   * @param why why it left, or {@code finalist}
   */
  public record Searched(Candidate candidate, int seeds, Map<String, Double> means, int round, String why) {
    /** Copies the means. */
    public Searched {
      means = Map.copyOf(means);
    }
  }

  /**
   * A constraint no candidate meets: the best mean any candidate of the final check reached, and how far past the
   * limit that is, relative to it.
   *
   * @param constraint the constraint
   * @param best the best value reached
   * @param excess {@code |best - limit| / |limit|}
   * @param text for example {@code completion_p99<=5s: best 7.30 s, 46 % over}
   */
  public record Binding(Objective.Constraint constraint, double best, double excess, String text) {}

  private final Scenario scenario;
  private final Objective objective;
  private final long seed;
  private final int threads;
  private final List<Entry> ranked;
  private final List<Searched> searched;
  private final List<Binding> binding;
  private final long runs;
  private final int rounds;
  private final int finalSeeds;
  private final Duration elapsed;
  private final Metrics metrics;

  private Advice(Scenario scenario, Objective objective, long seed, int threads, List<Entry> ranked,
      List<Searched> searched, List<Binding> binding, long runs, int rounds, int finalSeeds, Duration elapsed,
      Metrics metrics) {
    this.scenario = scenario;
    this.objective = objective;
    this.seed = seed;
    this.threads = threads;
    this.ranked = List.copyOf(ranked);
    this.searched = List.copyOf(searched);
    this.binding = List.copyOf(binding);
    this.runs = runs;
    this.rounds = rounds;
    this.finalSeeds = finalSeeds;
    this.elapsed = elapsed;
    this.metrics = metrics;
  }

  static Advice of(Scenario scenario, Objective objective, long seed, int threads, Ranking ranking, Metrics metrics,
      List<Entry> entries, List<Searched> searched, long runs, int rounds, int finalSeeds, Duration elapsed) {
    String completion = metrics.get(metrics.completion()).name();
    // The front of the candidates that meet the constraints, if any do: the trade-off left to choose from.
    boolean anyFeasible = entries.stream().anyMatch(Entry::feasible);
    List<Integer> among = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      if (!anyFeasible || entries.get(i).feasible()) {
        among.add(i);
      }
    }
    double[] x = among.stream().mapToDouble(i -> entries.get(i).figure("requests").mean()).toArray();
    double[] y = among.stream().mapToDouble(i -> entries.get(i).figure(completion).mean()).toArray();
    List<Integer> front = pareto(x, y).stream().map(among::get).toList();
    List<double[]> keys = new ArrayList<>();
    for (Entry e : entries) {
      double[] means = new double[metrics.size()];
      for (int m = 0; m < means.length; m++) {
        means[m] = e.figure(metrics.get(m).name()).mean();
      }
      keys.add(ranking.key(means, e.candidate().maxAttempts()));
    }
    Integer[] idx = new Integer[entries.size()];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Comparator<double[]> cmp = ranking.order();
    java.util.Arrays.sort(idx, (a, b) -> {
      int k = cmp.compare(keys.get(a), keys.get(b));
      return k != 0 ? k : Integer.compare(a, b);
    });
    List<Entry> ranked = new ArrayList<>();
    for (int i = 0; i < idx.length; i++) {
      ranked.add(entries.get(idx[i]).ranked(i + 1, front.contains(idx[i])));
    }
    List<Binding> binding = new ArrayList<>();
    boolean met = ranked.stream().anyMatch(Entry::feasible);
    if (!met) {
      for (Objective.Constraint c : objective.constraints()) {
        if (c.metric().equals(Metrics.MAX_ATTEMPTS)) {
          boolean any = entries.stream().anyMatch(e -> ranking.attemptsAllowed(e.candidate().maxAttempts()));
          if (!any) {
            binding.add(new Binding(c, Double.NaN, Double.NaN, c.text() + ": no candidate has such an attempt "
                + "limit"));
          }
          continue;
        }
        // The best value of c among the candidates that meet every other constraint (all, if none does).
        List<Entry> allowed = entries.stream().filter(e -> ranking.attemptsAllowed(e.candidate().maxAttempts()))
            .toList();
        List<Entry> others = allowed.stream().filter(e -> objective.constraints().stream()
            .filter(o -> o != c && !o.metric().equals(Metrics.MAX_ATTEMPTS))
            .allMatch(o -> o.isMet(e.figure(o.metric()).mean()))).toList();
        boolean restricted = !others.isEmpty() && objective.constraints().size() > 1;
        double best = Double.NaN;
        for (Entry e : others.isEmpty() ? allowed : others) {
          double v = e.figure(c.metric()).mean();
          if (Double.isNaN(best) || (c.atMost() ? v < best : v > best)) {
            best = v;
          }
        }
        if (!Double.isNaN(best) && !c.isMet(best)) {
          double excess = c.excess(best);
          binding.add(new Binding(c, best, excess, String.format(java.util.Locale.ROOT, "%s: best %s, %.0f %% %s%s",
              c.text(), metrics.show(c.metric(), best), 100 * excess,
              c.atMost() ? "over" : "under", restricted ? " (among the candidates that meet the other constraints)"
                  : "")));
        }
      }
      if (binding.isEmpty()) {
        binding.add(new Binding(null, Double.NaN, Double.NaN,
            "no single candidate meets every constraint at once, though each is met by some"));
      }
    }
    return new Advice(scenario, objective, seed, threads, ranked, searched, binding, runs, rounds, finalSeeds,
        elapsed, metrics);
  }

  /** The indices of the points not dominated in (x, y), both minimised, by x. */
  static List<Integer> pareto(double[] x, double[] y) {
    Integer[] idx = new Integer[x.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    java.util.Arrays.sort(idx, Comparator.comparingDouble((Integer i) -> x[i]).thenComparingDouble(i -> y[i])
        .thenComparingInt(i -> i));
    List<Integer> front = new ArrayList<>();
    double bestY = Double.POSITIVE_INFINITY;
    for (int i : idx) {
      if (y[i] < bestY) {
        front.add(i);
        bestY = y[i];
      }
    }
    return front;
  }

  /** The scenario advised on. */
  public Scenario scenario() {
    return scenario;
  }

  /** The objective. */
  public Objective objective() {
    return objective;
  }

  /** The seed. */
  public long seed() {
    return seed;
  }

  int threads() {
    return threads;
  }

  Metrics metrics() {
    return metrics;
  }

  /** The final check's candidates, best first: feasible ones by the objective, then the others by their excess. */
  public List<Entry> ranked() {
    return ranked;
  }

  /**
   * The best candidate that meets every constraint with its whole interval ({@link Entry#confident()}), else the
   * best that meets them by its means; empty if none does.
   */
  public Optional<Entry> recommendation() {
    Optional<Entry> sure = ranked.stream().filter(Entry::confident).findFirst();
    return sure.isPresent() ? sure : ranked.stream().filter(Entry::feasible).findFirst();
  }

  /** Whether some candidate meets every constraint. */
  public boolean met() {
    return recommendation().isPresent();
  }

  /** The presets and defaults, in the final check's order. */
  public List<Entry> references() {
    return ranked.stream().filter(Entry::reference).toList();
  }

  /**
   * The final check's Pareto front of requests against completion time, by requests: of the candidates that meet the
   * constraints, or of all if none does.
   */
  public List<Entry> paretoFront() {
    return ranked.stream().filter(Entry::pareto)
        .sorted(Comparator.comparingDouble(e -> e.figure("requests").mean())).toList();
  }

  /** Every searched candidate with its search figures, in the grid's order. */
  public List<Searched> searched() {
    return searched;
  }

  /** When nothing meets the constraints: which bind and by how much; empty otherwise. */
  public List<Binding> binding() {
    return binding;
  }

  /** Runs simulated, search and final check. */
  public long runs() {
    return runs;
  }

  /** Rounds of the search. */
  public int rounds() {
    return rounds;
  }

  /** Fresh seeds per candidate in the final check. */
  public int finalSeeds() {
    return finalSeeds;
  }

  /** Wall-clock time it took. */
  public Duration elapsed() {
    return elapsed;
  }

  /** The report: {@code report.html}, {@code candidates.csv}, {@code search.csv}, {@code pareto.png}, a summary. */
  public Report report() {
    return AdviceReport.report(this);
  }
}
