package io.github.backoff.sim.sweep;

import io.github.backoff.sim.run.Seeds;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The client sweeps ({@code occ}, {@code single-server}) as a {@link Study}: points are (strategy, clients), each
 * run yields work, completion and utilisation. Reported by the sweep's own layout ({@link Reports},
 * {@link SummaryTable}). Immutable and thread-safe.
 */
final class SweepStudy implements Study {
  static final List<Metric> METRICS = List.of(
      Metric.stats("work", "", "work: writes sent (occ) or requests sent (single-server)"),
      Metric.stats("completion", "ms", "when the last client learned of its success"),
      Metric.stats("utilisation", "", "the server's busy time over the time to its last service"));

  private final SimulationConfig config;
  private final List<Point> points;
  private final Backoff[] backoffs;
  private final int[] counts;
  private final long[] strategyHashes;

  SweepStudy(SimulationConfig config) {
    this.config = config;
    List<String> strategies = config.strategies();
    List<Integer> clients = config.clients();
    int n = strategies.size() * clients.size();
    backoffs = new Backoff[n];
    counts = new int[n];
    strategyHashes = new long[n];
    List<Point> list = new ArrayList<>(n);
    for (int s = 0; s < strategies.size(); s++) {
      for (int c = 0; c < clients.size(); c++) {
        int p = s * clients.size() + c;
        backoffs[p] = config.backoff(strategies.get(s));
        counts[p] = clients.get(c);
        strategyHashes[p] = strategies.get(s).hashCode();
        list.add(new Point(strategies.get(s), counts[p]));
      }
    }
    points = List.copyOf(list);
  }

  SimulationConfig config() {
    return config;
  }

  @Override
  public String model() {
    return config.model().id();
  }

  @Override
  public List<Metric> metrics() {
    return METRICS;
  }

  @Override
  public String seriesName() {
    return "strategy";
  }

  @Override
  public String xName() {
    return "clients";
  }

  @Override
  public List<Point> points() {
    return points;
  }

  @Override
  public int runs() {
    return config.runs();
  }

  @Override
  public int threads() {
    return config.threads();
  }

  @Override
  public int batch() {
    return 10;
  }

  @Override
  public double cost(int point) {
    return counts[point];
  }

  @Override
  public List<String[]> parameterRows() {
    return List.<String[]>of(new String[] {"config", config.toString()});
  }

  @Override
  public Path out() {
    return config.out();
  }

  @Override
  public Trial newTrial() {
    ClientModel model = config.model().newModel(SimulationConfig.TIME_UNIT.toNanos());
    RunOutcome outcome = new RunOutcome();
    long modelHash = config.model().id().hashCode();
    return (p, r, values, series) -> {
      long seed = Seeds.run(config.seed(), modelHash, strategyHashes[p], counts[p], r);
      model.run(counts[p], backoffs[p], new SplittableRandom(seed), outcome);
      values[0] = outcome.work();
      values[1] = outcome.completion();
      values[2] = outcome.utilisation();
      return outcome.events();
    };
  }

  /** The sweep's results in its own shape. */
  SimulationResult result(Results results) {
    List<PointResult> out = new ArrayList<>(points.size());
    for (int p = 0; p < points.size(); p++) {
      out.add(new PointResult(config.model(), points.get(p).series(), counts[p], config.runs(),
          results.stats(p, 0), results.stats(p, 1), results.stats(p, 2)));
    }
    return new SimulationResult(config, out, results.events(), results.elapsed());
  }

  @Override
  public Reporter reporter() {
    return new Reporter() {
      @Override
      public String summary(Results results) {
        return SummaryTable.format(result(results));
      }

      @Override
      public List<String> files(Results results) {
        return config.model() == ModelKind.SINGLE_SERVER
            ? List.of(Reports.RESULTS_CSV, Reports.UTILISATION_CSV, Reports.WORK_PNG, Reports.COMPLETION_PNG,
                Reports.REPORT_HTML)
            : List.of(Reports.RESULTS_CSV, Reports.WORK_PNG, Reports.COMPLETION_PNG, Reports.REPORT_HTML);
      }

      @Override
      public void write(Results results, Path dir) throws IOException {
        Reports.writeAll(result(results), dir);
      }

      @Override
      public void prepareInBackground() {
        Reports.prepareInBackground();
      }
    };
  }
}
