package io.github.backoff.sim.hedging;

import io.github.backoff.sim.report.MetricReports;
import io.github.backoff.sim.report.Numbers;
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
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The {@code hedging} model as a {@link Study}: points are (mode, load), in order of load then mode; each run
 * simulates {@link HedgingConfig#requests()} requests and yields the latency percentiles, the hedges sent and the
 * extra load. Every mode at a load and run draws the same arrivals and originals' service times (common random
 * numbers), seeded by (seed, load, run) only, so results do not depend on threads. Files come from
 * {@link MetricReports}; the terminal summary is a table per load and the loads where hedging starts to hurt.
 *
 * <p>Immutable and thread-safe.
 */
final class HedgingStudy implements Study {
  private static final long MODEL_HASH = "hedging".hashCode();
  static final List<Metric> METRICS = List.of(
      Metric.stats("latency_p50", "ms", "median latency"),
      Metric.stats("latency_p99", "ms", "99th percentile of latency"),
      Metric.stats("latency_p999", "ms", "99.9th percentile of latency"),
      Metric.stats("hedges", "%", "hedges sent per 100 requests"),
      Metric.stats("extra_load", "%", "server work beyond the originals' service time"));
  private static final int P50 = 0;
  private static final int P99 = 1;
  private static final int P999 = 2;
  private static final int HEDGES = 3;
  private static final int EXTRA = 4;

  private final HedgingConfig config;
  private final List<HedgeMode> modes;
  private final int runs;
  private final int threads;
  private final Path out;
  private final List<Point> points;

  HedgingStudy(HedgingConfig config, List<HedgeMode> modes, int runs, int threads, Path out) {
    this.config = config;
    this.modes = List.copyOf(modes);
    this.runs = runs;
    this.threads = threads;
    this.out = out;
    List<Point> list = new ArrayList<>();
    for (double load : config.loads()) {
      for (HedgeMode mode : modes) {
        list.add(new Point(name(mode), load));
      }
    }
    points = List.copyOf(list);
  }

  static String name(HedgeMode mode) {
    return mode.name().toLowerCase(Locale.ROOT);
  }

  /** The configuration simulated. */
  HedgingConfig config() {
    return config;
  }

  @Override
  public String model() {
    return "hedging";
  }

  @Override
  public List<Metric> metrics() {
    return METRICS;
  }

  @Override
  public String seriesName() {
    return "mode";
  }

  @Override
  public String xName() {
    return "load";
  }

  @Override
  public List<Point> points() {
    return points;
  }

  @Override
  public int runs() {
    return runs;
  }

  @Override
  public int threads() {
    return threads;
  }

  @Override
  public double cost(int point) {
    return points.get(point).x(); // busier points have more events; start them first
  }

  @Override
  public List<String[]> parameterRows() {
    LatencyDistribution x = config.latency();
    return List.of(
        new String[] {"service", String.format(Locale.ROOT, "M/G/%d: one FIFO queue, Poisson arrivals",
            config.servers())},
        new String[] {"attempt time", String.format(Locale.ROOT,
            "lognormal, median %s ms, sigma %s; %s%% of attempts %s times slower (mean %.2f ms, p95 %.2f ms)",
            Numbers.plain(x.medianMs()), Numbers.plain(x.sigma()), Numbers.plain(x.slowShare() * 100),
            Numbers.plain(x.slowFactor()), x.mean(), x.quantile(0.95))},
        new String[] {"loads", String.join(",", config.loads().stream().map(Numbers::plain).toList())},
        new String[] {"modes", String.join(",", modes.stream().map(HedgingStudy::name).toList())},
        new String[] {"requests per run", config.requests() + " (the first tenth not measured)"},
        new String[] {"hedge delay (fixed; initial for percentile)",
            String.format(Locale.ROOT, "%.2f ms", config.fixedDelayMs())},
        new String[] {"hedge percentile", Numbers.plain(config.percentile()) + " of the last "
            + Numbers.plain(config.windowMs() / 1000) + " s"},
        new String[] {"max hedges", Integer.toString(config.maxHedges())},
        new String[] {"budget (mode budgeted)", Numbers.plain(config.budgetPercent()) + "% of requests"},
        new String[] {"server cancels losers", config.serverCancels() ? "yes" : "no"},
        new String[] {"seed", Long.toString(config.seed())});
  }

  @Override
  public Path out() {
    return out;
  }

  @Override
  public Trial newTrial() {
    return (p, r, values, series) -> {
      Point point = points.get(p);
      HedgeMode mode = modes.get(p % modes.size());
      int loadKey = (int) Math.round(point.x() * 1_000_000);
      HedgingEngine model = new HedgingEngine(config, mode, point.x(),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, "arrivals".hashCode(), loadKey, r)),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, "service".hashCode(), loadKey, r)),
          new SplittableRandom(Seeds.run(config.seed(), MODEL_HASH, "hedges".hashCode(), loadKey, r)));
      HedgingPoint result = model.run();
      values[P50] = result.p50();
      values[P99] = result.p99();
      values[P999] = result.p999();
      values[HEDGES] = result.hedgeRate() * 100;
      values[EXTRA] = result.extraLoad() * 100;
      return model.events();
    };
  }

  @Override
  public Reporter reporter() {
    return new Reporter() {
      @Override
      public String summary(Results results) {
        return table(results);
      }

      @Override
      public List<String> files(Results results) {
        return MetricReports.INSTANCE.files(results);
      }

      @Override
      public void write(Results results, Path dir) throws IOException {
        MetricReports.INSTANCE.write(results, dir);
      }

      @Override
      public void prepareInBackground() {
        MetricReports.INSTANCE.prepareInBackground();
      }
    };
  }

  /**
   * The terminal summary: the zero-load formula, then per load p50 / p99 / p99.9 of each mode (and for hedging
   * modes hedges and extra load per 100 requests), means over the runs; then where each mode first raises the p99
   * above no hedging.
   */
  String table(Results results) {
    LatencyDistribution x = config.latency();
    double d = config.fixedDelayMs();
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "model hedging: M/G/%d, attempts lognormal(median %s ms, sigma %s), %s%% of "
            + "them x%s; hedge delay %.2f ms, percentile p%s, max hedges %d, budget %s%%, server cancels: %s%n",
        config.servers(), Numbers.plain(x.medianMs()), Numbers.plain(x.sigma()), Numbers.plain(x.slowShare() * 100),
        Numbers.plain(x.slowFactor()), d, Numbers.plain(config.percentile()), config.maxHedges(),
        Numbers.plain(config.budgetPercent()), config.serverCancels() ? "yes" : "no"));
    double hedged = HedgingFormula.quantile(x, d, 0.99);
    sb.append(String.format(Locale.ROOT, "zero-load formula (one hedge): p99 %.2f ms unhedged, %.2f ms hedged after "
        + "%.2f ms (factor %.2f)%n", x.quantile(0.99), hedged, d, x.quantile(0.99) / hedged));
    sb.append(String.format(Locale.ROOT, "p50 / p99 / p99.9 in ms, mean of %d runs of %,d requests; for hedging also "
        + "hedges per 100 requests and extra load in %%%n", runs, config.requests()));
    sb.append(String.format(Locale.ROOT, "%5s", "load"));
    for (HedgeMode mode : modes) {
      sb.append(String.format(Locale.ROOT, mode == HedgeMode.NONE ? " | %-25s" : " | %-40s", name(mode)));
    }
    sb.setLength(sb.toString().stripTrailing().length());
    sb.append('\n');
    for (int l = 0; l < config.loads().size(); l++) {
      sb.append(String.format(Locale.ROOT, "%5.2f", config.loads().get(l)));
      for (int m = 0; m < modes.size(); m++) {
        int p = l * modes.size() + m;
        sb.append(String.format(Locale.ROOT, " | %7.1f %7.1f %9.1f", mean(results, p, P50), mean(results, p, P99),
            mean(results, p, P999)));
        if (modes.get(m) != HedgeMode.NONE) {
          sb.append(String.format(Locale.ROOT, " %6.1f %+7.1f", mean(results, p, HEDGES), mean(results, p, EXTRA)));
        }
      }
      sb.append('\n');
    }
    int none = modes.indexOf(HedgeMode.NONE);
    if (none >= 0) {
      for (int m = 0; m < modes.size(); m++) {
        if (m == none) {
          continue;
        }
        String from = "never";
        for (int l = 0; l < config.loads().size(); l++) {
          if (mean(results, l * modes.size() + m, P99) > mean(results, l * modes.size() + none, P99)) {
            from = "from load " + Numbers.plain(config.loads().get(l));
            break;
          }
        }
        sb.append(name(modes.get(m))).append(" hedging raises the p99 above no hedging: ").append(from).append('\n');
      }
    }
    return sb.toString();
  }

  private static double mean(Results results, int point, int metric) {
    return results.stats(point, metric).mean();
  }
}
