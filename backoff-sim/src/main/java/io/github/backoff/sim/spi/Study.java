package io.github.backoff.sim.spi;

import java.nio.file.Path;
import java.util.List;

/**
 * A configured simulation of one model: what to run (the points, the runs per point, the metrics each run
 * yields) and how (a per-thread {@link Trial}), plus where and how to report. The one runner
 * ({@code io.github.backoff.sim.run.Runner}) takes care of threads, progress and determinism for every model.
 *
 * <p>Implementations are immutable and thread-safe ({@link #newTrial()} is called once per worker thread).
 *
 * <pre>{@code
 * Study study = registry.get("occ").study(Settings.of(Map.of("clients", "10,20")), StrategyLookup.NONE);
 * Results results = Runner.run(study, ProgressListener.NONE);
 * }</pre>
 */
public interface Study {
  /** The model's name, as registered. */
  String model();

  /** What each run yields, in the order the trial fills them. */
  List<Metric> metrics();

  /** What the series are called in reports: {@code strategy}, {@code policy}, ... */
  String seriesName();

  /** The x-axis parameter's name ({@code clients}, {@code load}); {@code null} if the points have none. */
  String xName();

  /** The points, in report order. */
  List<Point> points();

  /** Runs per point. */
  int runs();

  /** Worker threads; they never change the results. */
  int threads();

  /** The number of time buckets of each {@link Metric.Aggregation#SERIES_MEAN} metric (0 if none). */
  default int buckets() {
    return 0;
  }

  /** Runs handed to a thread at a time: more amortises the hand-out, fewer balances the threads. */
  default int batch() {
    return 1;
  }

  /** A relative cost of the runs of {@code point}: the runner starts the costly ones first. */
  default double cost(int point) {
    return 0;
  }

  /** The parameters as (name, value) rows for reports, in order. */
  List<String[]> parameterRows();

  /** The reports' directory. */
  Path out();

  /** A trial for one worker thread. */
  Trial newTrial();

  /** How this study is reported. */
  Reporter reporter();
}
