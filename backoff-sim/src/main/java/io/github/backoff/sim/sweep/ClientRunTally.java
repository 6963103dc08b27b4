package io.github.backoff.sim.sweep;

/**
 * What one simulation run measured, written by {@link ClientEngine#run} into a holder the caller reuses, so a run
 * allocates no result object.
 *
 * <p>Not thread-safe: one holder per thread.
 *
 * <pre>{@code
 * ClientRunTally outcome = new ClientRunTally();
 * model.run(50, backoff, random, outcome);
 * long writes = outcome.work();
 * }</pre>
 */
public final class ClientRunTally {
  long work;
  double completion;
  double busyTime;
  double busySpan;
  long events;

  /** Work: the requests that count for the model (writes for {@code occ}, requests for single-server). */
  public long work() {
    return work;
  }

  /** Completion time, in time units: when the last client learned of its success. */
  public double completion() {
    return completion;
  }

  /**
   * The server's utilisation: its busy time over the time from 0 to the end of its last service, in
   * {@code [0, 1]}; {@code NaN} for models without a server.
   */
  public double utilisation() {
    return busySpan > 0 ? busyTime / busySpan : Double.NaN;
  }

  /** The number of engine events the run processed. */
  public long events() {
    return events;
  }

  void reset() {
    work = 0;
    completion = 0;
    busyTime = 0;
    busySpan = 0;
    events = 0;
  }
}
