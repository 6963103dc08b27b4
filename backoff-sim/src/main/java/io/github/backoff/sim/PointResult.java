package io.github.backoff.sim;

/**
 * The result of one point of a sweep: one strategy at one client count, over all its runs.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * PointResult p = result.point("full-jitter", 100);
 * double writesPerClient = p.workPerClient();
 * double vsLimit = p.completionVsLimit(); // completion / (N × one attempt's time)
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

  /** Mean work over N: 1 is the physical limit (every client succeeds at its first try). */
  public double workPerClient() {
    return work.mean() / clients;
  }

  /**
   * Mean completion time over {@code N × model.attemptTime()}: about 1 means the contended resource was never
   * idle and never wasted, as if the clients had queued politely one after another.
   */
  public double completionVsLimit() {
    return completion.mean() / (clients * model.attemptTime());
  }
}
