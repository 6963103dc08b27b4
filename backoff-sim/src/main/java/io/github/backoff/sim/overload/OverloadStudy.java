package io.github.backoff.sim.overload;

import io.github.backoff.sim.run.Seeds;
import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Point;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.spi.Trial;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@code overload} model as a {@link Study}: points are (policy, strategy); each run yields its totals and,
 * per one-second bucket, the {@link OverloadMetric} series. Reported by its own layout ({@link OverloadReports}).
 * Immutable and thread-safe.
 */
final class OverloadStudy implements Study {
  private static final long MODEL_HASH = "overload".hashCode();
  /** The per-run totals, in the order of {@link OverloadRun}'s components after {@code run}. */
  static final List<Metric> TOTALS = List.of(
      Metric.stats("requests", "", "requests that arrived before the horizon"),
      Metric.stats("attempts", "", "attempts sent, first attempts included"),
      Metric.stats("retries", "", "retries sent"),
      Metric.stats("successes", "", "requests that succeeded"),
      Metric.stats("timeouts", "", "attempts that timed out at the client"),
      Metric.stats("rejected", "", "attempts rejected because the queue was full"),
      Metric.stats("lost", "", "requests given up"),
      Metric.stats("budget_denied", "", "requests whose retry the budget denied"),
      Metric.stats("wasted", "", "services completed for clients that had given up"),
      Metric.stats("max_queue", "", "the longest the queue got"),
      Metric.stats("recovery", "s", "seconds from the end of the outage until goodput is back"),
      Metric.stats("events", "", "engine events processed"),
      Metric.stats("throttled", "", "attempts the throttling server rejected"),
      Metric.stats("limiter_wait", "s", "the rate limiter's waits, added up"),
      Metric.stats("limiter_wait_max", "s", "the longest wait for the rate limiter"),
      Metric.stats("limiter_gave_up", "", "requests given up: the limiter's token was due after the timeout"),
      Metric.stats("latency_mean", "s", "mean latency of the successful requests"),
      Metric.stats("latency_p50", "s", "median latency of the successful requests"),
      Metric.stats("latency_p99", "s", "99th percentile latency of the successful requests"));
  /** Of {@link #TOTALS}, how many make an {@link OverloadRun}; the rest make an {@link OverloadLatency}. */
  private static final int RUN_TOTALS = 12;
  static final List<Metric> METRICS;

  static {
    List<Metric> all = new ArrayList<>(TOTALS);
    for (OverloadMetric m : OverloadMetric.values()) {
      all.add(Metric.series(m.column(), "", m.name().toLowerCase(java.util.Locale.ROOT)));
    }
    METRICS = List.copyOf(all);
  }

  private final OverloadConfig config;
  private final List<Point> points;

  OverloadStudy(OverloadConfig config) {
    this.config = config;
    List<Point> list = new ArrayList<>();
    for (OverloadPolicy policy : config.policies()) {
      for (String strategy : config.strategies()) {
        list.add(new Point(policy.name() + "/" + strategy, Double.NaN));
      }
    }
    points = List.copyOf(list);
  }

  @Override
  public String model() {
    return "overload";
  }

  @Override
  public List<Metric> metrics() {
    return METRICS;
  }

  @Override
  public String seriesName() {
    return "policy";
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
    return config.runs();
  }

  @Override
  public int threads() {
    return config.threads();
  }

  @Override
  public int buckets() {
    return config.horizon();
  }

  @Override
  public List<String[]> parameterRows() {
    return List.<String[]>of(new String[] {"config", config.toString()});
  }

  @Override
  public Path out() {
    return config.out();
  }

  private OverloadPolicy policy(int p) {
    return config.policies().get(p / config.strategies().size());
  }

  private String strategy(int p) {
    return config.strategies().get(p % config.strategies().size());
  }

  @Override
  public Trial newTrial() {
    OverloadModel model = new OverloadModel(config.rate(), config.capacity(), config.queue(), config.timeout(),
        config.outageStart(), config.outageLength(), config.outageCapacity(), config.horizon(),
        config.dropExpired(), OverloadConfig.NANOS_PER_UNIT, config.throttleRate());
    OverloadOutcome o = new OverloadOutcome();
    int totals = TOTALS.size();
    int buckets = config.horizon();
    return (p, r, values, series) -> {
      OverloadPolicy policy = policy(p);
      String strategy = strategy(p);
      long runHash = points.get(p).series().hashCode(); // "policy/strategy"
      model.run(config.backoff(strategy), policy.attempts(config.maxAttempts()), policy.budget(), policy.rateLimiter(),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, "arrivals".hashCode(), 0, r)),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, "service".hashCode(), 0, r)),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, runHash, 0, r)), o);
      values[0] = o.requests();
      values[1] = o.attempts();
      values[2] = o.retries();
      values[3] = o.successes();
      values[4] = o.timeouts();
      values[5] = o.rejected();
      values[6] = o.lost();
      values[7] = o.budgetDenied();
      values[8] = o.wasted();
      values[9] = o.maxQueue();
      values[10] = o.recovery();
      values[11] = o.events();
      values[12] = o.throttled();
      values[13] = o.limiterWait();
      values[14] = o.limiterWaitMax();
      values[15] = o.limiterGaveUp();
      values[16] = o.latencyMean();
      values[17] = o.latencyP50();
      values[18] = o.latencyP99();
      for (int m = 0; m < OverloadMetric.values().length; m++) {
        float[] s = series[totals + m];
        for (int b = 0; b < buckets; b++) {
          s[b] = (float) o.value(m, b);
        }
      }
      return o.events();
    };
  }

  /** The results in the overload model's own shape. */
  OverloadResult result(Results results) {
    int metrics = OverloadMetric.values().length;
    int totals = TOTALS.size();
    List<OverloadPoint> out = new ArrayList<>(points.size());
    for (int p = 0; p < points.size(); p++) {
      List<OverloadRun> runs = new ArrayList<>(config.runs());
      List<OverloadLatency> latency = new ArrayList<>(config.runs());
      double[][] v = new double[totals][];
      for (int k = 0; k < totals; k++) {
        v[k] = results.runs(p, k);
      }
      for (int r = 0; r < config.runs(); r++) {
        runs.add(new OverloadRun(r, (long) v[0][r], (long) v[1][r], (long) v[2][r], (long) v[3][r],
            (long) v[4][r], (long) v[5][r], (long) v[6][r], (long) v[7][r], (long) v[8][r], (int) v[9][r],
            v[10][r], (long) v[11][r]));
        int l = RUN_TOTALS;
        latency.add(new OverloadLatency(r, (long) v[l][r], v[l + 1][r], v[l + 2][r], (long) v[l + 3][r],
            v[l + 4][r], v[l + 5][r], v[l + 6][r]));
      }
      double[][] means = new double[metrics][];
      for (int m = 0; m < metrics; m++) {
        means[m] = results.series(p, totals + m);
      }
      out.add(new OverloadPoint(policy(p), strategy(p), runs, latency, means));
    }
    return new OverloadResult(config, out, results.events(), results.elapsed());
  }

  @Override
  public Reporter reporter() {
    return new Reporter() {
      @Override
      public String summary(Results results) {
        return OverloadReports.summary(result(results));
      }

      @Override
      public List<String> files(Results results) {
        return List.of(OverloadReports.TIMESERIES_CSV, OverloadReports.SUMMARY_CSV, OverloadReports.RUNS_CSV,
            OverloadReports.LATENCY_CSV, OverloadReports.GOODPUT_PNG, OverloadReports.PANELS_PNG,
            OverloadReports.REPORT_HTML);
      }

      @Override
      public void write(Results results, Path dir) throws IOException {
        OverloadReports.writeAll(result(results), dir);
      }
    };
  }
}
