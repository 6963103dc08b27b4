package io.github.backoff.testbed;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadLatency;
import io.github.backoff.sim.overload.OverloadPointResult;
import io.github.backoff.sim.overload.OverloadPolicy;
import io.github.backoff.sim.overload.OverloadResult;
import io.github.backoff.sim.overload.OverloadRunTotals;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The simulator and the testbed side by side: each (policy, strategy) of a scenario is simulated and run for real
 * on the same runs (the same seeds: the same arrivals and service times), and their figures are compared —
 * requests at the server, amplification, median and 99th percentile completion time, requests lost, recovery —
 * with each policy's rank in both.
 *
 * <pre>{@code
 * Comparison c = Comparison.run(scenario, 1.0, System.err);
 * System.out.print(c.table());
 * }</pre>
 *
 * <p>Immutable once made; thread-safe.
 */
public final class Comparison {
  /**
   * The figures of one side, means over the runs, in model units (times in seconds).
   *
   * @param requests requests that arrived
   * @param attempts requests the server saw
   * @param lost requests given up
   * @param p50 median completion time of the successes
   * @param p99 99th percentile completion time of the successes
   * @param mean mean completion time of the successes
   * @param recovery seconds from the outage's end to recovery, NaN if a run did not recover or there is no outage
   */
  public record Figures(double requests, double attempts, double lost, double p50, double p99, double mean,
      double recovery) {
    /** Attempts ÷ requests. */
    public double amplification() {
      return attempts / requests;
    }
  }

  /**
   * One (policy, strategy): the simulator's figures, the testbed's, and the testbed's runs.
   *
   * @param policy the policy's name
   * @param strategy the strategy's name
   * @param sim the simulator's figures
   * @param testbed the testbed's figures
   * @param runs the testbed's runs
   */
  public record Row(String policy, String strategy, Figures sim, Figures testbed, List<TestbedResult> runs) {}

  /** A compared metric: its name and how to read it from the figures. */
  private record Metric(String name, ToDoubleFunction<Figures> value, boolean time) {}

  private static final List<Metric> METRICS = List.of(
      new Metric("requests at the server", Figures::attempts, false),
      new Metric("amplification", Figures::amplification, false),
      new Metric("lost", Figures::lost, false),
      new Metric("p50 completion (ms)", Figures::p50, true),
      new Metric("p99 completion (ms)", Figures::p99, true),
      new Metric("mean completion (ms)", Figures::mean, true),
      new Metric("recovery (s)", Figures::recovery, false));

  /** Values within this share of each other rank the same: 5 %. */
  public static final double TIE = 0.05;

  private final OverloadConfig scenario;
  private final double timeScale;
  private final List<Row> rows;
  private final List<String> labels;
  private final boolean candidates;

  /**
   * One testbed run, as {@link Testbed#run}: a seam, so that tests give hand-made results instead of running a server.
   */
  @FunctionalInterface
  interface TestbedRunner {
    /** Runs run {@code run} of {@code policy} with {@code strategy} of {@code scenario} at {@code timeScale}. */
    TestbedResult run(OverloadConfig scenario, String policy, String strategy, int run, double timeScale);
  }

  /** The rows as they are, named after their policies (and strategies, when the scenario has several). */
  Comparison(OverloadConfig scenario, double timeScale, List<Row> rows) {
    this(scenario, timeScale, rows, null);
  }

  private Comparison(OverloadConfig scenario, double timeScale, List<Row> rows, List<String> labels) {
    this.scenario = scenario;
    this.timeScale = timeScale;
    this.rows = List.copyOf(rows);
    this.candidates = labels != null;
    if (labels == null) {
      boolean both = scenario.strategies().size() > 1;
      labels = this.rows.stream().map(r -> both ? r.policy() + " / " + r.strategy() : r.policy()).toList();
    }
    this.labels = List.copyOf(labels);
  }

  /**
   * Candidates side by side: each part is the comparison of one candidate (its own strategy, base, cap, attempts and
   * policy, in a scenario of its own that differs from {@code common} only in those), run on the same seeds; the
   * rows are the parts' rows in order, named by {@code labels} (one per row), and ranked among each other.
   *
   * @param common the shared scenario, shown below the table
   * @param timeScale the time scale every part ran at
   * @param parts the candidates' comparisons
   * @param labels a name per row of the parts, in order
   * @throws IllegalArgumentException if the labels do not match the rows
   */
  public static Comparison combine(OverloadConfig common, double timeScale, List<Comparison> parts,
      List<String> labels) {
    List<Row> rows = new ArrayList<>();
    parts.forEach(p -> rows.addAll(p.rows()));
    if (labels.size() != rows.size()) {
      throw new IllegalArgumentException("labels: " + labels.size() + " for " + rows.size() + " rows");
    }
    return new Comparison(common, timeScale, rows, labels);
  }

  /**
   * Simulates {@code scenario} (with its network latency, in model time) and runs it on the testbed, each policy
   * and strategy for {@code scenario.runs()} runs, one after another; writes a line per testbed run to
   * {@code progress}.
   *
   * @throws IllegalArgumentException as {@link Testbed#run}
   */
  public static Comparison run(OverloadConfig scenario, double timeScale, PrintStream progress) {
    return run(scenario, timeScale, progress, Testbed::run);
  }

  /** {@link #run(OverloadConfig, double, PrintStream)} with the testbed runs made by {@code testbed}. */
  static Comparison run(OverloadConfig scenario, double timeScale, PrintStream progress, TestbedRunner testbed) {
    OverloadResult sim = io.github.backoff.sim.overload.OverloadSimulation.simulate(scenario, ProgressListener.NONE);
    return compare(scenario, timeScale, progress, sim, testbed);
  }

  /**
   * The comparison of {@code sim}, the simulator's result of {@code scenario}, with the testbed runs {@code testbed}
   * makes, each policy and strategy for {@code scenario.runs()} runs, one after another; writes a line per testbed
   * run to {@code progress} (none if null).
   */
  static Comparison compare(OverloadConfig scenario, double timeScale, PrintStream progress, OverloadResult sim,
      TestbedRunner testbed) {
    List<Row> rows = new ArrayList<>();
    for (OverloadPolicy policy : scenario.policies()) {
      for (String strategy : scenario.strategies()) {
        OverloadPointResult point = sim.point(policy.name(), strategy);
        List<TestbedResult> runs = new ArrayList<>();
        for (int r = 0; r < scenario.runs(); r++) {
          TestbedResult t = testbed.run(scenario, policy.name(), strategy, r, timeScale);
          runs.add(t);
          if (progress != null) {
            OverloadRunTotals s = point.runs().get(r);
            progress.printf(Locale.ROOT, "%s / %s run %d: testbed %d requests, %d at the server, %d lost, "
                + "p50 %.1f ms, p99 %.1f ms (simulator: %d, %d lost, p50 %.1f ms, p99 %.1f ms); "
                + "send lag mean %.2f ms, max %.1f ms; network time in situ: %s; %.1f s%n", policy.name(), strategy, r,
                t.requests(), t.attempts(), t.lost(), t.latencyP50() * 1e3, t.latencyP99() * 1e3, s.attempts(),
                s.lost(), point.latency().get(r).latencyP50() * 1e3, point.latency().get(r).latencyP99() * 1e3,
                t.lagMeanMs(), t.lagMaxMs(), t.overhead(), t.wallSeconds());
          }
        }
        rows.add(new Row(policy.name(), strategy, simFigures(point), testbedFigures(runs), runs));
      }
    }
    return new Comparison(scenario, timeScale, rows);
  }

  /** The means over the runs of {@code p}. */
  static Figures simFigures(OverloadPointResult p) {
    int n = p.runs().size();
    double req = 0, att = 0, lost = 0, p50 = 0, p99 = 0, mean = 0, rec = 0;
    for (int r = 0; r < n; r++) {
      OverloadRunTotals run = p.runs().get(r);
      OverloadLatency l = p.latency().get(r);
      req += run.requests();
      att += run.attempts();
      lost += run.lost();
      p50 += l.latencyP50();
      p99 += l.latencyP99();
      mean += l.latencyMean();
      rec += run.recovery();
    }
    return new Figures(req / n, att / n, lost / n, p50 / n, p99 / n, mean / n, rec / n);
  }

  /** The means over {@code runs}. */
  static Figures testbedFigures(List<TestbedResult> runs) {
    int n = runs.size();
    double req = 0, att = 0, lost = 0, p50 = 0, p99 = 0, mean = 0, rec = 0;
    for (TestbedResult t : runs) {
      req += t.requests();
      att += t.attempts();
      lost += t.lost();
      p50 += t.latencyP50();
      p99 += t.latencyP99();
      mean += t.latencyMean();
      rec += t.recovery();
    }
    return new Figures(req / n, att / n, lost / n, p50 / n, p99 / n, mean / n, rec / n);
  }

  /** The rows, one per (policy, strategy), in the scenario's order. */
  public List<Row> rows() {
    return rows;
  }

  /**
   * The rows' names in the table, in order: the policy's (with the strategy's when the scenario has several), or a
   * candidate's label ({@link #combine}).
   */
  public List<String> labels() {
    return labels;
  }

  /**
   * The relative difference of the simulator from the testbed, (sim − testbed) / testbed; 0 if both are 0, NaN if
   * either is NaN.
   */
  public static double difference(double sim, double testbed) {
    if (Double.isNaN(sim) || Double.isNaN(testbed)) {
      return Double.NaN;
    }
    if (sim == testbed) {
      return 0;
    }
    return testbed == 0 ? Double.POSITIVE_INFINITY : (sim - testbed) / testbed;
  }

  /**
   * The rank (1 = least) of each row by a metric, from the simulator's figures ({@code sim}) or the testbed's. Values
   * within {@link #TIE} of each other (relative to the larger) are a tie and share a rank: a rank is only a rank if
   * the difference is larger than what separates the simulator from the testbed.
   */
  public int[] ranks(String metric, boolean sim) {
    Metric m = METRICS.stream().filter(x -> x.name().equals(metric)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("metric: unknown '" + metric + "'"));
    int[] rank = new int[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      double v = m.value().applyAsDouble(sim ? rows.get(i).sim() : rows.get(i).testbed());
      int r = 1;
      for (Row other : rows) {
        double o = m.value().applyAsDouble(sim ? other.sim() : other.testbed());
        if (o < v && !(v - o <= TIE * Math.max(Math.abs(o), Math.abs(v)))) {
          r++;
        }
      }
      rank[i] = r;
    }
    return rank;
  }

  /** The side-by-side table (Markdown) and the ranks. */
  public String table() {
    StringBuilder sb = new StringBuilder();
    sb.append("| policy | metric | simulator | testbed | difference |\n| --- | --- | --- | --- | --- |\n");
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      String name = labels.get(i);
      for (Metric m : METRICS) {
        double s = m.value().applyAsDouble(row.sim());
        double t = m.value().applyAsDouble(row.testbed());
        if (m.name().startsWith("recovery") && scenario.outageLength() == 0) {
          continue;
        }
        sb.append("| `").append(name).append("` | ").append(m.name()).append(" | ").append(format(m, s))
            .append(" | ").append(format(m, t)).append(" | ").append(percent(difference(s, t))).append(" |\n");
      }
    }
    sb.append("\n| rank by (within 5 %: a tie) | simulator | testbed | same |\n| --- | --- | --- | --- |\n");
    for (String metric : List.of("requests at the server", "lost", "p99 completion (ms)")) {
      int[] s = ranks(metric, true);
      int[] t = ranks(metric, false);
      StringBuilder a = new StringBuilder();
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < rows.size(); i++) {
        String sep = i == 0 ? "" : ", ";
        a.append(sep).append(labels.get(i)).append(' ').append(s[i]);
        b.append(sep).append(labels.get(i)).append(' ').append(t[i]);
      }
      sb.append("| ").append(metric).append(" | ").append(a).append(" | ").append(b).append(" | ")
          .append(java.util.Arrays.equals(s, t) ? "yes" : "no").append(" |\n");
    }
    sb.append(String.format(Locale.ROOT, "%nscenario (model units%s): %s; time scale %s (real = model x %s)%n",
        candidates ? "; each candidate has its own strategies, base, cap, max-attempts and policies" : "", scenario,
        timeScale, timeScale));
    return sb.toString();
  }

  private static String format(Metric m, double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    if (m.time()) {
      return String.format(Locale.ROOT, "%.1f", v * 1e3);
    }
    if (m.name().equals("amplification")) {
      return String.format(Locale.ROOT, "%.3fx", v);
    }
    return String.format(Locale.ROOT, "%,.1f", v);
  }

  private static String percent(double d) {
    if (Double.isNaN(d)) {
      return "n/a";
    }
    if (Double.isInfinite(d)) {
      return "∞";
    }
    return String.format(Locale.ROOT, "%+.1f %%", d * 100);
  }
}
