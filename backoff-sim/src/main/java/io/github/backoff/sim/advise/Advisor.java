package io.github.backoff.sim.advise;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.StudyConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Finds the retry policy for a {@link Scenario} under an {@link Objective} by simulation: a search over the
 * scenario's candidates (strategy families and their base, cap and multiplier, attempt limits, budgets; the core
 * presets and common defaults among them) on the simulator's own models, then a final check of the best on fresh
 * seeds, beside the presets and defaults.
 *
 * <p><b>Method.</b> Every candidate runs on the same seeds (common random numbers: the same arrivals and service
 * times for all); successive halving with racing drops, after each round, those clearly worse than the leader
 * (paired 95 % t-interval of their per-seed differences above 0) or clearly missing a constraint, keeps the better
 * half, and doubles the seeds of the rest, so runs go where candidates are close. The finalists, the best that
 * meet the constraints with 10 % of their limits to spare, the search's Pareto front (attempts against completion time) and
 * the references then run on {@code search.final_reps} fresh
 * seeds, never used by the search, which give the figures, their 95 % t-intervals and the ranking of the
 * {@link Advice}: the search's own figures are biased towards the lucky, fresh seeds are not.
 *
 * <p>The result depends only on the scenario, the objective and the seed, never on the threads. Immutable and
 * thread-safe; each {@link #advise} call runs on threads of its own (the caller's among them).
 *
 * <pre>{@code
 * Scenario scenario = Scenario.load(Path.of("docs/scenarios/throttling.properties"));
 * Advice advice = Advisor.builder().seed(42).threads(2).build().advise(scenario, scenario.objective());
 * advice.recommendation().ifPresent(e -> System.out.println(e.candidate().javaCode()));
 * }</pre>
 */
public final class Advisor {
  /** The stage name of the search, for {@link AdviceProgress}. */
  public static final String SEARCH = "search";
  /** The stage name of the final check on fresh seeds, for {@link AdviceProgress}. */
  public static final String FINAL = "final check";
  /** The first seed index of the final check: the search never gets this far. */
  static final int FRESH = 1 << 20;
  /** The most members of the search's Pareto front taken to the final check. */
  static final int FRONT = 10;
  /** The share of a constraint's limit kept to spare by the safer candidates of the final check. */
  static final double ROOM = 0.1;

  private final long seed;
  private final int threads;
  private final AdviceProgress progress;

  private Advisor(Builder b) {
    this.seed = b.seed;
    this.threads = b.threads;
    this.progress = b.progress;
  }

  /** A builder: seed 42, all cores, no progress. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The advice for {@code scenario} under {@code objective}.
   *
   * @throws InvalidParameterException if the objective names a metric the scenario does not measure
   * @throws java.util.concurrent.CancellationException if the calling thread is interrupted
   */
  public Advice advise(Scenario scenario, Objective objective) {
    Objects.requireNonNull(scenario, "scenario");
    Objects.requireNonNull(objective, "objective");
    objective.checkedFor(scenario);
    long started = System.nanoTime(); // for the report's elapsed time only
    Metrics metrics = Metrics.of(scenario);
    Ranking ranking = new Ranking(objective, metrics);
    SearchSpace space = scenario.search();
    Evaluator evaluator = new Evaluator(scenario, seed);

    List<Candidate> pool = new ArrayList<>();
    Set<Candidate> seen = new LinkedHashSet<>();
    for (Candidate c : space.grid) {
      if (ranking.attemptsAllowed(c.maxAttempts()) && seen.add(c)) {
        pool.add(c);
      }
    }
    for (Candidate c : space.references) {
      if (ranking.attemptsAllowed(c.maxAttempts()) && seen.add(c)) {
        pool.add(c);
      }
    }
    long[] offset = {0};
    long[] planned = {0};
    int[] left = {pool.size()};
    Search.Result search = null;
    if (!pool.isEmpty()) {
      int[] attempts = pool.stream().mapToInt(Candidate::maxAttempts).toArray();
      int finalists = Math.min(space.finalists, pool.size());
      planned[0] = Search.planned(pool.size(), space.reps, space.maxReps, finalists);
      Search.Batch batch = (idx, first, reps) -> {
        List<Candidate> some = new ArrayList<>();
        for (int i : idx) {
          some.add(pool.get(i));
        }
        long base = offset[0];
        ProgressListener listener = (done, total) -> progress.onProgress(base + done,
            Math.max(planned[0], base + total), left[0], SEARCH);
        double[][][] v = RoundStudy.run(evaluator, some, first, reps, threads, listener);
        offset[0] += (long) idx.length * reps;
        return v;
      };
      search = Search.run(attempts, metrics.size(), ranking, batch, space.reps, space.maxReps, finalists,
          (done, plannedNow, aliveNow) -> {
            planned[0] = plannedNow;
            left[0] = aliveNow;
          });
    }

    // The final check: finalists, the search's Pareto front, every reference; fresh seeds.
    List<Candidate> checked = new ArrayList<>();
    Set<Candidate> inFinal = new LinkedHashSet<>();
    if (search != null) {
      for (int c : search.finalists()) {
        if (inFinal.add(pool.get(c))) {
          checked.add(pool.get(c));
        }
      }
      // The search optimises right up to a constraint's limit, so its finalists tend to meet it by their means
      // only: the best with room to spare are checked as well, as a recommendation that meets it with its interval.
      for (int c : withRoom(search, pool, objective, metrics, space.finalists)) {
        if (inFinal.add(pool.get(c))) {
          checked.add(pool.get(c));
        }
      }
      for (int c : front(search, pool.size(), metrics)) {
        if (inFinal.add(pool.get(c))) {
          checked.add(pool.get(c));
        }
      }
    }
    for (Candidate c : space.references) {
      if (inFinal.add(c)) {
        checked.add(c);
      }
    }
    long searchRuns = offset[0];
    long finalRuns = (long) checked.size() * space.finalReps;
    ProgressListener finalListener = (done, total) -> progress.onProgress(searchRuns + done,
        searchRuns + finalRuns, checked.size(), FINAL);
    double[][][] fresh = RoundStudy.run(evaluator, checked, FRESH, space.finalReps, threads, finalListener);

    Set<Candidate> references = new LinkedHashSet<>(space.references);
    List<Advice.Entry> entries = new ArrayList<>();
    for (int i = 0; i < checked.size(); i++) {
      Map<String, Estimate> figures = new java.util.LinkedHashMap<>();
      double[] means = new double[metrics.size()];
      for (int m = 0; m < metrics.size(); m++) {
        Estimate e = Estimate.of(fresh[i][m]);
        figures.put(metrics.get(m).name(), e);
        means[m] = e.mean();
      }
      Candidate c = checked.get(i);
      double[] key = ranking.key(means, c.maxAttempts());
      boolean confident = key[0] == 0 && objective.constraints().stream()
          .filter(k -> !k.metric().equals(Metrics.MAX_ATTEMPTS))
          .allMatch(k -> k.isMet(figures.get(k.metric()).low()) && k.isMet(figures.get(k.metric()).high()));
      entries.add(new Advice.Entry(c, references.contains(c), figures, key[0] == 0, confident, false, 0,
          search == null || pool.indexOf(c) < 0 ? 0 : search.reps(pool.indexOf(c))));
    }
    List<Advice.Searched> searched = new ArrayList<>();
    if (search != null) {
      for (int c = 0; c < pool.size(); c++) {
        Map<String, Double> means = new java.util.LinkedHashMap<>();
        for (int m = 0; m < metrics.size(); m++) {
          means.put(metrics.get(m).name(), search.mean(c, m));
        }
        Search.Exit exit = search.exits()[c];
        searched.add(new Advice.Searched(pool.get(c), search.reps(c), means, exit.round(), exit.reason()));
      }
    }
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
    return Advice.of(scenario, objective, seed, threads, ranking, metrics, entries, searched,
        searchRuns + finalRuns, search == null ? 0 : search.rounds(), space.finalReps, elapsed);
  }

  /**
   * The best {@code n} searched candidates that meet every constraint with {@link #ROOM} of its limit to spare, by
   * their search means.
   */
  private static List<Integer> withRoom(Search.Result search, List<Candidate> pool, Objective objective,
      Metrics metrics, int n) {
    Ranking tight = new Ranking(objective.tightened(ROOM), metrics);
    int[] attempts = pool.stream().mapToInt(Candidate::maxAttempts).toArray();
    List<Integer> ok = new ArrayList<>();
    for (int c = 0; c < pool.size(); c++) {
      if (tight.key(search.means(c), attempts[c])[0] == 0) {
        ok.add(c);
      }
    }
    int[] order = Search.sorted(ok.stream().mapToInt(Integer::intValue).toArray(), search.values(), attempts, tight);
    List<Integer> best = new ArrayList<>();
    for (int i = 0; i < Math.min(n, order.length); i++) {
      best.add(order[i]);
    }
    return best;
  }

  /** The candidates of the search's Pareto front (attempts against completion), at most {@link #FRONT}. */
  private static List<Integer> front(Search.Result search, int n, Metrics metrics) {
    int requests = metrics.index("attempts");
    int completion = metrics.completion();
    double[] x = new double[n];
    double[] y = new double[n];
    for (int c = 0; c < n; c++) {
      x[c] = search.mean(c, requests);
      y[c] = search.mean(c, completion);
    }
    List<Integer> front = Advice.pareto(x, y);
    if (front.size() <= FRONT) {
      return front;
    }
    List<Integer> spread = new ArrayList<>();
    for (int i = 0; i < FRONT; i++) {
      spread.add(front.get(i * front.size() / FRONT));
    }
    return spread;
  }

  /**
   * Builds an {@link Advisor}. Not thread-safe.
   *
   * <pre>{@code
   * Advisor advisor = Advisor.builder().seed(7).threads(2).progress(AdviceProgress.bar(System.err)).build();
   * }</pre>
   */
  public static final class Builder {
    private long seed = StudyConfig.DEFAULT_SEED;
    private int threads = Math.max(1, Math.min(StudyConfig.MAX_THREADS, Runtime.getRuntime().availableProcessors()));
    private AdviceProgress progress = AdviceProgress.NONE;

    private Builder() {}

    /** The seed every run's random numbers derive from (default 42); any value. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Worker threads (default: the available processors); they never change the advice.
     *
     * @throws IllegalArgumentException if not in {@code [1, 1024]}
     */
    public Builder threads(int threads) {
      if (threads < 1 || threads > StudyConfig.MAX_THREADS) {
        throw new InvalidParameterException("threads", threads, "threads: must be in [1, "
            + StudyConfig.MAX_THREADS + "]: " + threads);
      }
      this.threads = threads;
      return this;
    }

    /** Where progress goes (default nowhere). */
    public Builder progress(AdviceProgress progress) {
      this.progress = Objects.requireNonNull(progress, "progress");
      return this;
    }

    /** The advisor. */
    public Advisor build() {
      return new Advisor(this);
    }
  }
}
