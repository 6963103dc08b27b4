package io.github.backoff.sim.spi;

/**
 * The runs of one thread: a model's reusable per-thread state (its engine, per-client primitive arrays). The
 * runner calls {@link #run} for (point, run) pairs in any order; a run's values must depend only on the point, the
 * run index and the study, never on earlier runs of the same trial, so results do not depend on threads.
 *
 * <p>Not thread-safe: the runner makes one per thread with {@link Study#newTrial()}.
 *
 * <pre>{@code
 * Trial trial = (point, run, values, series) -> {
 *   values[0] = simulateOnce(point, run); // metric 0
 *   return 1;                             // engine events processed
 * };
 * }</pre>
 */
@FunctionalInterface
public interface Trial {
  /**
   * Simulates run {@code run} of point {@code point}.
   *
   * @param point the point's index in {@link Study#points()}
   * @param run the run's index, from 0
   * @param values to fill: {@code values[m]} for each {@link Metric.Aggregation#STATS} metric {@code m} (by index
   *     in {@link Study#metrics()})
   * @param series to fill: {@code series[m][bucket]} for each {@link Metric.Aggregation#SERIES_MEAN} metric
   *     {@code m} ({@code series[m]} is null for the others); fresh arrays for each run
   * @return the number of engine events the run processed
   */
  long run(int point, int run, double[] values, float[][] series);
}
