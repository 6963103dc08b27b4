package io.github.backoff.sim.advise;

import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.run.Runner;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import java.nio.file.Path;
import java.util.List;

/**
 * One batch of the search as a {@link Study}, so the simulator's one {@link Runner} runs it: points are candidates,
 * runs are seed indices {@code first..first+reps-1}. It writes no report. Immutable and thread-safe.
 */
final class RoundStudy implements Study {
  private final Evaluator evaluator;
  private final List<Candidate> candidates;
  private final List<Point> points;
  private final List<Metric> metrics;
  private final int first;
  private final int reps;
  private final int threads;

  private RoundStudy(Evaluator evaluator, List<Candidate> candidates, int first, int reps, int threads) {
    this.evaluator = evaluator;
    this.candidates = List.copyOf(candidates);
    this.points = candidates.stream().map(c -> new Point(c.label().replace(',', ';'), Double.NaN)).toList();
    this.metrics = evaluator.metrics().list().stream().map(m -> Metric.stats(m.name(), "", m.description()))
        .toList();
    this.first = first;
    this.reps = reps;
    this.threads = threads;
  }

  /** Runs {@code candidates} on seeds {@code first..first+reps-1}: {@code values[candidate][metric][r]}. */
  static double[][][] run(Evaluator evaluator, List<Candidate> candidates, int first, int reps, int threads,
      ProgressListener progress) {
    RoundStudy study = new RoundStudy(evaluator, candidates, first, reps, threads);
    Results results = Runner.run(study, progress);
    double[][][] v = new double[candidates.size()][study.metrics.size()][];
    for (int p = 0; p < v.length; p++) {
      for (int m = 0; m < v[p].length; m++) {
        v[p][m] = results.runs(p, m);
      }
    }
    return v;
  }

  @Override
  public String model() {
    return "advise";
  }

  @Override
  public List<Metric> metrics() {
    return metrics;
  }

  @Override
  public String seriesName() {
    return "candidate";
  }

  @Override
  public String xName() {
    return null;
  }

  @Override
  public List<Point> points() {
    return points;
  }

  @Override
  public int runs() {
    return reps;
  }

  @Override
  public int threads() {
    return threads;
  }

  @Override
  public List<String[]> parameterRows() {
    return List.of();
  }

  @Override
  public Path out() {
    return Path.of(".");
  }

  @Override
  public Trial newTrial() {
    return evaluator.newTrial(candidates, first);
  }

  @Override
  public Reporter reporter() {
    throw new UnsupportedOperationException("a search round writes no report");
  }
}
