package io.github.backoff.sim.sweep;

import io.github.backoff.sim.ClientCounts;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.sim.StudyConfig;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What to simulate: the model, the client counts, the strategies, how many runs per point, the seed, the number of
 * threads, the study strategies' base and cap, and where to write the reports. The defaults are the study's sweep:
 * model {@code occ}, clients {@code 10..190:10}, the five study strategies, 100 runs, base 10 (decorrelated-jitter 5), cap 2000.
 *
 * <p><b>Time unit.</b> The models measure time in units of {@link #TIME_UNIT} (1 ms): a network hop averages 10
 * units, and a core {@link Backoff} delay of {@code d} nanoseconds lasts {@code d / 1_000_000} units. So base 10 is
 * {@code Duration.ofMillis(10)} to the core strategies, and a preset written in real durations (say 100 ms) means
 * 100 units here. Working in core nanoseconds keeps jitter at full resolution.
 *
 * <p>Every setter validates at once and throws {@link IllegalArgumentException} with a one-line message that
 * starts with the parameter's name ({@code "runs: must be >= 1: 0"}), so a command line can print it as is;
 * {@link Builder#build()} checks what depends on several settings (cap against base, unknown strategy names).
 * The settings every model shares (strategies, runs, seed, threads, base, cap, out) are {@link StudyConfig}'s.
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
public final class SimulationConfig extends StudyConfig {
  /** One simulated time unit, in core durations: 1 ms. */
  public static final Duration TIME_UNIT = MILLI;
  /** The default client counts: the study's sweep. */
  public static final String DEFAULT_CLIENTS = "10..190:10";
  /** The default number of runs per point. */
  public static final int DEFAULT_RUNS = 100;
  /**
   * The default base, the first wait, in time units: 10, the study's (its code wrote 5 and doubled it before the
   * first wait); {@code decorrelated-jitter} keeps the study's 5 unless a base is set ({@link #decorrelatedBase()}).
   */
  public static final double DEFAULT_BASE = 10;
  /** The default cap, in time units. */
  public static final double DEFAULT_CAP = 2000;
  /** The most runs per point accepted (each run keeps 24 bytes of results until the sweep ends). */
  public static final int MAX_RUNS = 100_000;

  private final ModelKind model;
  private final List<Integer> clients;

  private SimulationConfig(Builder b) {
    super(b);
    this.model = b.model;
    this.clients = b.clients;
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

  /** {@code units} time units as a core duration (1 unit = 1 ms), rounded to the nanosecond. */
  public static Duration units(double units) {
    return millis(units);
  }

  @Override
  public String toString() {
    return "model=" + model + " clients=" + clients + " strategies=" + strategies() + " runs=" + runs() + " seed="
        + seed() + " threads=" + threads() + " base=" + format(base()) + " cap=" + format(cap()) + " out=" + out();
  }

  /**
   * Builds a {@link SimulationConfig}; each setter validates its argument at once (the shared ones are
   * {@link StudyConfig.Builder}'s). Not thread-safe.
   *
   * <pre>{@code
   * SimulationConfig config = SimulationConfig.builder().clients("1..50:7").runs(10).build();
   * }</pre>
   */
  public static final class Builder extends StudyConfig.Builder<Builder> {
    private ModelKind model = ModelKind.OCC;
    private List<Integer> clients = ClientCounts.parse(DEFAULT_CLIENTS);

    private Builder() {
      super(StrategyRegistry.STUDY_NAMES, DEFAULT_RUNS, MAX_RUNS, DEFAULT_BASE, DEFAULT_CAP);
    }

    @Override
    protected Builder self() {
      return this;
    }

    /**
     * The workload.
     *
     * @throws IllegalArgumentException if it is {@link ModelKind#OVERLOAD}, which {@code OverloadConfig}
     *     configures
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
