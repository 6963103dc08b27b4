package io.github.backoff.sim.sweep;

import io.github.backoff.sim.ClientCounts;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.sim.internal.Checks;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.strategy.Backoff;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to simulate: the model, the client counts, the strategies, how many runs per point, the seed, the number of
 * threads, the study strategies' base and cap, and where to write the reports. The defaults are the study's sweep:
 * model {@code occ}, clients {@code 10..190:10}, the five study strategies, 100 runs, base 5, cap 2000.
 *
 * <p><b>Time unit.</b> The models measure time in units of {@link #TIME_UNIT} (1 ms): a network hop averages 10
 * units, and a core {@link Backoff} delay of {@code d} nanoseconds lasts {@code d / 1_000_000} units. So base 5 is
 * {@code Duration.ofMillis(5)} to the core strategies, and a preset written in real durations (say 100 ms) means
 * 100 units here. Working in core nanoseconds keeps jitter at full resolution.
 *
 * <p>Every setter validates at once and throws {@link IllegalArgumentException} with a one-line message that
 * starts with the parameter's name ({@code "runs: must be >= 1: 0"}), so a command line can print it as is;
 * {@link Builder#build()} checks what depends on several settings (cap against base, unknown strategy names).
 * Immutable and thread-safe; the builder is not thread-safe.
 *
 * <pre>{@code
 * SimulationConfig config = SimulationConfig.builder()
 *     .model("single-server")
 *     .clients("10..100:10")
 *     .strategies("none,full-jitter,my-preset")
 *     .register("my-preset", Backoff.exponential(Duration.ofMillis(10)).withCap(Duration.ofSeconds(1)))
 *     .runs(50)
 *     .seed(7)
 *     .out(Path.of("sim-out"))
 *     .build();
 * }</pre>
 */
public final class SimulationConfig {
  /** One simulated time unit, in core durations: 1 ms. */
  public static final Duration TIME_UNIT = Duration.ofMillis(1);
  /** The default client counts: the study's sweep. */
  public static final String DEFAULT_CLIENTS = "10..190:10";
  /** The default number of runs per point. */
  public static final int DEFAULT_RUNS = 100;
  /** The default seed. */
  public static final long DEFAULT_SEED = 42;
  /** The default base, in time units. */
  public static final double DEFAULT_BASE = 5;
  /** The default cap, in time units. */
  public static final double DEFAULT_CAP = 2000;
  /** The default output directory. */
  public static final Path DEFAULT_OUT = Path.of("simulation");
  /** The most threads accepted. */
  public static final int MAX_THREADS = 1024;
  /** The most runs per point accepted (each run keeps 24 bytes of results until the sweep ends). */
  public static final int MAX_RUNS = 100_000;

  private final ModelKind model;
  private final List<Integer> clients;
  private final List<String> strategies;
  private final int runs;
  private final long seed;
  private final int threads;
  private final double base;
  private final double cap;
  private final Path out;
  private final StrategyRegistry registry;

  private SimulationConfig(Builder b) {
    this.model = b.model;
    this.clients = b.clients;
    this.strategies = b.strategies;
    this.runs = b.runs;
    this.seed = b.seed;
    this.threads = b.threads;
    this.base = b.base;
    this.cap = b.cap;
    this.out = b.out;
    if (cap < base) {
      throw new IllegalArgumentException("cap: must be >= base: " + format(cap) + " < " + format(base));
    }
    StrategyRegistry r = StrategyRegistry.study(units(base), units(cap));
    for (Map.Entry<String, Backoff> e : b.registered.entrySet()) {
      r = r.with(e.getKey(), e.getValue());
    }
    for (String name : strategies) {
      r.get(name); // throws naming the unknown strategy
    }
    this.registry = r;
  }

  /** The study's configuration: every setting at its default. */
  public static SimulationConfig defaults() {
    return builder().build();
  }

  /** A builder with every setting at its default. */
  public static Builder builder() {
    return new Builder();
  }

  /** The workload. */
  public ModelKind model() {
    return model;
  }

  /** The client counts, in the order given, without repeats. */
  public List<Integer> clients() {
    return clients;
  }

  /** The strategy names, in the order given, without repeats. */
  public List<String> strategies() {
    return strategies;
  }

  /** Runs per (strategy, clients) point. */
  public int runs() {
    return runs;
  }

  /** The seed every run's random generator derives from. */
  public long seed() {
    return seed;
  }

  /** Worker threads; they do not change the results. */
  public int threads() {
    return threads;
  }

  /** The study strategies' base, in time units. */
  public double base() {
    return base;
  }

  /** The study strategies' cap, in time units. */
  public double cap() {
    return cap;
  }

  /** The directory {@link Simulator#run} writes the reports into. */
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

  /** {@code units} time units as a core duration (1 unit = 1 ms), rounded to the nanosecond. */
  public static Duration units(double units) {
    return Duration.ofNanos(Math.round(units * TIME_UNIT.toNanos()));
  }

  static String format(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
  }

  @Override
  public String toString() {
    return "model=" + model + " clients=" + clients + " strategies=" + strategies + " runs=" + runs + " seed="
        + seed + " threads=" + threads + " base=" + format(base) + " cap=" + format(cap) + " out=" + out;
  }

  /**
   * Builds a {@link SimulationConfig}; each setter validates its argument at once. Not thread-safe.
   *
   * <pre>{@code
   * SimulationConfig config = SimulationConfig.builder().clients("1..50:7").runs(10).build();
   * }</pre>
   */
  public static final class Builder {
    private ModelKind model = ModelKind.OCC;
    private List<Integer> clients = ClientCounts.parse(DEFAULT_CLIENTS);
    private List<String> strategies = StrategyRegistry.STUDY_NAMES;
    private int runs = DEFAULT_RUNS;
    private long seed = DEFAULT_SEED;
    private int threads = Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
    private double base = DEFAULT_BASE;
    private double cap = DEFAULT_CAP;
    private Path out = DEFAULT_OUT;
    private final Map<String, Backoff> registered = new LinkedHashMap<>();

    private Builder() {}

    /**
     * The workload.
     *
     * @throws IllegalArgumentException if it is {@link ModelKind#OVERLOAD}, which {@link OverloadConfig} configures
     */
    public Builder model(ModelKind model) {
      Objects.requireNonNull(model, "model");
      if (model == ModelKind.OVERLOAD) {
        throw new IllegalArgumentException("model: overload is not a client sweep: configure it with OverloadConfig");
      }
      this.model = model;
      return this;
    }

    /**
     * The workload by name.
     *
     * @throws IllegalArgumentException if the name is not {@code occ} or {@code single-server}
     */
    public Builder model(String model) {
      return model(ModelKind.parse(model));
    }

    /**
     * The client counts.
     *
     * @throws IllegalArgumentException if the list is empty, a count is outside {@code [1, 1_000_000]} or repeats
     */
    public Builder clients(List<Integer> clients) {
      Objects.requireNonNull(clients, "clients");
      if (clients.isEmpty()) {
        throw new IllegalArgumentException("clients: must not be empty");
      }
      for (Integer n : clients) {
        if (n == null || n < 1 || n > ClientCounts.MAX_CLIENTS) {
          throw new IllegalArgumentException("clients: must be in [1, " + ClientCounts.MAX_CLIENTS + "]: " + n);
        }
      }
      if (clients.stream().distinct().count() != clients.size()) {
        throw new IllegalArgumentException("clients: must not repeat: " + clients);
      }
      this.clients = List.copyOf(clients);
      return this;
    }

    /**
     * The client counts in {@link ClientCounts} syntax, such as {@code 10..190:10}.
     *
     * @throws IllegalArgumentException if the spec is malformed
     */
    public Builder clients(String spec) {
      return clients(ClientCounts.parse(spec));
    }

    /**
     * The strategy names to simulate, in order; each must be a study name or {@link #register registered}
     * (checked by {@link #build()}).
     *
     * @throws IllegalArgumentException if the list is empty, a name is blank or has a comma, or a name repeats
     */
    public Builder strategies(List<String> names) {
      this.strategies = Checks.names(names, "strategies", StrategyRegistry::checkName);
      return this;
    }

    /**
     * The strategy names as a comma-separated list, such as {@code none,full-jitter}; spaces around names are
     * ignored.
     *
     * @throws IllegalArgumentException as {@link #strategies(List)}
     */
    public Builder strategies(String commaSeparated) {
      return strategies(Checks.split(Objects.requireNonNull(commaSeparated, "strategies")));
    }

    /**
     * Makes {@code backoff} available as {@code name} (replacing a study strategy of that name). Registering does
     * not select it: list it in {@link #strategies}.
     *
     * @throws IllegalArgumentException if the name is blank or has a comma, quote or line break
     */
    public Builder register(String name, Backoff backoff) {
      StrategyRegistry.checkName(name);
      registered.put(name, Objects.requireNonNull(backoff, "backoff"));
      return this;
    }

    /**
     * Runs per point.
     *
     * @throws IllegalArgumentException if {@code runs} is not in {@code [1, 100_000]}
     */
    public Builder runs(int runs) {
      this.runs = Checks.inRange(runs, 1, MAX_RUNS, "runs");
      return this;
    }

    /** The seed; any value. */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /**
     * Worker threads (default: the available processors).
     *
     * @throws IllegalArgumentException if {@code threads} is not in {@code [1, 1024]}
     */
    public Builder threads(int threads) {
      this.threads = Checks.inRange(threads, 1, MAX_THREADS, "threads");
      return this;
    }

    /**
     * The study strategies' base, in time units.
     *
     * @throws IllegalArgumentException if {@code base} is negative, NaN or infinite
     */
    public Builder base(double base) {
      this.base = Checks.units(base, "base");
      return this;
    }

    /**
     * The study strategies' cap, in time units; {@link #build()} checks {@code cap >= base}.
     *
     * @throws IllegalArgumentException if {@code cap} is negative, NaN or infinite
     */
    public Builder cap(double cap) {
      this.cap = Checks.units(cap, "cap");
      return this;
    }

    /** The directory for the reports; created if missing. */
    public Builder out(Path out) {
      this.out = Objects.requireNonNull(out, "out");
      return this;
    }

    /**
     * Builds the configuration.
     *
     * @throws IllegalArgumentException if {@code cap < base} or a strategy name is neither a study name nor
     *     registered
     */
    public SimulationConfig build() {
      return new SimulationConfig(this);
    }
  }
}
