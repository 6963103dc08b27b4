package io.github.backoff.sim.sweep;

import io.github.backoff.sim.Stats;

/**
 * The result of one point of a sweep: one strategy at one client count, over all its runs.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * PointResult p = result.point("full-jitter", 100);
 * double writesPerClient = p.workPerClient();
 * double vsReference = p.completionVsReference(); // completion / (N × one attempt's time)
 * }</pre>
 *
 * @param model the model
 * @param strategy the strategy's name
 * @param clients the number of clients N
 * @param runs the number of runs
 * @param work work per run (writes for {@code occ}, requests for {@code single-server})
 * @param completion completion time per run, in time units
 * @param utilisation the server's utilisation per run, in {@code [0, 1]}; {@link Stats#NONE} for {@code occ}
 */
public record PointResult(ModelKind model, String strategy, int clients, int runs, Stats work, Stats completion,
    Stats utilisation) {

  /** Mean work over N: at least 1, a true lower bound (every client needs one successful call). */
  public double workPerClient() {
    return work.mean() / clients;
  }

  /**
   * Mean completion time over {@code N × model.attemptTime()}. For {@code single-server} the denominator is a
   * lower bound of the mean completion (the server serves one request at a time). For {@code occ} it is only a
   * reference, not a bound: attempts overlap, and no backoff finishes at about 0.47 of it at N = 190.
   */
  public double completionVsReference() {
    return completion.mean() / (clients * model.attemptTime());
  }
}
