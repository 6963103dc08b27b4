package io.github.backoff.sim;

import io.github.backoff.sim.internal.Checks;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The settings every model's configuration shares: the strategies (the study's five for a base and a cap, plus
 * registered ones), runs, seed, threads and the output directory. {@code SimulationConfig} (occ, single-server) and
 * {@code OverloadConfig} extend it, so these settings are validated, defaulted and shown in one place.
 *
 * <p>Immutable and thread-safe; builders are not thread-safe.
 *
 * <pre>{@code
 * StudyConfig config = SimulationConfig.builder().base(20).cap(2000).runs(20).build();
 * Backoff fullJitter = config.backoff("full-jitter"); // first wait U(0, 20 ms)
 * String shown = config.baseAndCap(); // "20 ms, 2000 ms"
 * }</pre>
 */
public abstract class StudyConfig {
  /** One millisecond: base and cap are given in milliseconds of core delay, in every model. */
  public static final Duration MILLI = Duration.ofMillis(1);
  /** The default seed. */
  public static final long DEFAULT_SEED = 42;
  /** The default output directory. */
  public static final Path DEFAULT_OUT = Path.of("simulation");
  /** The most threads accepted. */
  public static final int MAX_THREADS = 1024;

  private final List<String> strategies;
  private final int runs;
  private final long seed;
  private final int threads;
  private final double base;
  private final double decorrelatedBase;
  private final double cap;
  private final String baseGiven;
  private final String capGiven;
  private final Path out;
  private final StrategyRegistry registry;

  /**
   * Checks the shared settings and resolves the strategies.
   *
   * @throws IllegalArgumentException if {@code cap < base} or a strategy is neither a study name nor registered
   */
  protected StudyConfig(Builder<?> b) {
    strategies = b.strategies;
    runs = b.runs;
    seed = b.seed;
    threads = b.threads;
    base = b.base;
    decorrelatedBase = b.baseSet ? b.base : b.base / 2;
    cap = b.cap;
    baseGiven = b.baseGiven;
    capGiven = b.capGiven;
    out = b.out;
    if (cap < base) {
      throw new IllegalArgumentException("cap: must be >= base: " + format(cap) + " < " + format(base));
    }
    StrategyRegistry r = StrategyRegistry.study(millis(base), millis(decorrelatedBase), millis(cap));
    for (Map.Entry<String, Backoff> e : b.registered.entrySet()) {
      r = r.with(e.getKey(), e.getValue());
    }
    for (String name : strategies) {
      r.get(name); // throws naming the unknown strategy
    }
    registry = r;
  }

  /** The strategy names, in the order given, without repeats. */
  public List<String> strategies() {
    return strategies;
  }

  /** Runs per point. */
  public int runs() {
    return runs;
  }

  /** The seed every run's random generators derive from. */
  public long seed() {
    return seed;
  }

  /** Worker threads; they do not change the results. */
  public int threads() {
    return threads;
  }

  /** The strategies' base, their first wait, in milliseconds of core delay. */
  public double base() {
    return base;
  }

  /**
   * The least wait of {@code decorrelated-jitter}, in milliseconds: the base when one was set, else half the
   * model's default base, the study's own convention (its code wrote 5 ms and doubled it before the first
   * exponential wait), so that the default run reproduces the study's figures.
   */
  public double decorrelatedBase() {
    return decorrelatedBase;
  }

  /** The study strategies' cap, in milliseconds of core delay. */
  public double cap() {
    return cap;
  }

  /**
   * Base and cap as the user gave them, for reports: {@code 10 ms, 2 s} after {@code --base 10ms --cap 2s}; by
   * default {@code 10 ms (decorrelated-jitter 5 ms, the study's), 2000 ms}.
   */
  public String baseAndCap() {
    String decorrelated = decorrelatedBase == base || !strategies.contains("decorrelated-jitter") ? ""
        : " (decorrelated-jitter " + format(decorrelatedBase) + " ms, the study's)";
    return shown(baseGiven, base) + decorrelated + ", " + shown(capGiven, cap);
  }

  /** The directory the reports are written into. */
  public Path out() {
    return out;
  }

  /** The strategies by name: the study's five for this base and cap, plus the registered ones. */
  public StrategyRegistry registry() {
    return registry;
  }

  /** The core strategy the simulator evaluates for {@code name}. */
  public Backoff backoff(String name) {
    return registry.get(name);
  }

  /** {@code millis} milliseconds as a core duration, rounded to the nanosecond. */
  public static Duration millis(double millis) {
    return Duration.ofNanos(Math.round(millis * MILLI.toNanos()));
  }

  /** A number as written: whole numbers without a fraction. */
  protected static String format(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  /** {@code 10ms} as {@code 10 ms}; the value itself, in milliseconds, if nothing was given. */
  private static String shown(String given, double millis) {
    String text = given == null ? format(millis) : given.strip();
    if (text.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+")) {
      return text + " ms";
    }
    return text.replaceFirst("^([0-9.]+)\\s*([a-zA-Zµ]+)$", "$1 $2");
  }

  /**
   * The shared part of a configuration's builder; each setter validates its argument at once. Not thread-safe.
   *
   * <pre>{@code
   * SimulationConfig.Builder b = SimulationConfig.builder().runs(20).seed(7).strategies("none,full-jitter");
   * }</pre>
   *
   * @param <B> the concrete builder, returned by every setter
   */
  public abstract static class Builder<B extends Builder<B>> {
    private final int maxRuns;
    private List<String> strategies;
    private int runs;
    private long seed = DEFAULT_SEED;
    private int threads = Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
    private double base;
    private boolean baseSet;
    private double cap;
    private String baseGiven;
    private String capGiven;
    private Path out = DEFAULT_OUT;
    private final Map<String, Backoff> registered = new LinkedHashMap<>();

    /** A builder with a model's defaults. */
    protected Builder(List<String> strategies, int runs, int maxRuns, double base, double cap) {
      this.strategies = strategies;
      this.runs = runs;
      this.maxRuns = maxRuns;
      this.base = base;
      this.cap = cap;
    }

    /** This builder, as its concrete type. */
    protected abstract B self();

    /**
     * The strategy names to simulate, in order; each must be a study name or {@link #register registered}
     * (checked by {@code build()}).
     *
     * @throws IllegalArgumentException if the list is empty, a name is blank or has a comma, or a name repeats
     */
    public B strategies(List<String> names) {
      this.strategies = Checks.names(names, "strategies", StrategyRegistry::checkName);
      return self();
    }

    /**
     * The strategy names as a comma-separated list, such as {@code none,full-jitter}; spaces around names are
     * ignored.
     *
     * @throws IllegalArgumentException as {@link #strategies(List)}
     */
    public B strategies(String commaSeparated) {
      return strategies(Checks.split(Objects.requireNonNull(commaSeparated, "strategies")));
    }

    /**
     * Makes {@code backoff} available as {@code name} (replacing a study strategy of that name). Registering does
     * not select it: list it in {@link #strategies}.
     *
     * @throws IllegalArgumentException if the name is blank or has a comma, quote or line break
     */
    public B register(String name, Backoff backoff) {
      StrategyRegistry.checkName(name);
      registered.put(name, Objects.requireNonNull(backoff, "backoff"));
      return self();
    }

    /**
     * Runs per point.
     *
     * @throws IllegalArgumentException if {@code runs} is below 1 or above the model's maximum
     */
    public B runs(int runs) {
      this.runs = Checks.inRange(runs, 1, maxRuns, "runs");
      return self();
    }

    /** The seed; any value. */
    public B seed(long seed) {
      this.seed = seed;
      return self();
    }

    /**
     * Worker threads (default: the available processors).
     *
     * @throws IllegalArgumentException if {@code threads} is not in {@code [1, 1024]}
     */
    public B threads(int threads) {
      this.threads = Checks.inRange(threads, 1, MAX_THREADS, "threads");
      return self();
    }

    /**
     * The strategies' base, their first wait, in milliseconds ({@code decorrelated-jitter}'s least wait).
     *
     * @throws IllegalArgumentException if {@code base} is negative, NaN or infinite
     */
    public B base(double millis) {
      this.base = Checks.units(millis, "base");
      this.baseSet = true;
      this.baseGiven = null;
      return self();
    }

    /**
     * The base as the user gave it ({@code 10ms}, {@code 0.5s}), for reports, with its value in milliseconds.
     *
     * @throws IllegalArgumentException as {@link #base(double)}
     */
    public B base(double millis, String given) {
      base(millis);
      this.baseGiven = given;
      return self();
    }

    /**
     * The study strategies' cap, in milliseconds; {@code build()} checks {@code cap >= base}.
     *
     * @throws IllegalArgumentException if {@code cap} is negative, NaN or infinite
     */
    public B cap(double millis) {
      this.cap = Checks.units(millis, "cap");
      this.capGiven = null;
      return self();
    }

    /**
     * The cap as the user gave it, for reports, with its value in milliseconds.
     *
     * @throws IllegalArgumentException as {@link #cap(double)}
     */
    public B cap(double millis, String given) {
      cap(millis);
      this.capGiven = given;
      return self();
    }

    /** The directory for the reports; created if missing. */
    public B out(Path out) {
      this.out = Objects.requireNonNull(out, "out");
      return self();
    }

    /**
     * The common options of a command line ({@link Settings#COMMON}): those given replace the defaults; base and
     * cap keep the text the user gave ({@link Settings#given}) for reports; strategy names that are not study
     * names are looked up in {@code lookup} with this base and cap.
     *
     * @throws IllegalArgumentException naming the option if a value is invalid
     */
    public B common(Settings settings, StrategyLookup lookup) {
      settings.millis("base").ifPresent(v -> base(v, settings.given("base")));
      settings.millis("cap").ifPresent(v -> cap(v, settings.given("cap")));
      settings.longValue("seed").ifPresent(this::seed);
      settings.text("out").map(Path::of).ifPresent(this::out);
      settings.integer("runs").ifPresent(this::runs);
      settings.integer("threads").ifPresent(this::threads);
      settings.text("strategies").ifPresent(list -> {
        StrategyRegistry.registerExtras(list, base, cap, lookup, this::register);
        strategies(list);
      });
      return self();
    }
  }
}
