package io.github.backoff.sim.sweep;

import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSimulation;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The simulator's workloads, by the names the command line uses.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * ModelKind model = ModelKind.parse("single-server"); // SINGLE_SERVER
 * String name = model.id();                          // "single-server"
 * }</pre>
 */
public enum ModelKind {
  /**
   * {@code occ}: the AWS "Exponential Backoff And Jitter" study, N clients writing one row under optimistic
   * concurrency; an attempt is four hops of {@code |Normal(10, 2)|}.
   */
  OCC("occ", OccEngine.ATTEMPT_TIME),
  /**
   * {@code single-server}: one server, service time {@code max(1, Normal(10, 4))}, that rejects requests arriving
   * while it is busy.
   */
  SINGLE_SERVER("single-server", SingleServerEngine.SERVICE_MEAN),
  /**
   * {@code overload}: an open system, Poisson arrivals at a server with a bounded queue, client timeouts, retries
   * under a policy and budget, and an outage; configured by {@link OverloadConfig} and run by
   * {@link OverloadSimulation}, not by a client sweep. Its {@link #attemptTime()} is {@code NaN}.
   */
  OVERLOAD("overload", Double.NaN);

  private final String id;
  private final double attemptTime;

  ModelKind(String id, double attemptTime) {
    this.id = id;
    this.attemptTime = attemptTime;
  }

  /** The name used on the command line and in {@code results.csv}. */
  public String id() {
    return id;
  }

  /**
   * The mean time, in time units, that one client's attempt occupies the contended resource: 40 (four hops) for
   * {@code occ}, 10 (one service) for {@code single-server}. {@code N × attemptTime()} is what reports compare
   * completion times with: a lower bound of the mean for {@code single-server}, only a reference for {@code occ}.
   */
  public double attemptTime() {
    return attemptTime;
  }

  /**
   * The model named {@code id} ({@code occ}, {@code single-server} or {@code overload}, case-insensitive).
   *
   * @throws IllegalArgumentException naming the value and the known models if there is no such model
   */
  public static ModelKind parse(String id) {
    if (id != null) {
      String wanted = id.trim().toLowerCase(Locale.ROOT);
      for (ModelKind kind : values()) {
        if (kind.id.equals(wanted)) {
          return kind;
        }
      }
    }
    throw new IllegalArgumentException("model: unknown model '" + id + "' (known: "
        + Arrays.stream(values()).map(ModelKind::id).collect(Collectors.joining(", ")) + ")");
  }

  ClientEngine newModel(double nanosPerUnit) {
    return switch (this) {
      case OCC -> new OccEngine(nanosPerUnit);
      case SINGLE_SERVER -> new SingleServerEngine(nanosPerUnit);
      case OVERLOAD -> throw new IllegalStateException("overload is not a client sweep: use OverloadSimulation");
    };
  }

  @Override
  public String toString() {
    return id;
  }
}
