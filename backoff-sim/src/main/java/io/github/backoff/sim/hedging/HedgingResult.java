package io.github.backoff.sim.hedging;

import java.util.List;
import java.util.OptionalDouble;

/**
 * All points of a hedging study, in order of load, then mode.
 *
 * <pre>{@code
 * HedgingResult result = HedgingSimulation.run(HedgingConfig.defaults());
 * OptionalDouble hurts = result.hurtsFrom(HedgeMode.FIXED);   // the first load where hedging raises the p99
 * }</pre>
 *
 * <p>An immutable value; thread-safe.
 *
 * @param config the study
 * @param points its points
 */
public record HedgingResult(HedgingConfig config, List<HedgingPoint> points) {

  /** Copies. */
  public HedgingResult {
    points = List.copyOf(points);
  }

  /** The point of {@code mode} at {@code load}. */
  public HedgingPoint point(double load, HedgeMode mode) {
    return points.stream().filter(p -> p.load() == load && p.mode() == mode).findFirst().orElseThrow();
  }

  /** The lowest load at which {@code mode}'s p99 is higher than without hedging, if any: where hedging hurts. */
  public OptionalDouble hurtsFrom(HedgeMode mode) {
    for (double load : config.loads()) {
      if (point(load, mode).p99() > point(load, HedgeMode.NONE).p99()) {
        return OptionalDouble.of(load);
      }
    }
    return OptionalDouble.empty();
  }
}
