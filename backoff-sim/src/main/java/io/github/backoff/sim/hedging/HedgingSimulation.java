package io.github.backoff.sim.hedging;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs a hedging study: every load of the config with each {@link HedgeMode}, the same arrivals and service-time
 * streams for every mode at one load (common random numbers), so differences come from hedging.
 *
 * <pre>{@code
 * HedgingResult result = HedgingSimulation.run(HedgingConfig.defaults());
 * OptionalDouble hurts = result.hurtsFrom(HedgeMode.FIXED);
 * }</pre>
 *
 * <p>Stateless; thread-safe. Deterministic: a pure function of the config.
 */
public final class HedgingSimulation {
  private HedgingSimulation() {}

  /** Runs the study. */
  public static HedgingResult run(HedgingConfig config) {
    List<HedgingPoint> points = new ArrayList<>();
    for (int i = 0; i < config.loads().size(); i++) {
      double load = config.loads().get(i);
      long seed = config.seed() * 1_000_003L + i;
      for (HedgeMode mode : HedgeMode.values()) {
        points.add(runPoint(config, mode, load, seed));
      }
    }
    return new HedgingResult(config, points);
  }

  /** Runs one point: one run of {@code config.requests()} requests, its random streams split from {@code seed}. */
  public static HedgingPoint runPoint(HedgingConfig config, HedgeMode mode, double load, long seed) {
    SplittableRandom root = new SplittableRandom(seed);
    return new HedgingEngine(config, mode, load, root.split(), root.split(), root.split()).run();
  }
}
