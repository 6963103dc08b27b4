package io.github.backoff.sim.hedging;

import io.github.backoff.sim.StudyConfig;
import io.github.backoff.sim.internal.Checks;
import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Parameter.Kind;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code hedging} model as a registered model ({@code backoff simulate --model hedging}): its parameters are
 * the {@link HedgingConfig} settings plus the modes to compare; its series are the {@link HedgeMode}s and its x-axis
 * the load. Reported by the generic report layer from its metrics (p50, p99, p99.9 latency, hedges and extra load
 * per 100 requests), with its own terminal table.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Study study = HedgingSimModel.INSTANCE.study(
 *     Settings.of(Map.of("load", "0.3,0.9", "max-hedges", "2")), StrategyLookup.NONE);
 * }</pre>
 */
public final class HedgingSimModel implements Model {
  /** The one instance. */
  public static final HedgingSimModel INSTANCE = new HedgingSimModel();
  /** Runs per point when {@code --runs} is not given. */
  public static final int DEFAULT_RUNS = 3;
  private static final List<Parameter> PARAMETERS = List.of(
      new Parameter("load", "LIST", "hedging: offered loads without hedging (utilisation), comma-separated, each in "
          + "(0, 1). Default 0.1,0.3,0.5,0.6,0.65,0.7,0.75,0.8,0.9.", Kind.TEXT),
      new Parameter("modes", "LIST", "hedging: client behaviours to compare: none, fixed, percentile, budgeted. "
          + "Default: all four.", Kind.TEXT),
      new Parameter("servers", "N", "hedging: servers sharing one FIFO queue. Default 16.", Kind.INTEGER),
      new Parameter("requests", "N", "hedging: requests per run, the first tenth not measured. Default 100000.",
          Kind.INTEGER),
      new Parameter("hedge-delay", "D", "hedging: the fixed hedging delay (a duration), also the percentile "
          + "modes' initial delay. Default 25.48ms, the p95 of an attempt.", Kind.MILLIS),
      new Parameter("hedge-percentile", "P", "hedging: percentile of recent latencies after which the percentile "
          + "modes hedge, in (0, 100). Default 95.", Kind.NUMBER),
      new Parameter("max-hedges", "N", "hedging: hedges per request at most, each a delay after the previous "
          + "attempt, 0 to 10. Default 1.", Kind.INTEGER),
      new Parameter("hedge-budget", "PCT", "hedging: mode budgeted caps hedges at this percentage of the requests, "
          + "0 to 100. Default 10.", Kind.NUMBER),
      new Parameter("server-cancels", "", "hedging: the service drops cancelled attempts (queued or running) "
          + "instead of serving them to the end.", Kind.FLAG));

  private HedgingSimModel() {}

  @Override
  public String name() {
    return "hedging";
  }

  @Override
  public String description() {
    return "hedged requests to k servers with a slow tail under Poisson load: latency percentiles and extra load";
  }

  @Override
  public List<Parameter> parameters() {
    return PARAMETERS;
  }

  @Override
  public Study study(Settings settings, StrategyLookup strategies) {
    for (String option : List.of("strategies", "base", "cap")) {
      if (settings.has(option)) {
        throw new IllegalArgumentException(option + ": does not apply to --model hedging (its series are --modes)");
      }
    }
    HedgingConfig config = config(settings);
    List<HedgeMode> modes = modes(settings.text("modes").orElse("none,fixed,percentile,budgeted"));
    int runs = Checks.inRange(settings.integer("runs").orElse(DEFAULT_RUNS), 1, 1_000_000, "runs");
    int threads = Checks.inRange(settings.integer("threads").orElse(Runtime.getRuntime().availableProcessors()), 1,
        StudyConfig.MAX_THREADS, "threads");
    Path out = Path.of(settings.text("out").orElse("simulation"));
    return new HedgingStudy(config, modes, runs, threads, out);
  }

  /** The configuration the options describe; every message starts with the option's name. */
  static HedgingConfig config(Settings s) {
    HedgingConfig d = HedgingConfig.defaults();
    long seed = s.longValue("seed").orElse(d.seed());
    List<Double> loads = s.text("load").map(HedgingSimModel::loads).orElse(d.loads());
    int servers = Checks.inRange(s.integer("servers").orElse(d.servers()), 1, 100_000, "servers");
    int requests = Checks.inRange(s.integer("requests").orElse(d.requests()), 100, 10_000_000, "requests");
    double delay = s.millis("hedge-delay").orElse(d.fixedDelayMs());
    check(delay >= 0 && delay <= 3_600_000, "hedge-delay", "must be in [0, 3600000] ms", delay);
    double percentile = s.number("hedge-percentile").orElse(d.percentile());
    check(percentile > 0 && percentile < 100, "hedge-percentile", "must be in (0, 100)", percentile);
    int maxHedges = Checks.inRange(s.integer("max-hedges").orElse(d.maxHedges()), 0, 10, "max-hedges");
    double budget = s.number("hedge-budget").orElse(d.budgetPercent());
    check(budget >= 0 && budget <= 100, "hedge-budget", "must be in [0, 100]", budget);
    return new HedgingConfig(servers, d.latency(), loads, requests, delay, percentile, d.windowMs(), budget,
        maxHedges, s.flag("server-cancels"), seed);
  }

  private static void check(boolean ok, String option, String rule, Object value) {
    if (!ok) {
      throw new IllegalArgumentException(option + ": " + rule + ": " + value);
    }
  }

  private static List<Double> loads(String list) {
    List<Double> loads = new ArrayList<>();
    for (String item : Checks.split(list)) {
      double load;
      try {
        load = Double.parseDouble(item);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("load: not a number: '" + item + "'");
      }
      check(load > 0 && load < 1, "load", "each must be in (0, 1)", item);
      if (loads.contains(load)) {
        throw new IllegalArgumentException("load: given twice: " + item);
      }
      loads.add(load);
    }
    return loads;
  }

  private static List<HedgeMode> modes(String list) {
    List<HedgeMode> modes = new ArrayList<>();
    for (String item : Checks.split(list)) {
      String name = item.toLowerCase(Locale.ROOT);
      HedgeMode mode = null;
      for (HedgeMode m : HedgeMode.values()) {
        if (m.name().toLowerCase(Locale.ROOT).equals(name)) {
          mode = m;
        }
      }
      if (mode == null) {
        throw new IllegalArgumentException("modes: unknown mode '" + item
            + "' (known: none, fixed, percentile, budgeted)");
      }
      if (modes.contains(mode)) {
        throw new IllegalArgumentException("modes: given twice: " + name);
      }
      modes.add(mode);
    }
    return modes;
  }
}
