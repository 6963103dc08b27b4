package io.github.backoff.sim.overload;

/**
 * The totals of one run of the {@code overload} model.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * OverloadRunTotals run = point.runs().get(0);
 * String recovery = run.recovered() ? run.recovery() + " s" : "did not recover";
 * }</pre>
 *
 * @param run the run's index
 * @param requests requests that arrived before the horizon
 * @param attempts attempts sent before the horizon, first attempts included
 * @param retries retries sent
 * @param successes requests that succeeded
 * @param timeouts attempts that timed out at the client
 * @param rejected attempts rejected at once because the queue was full
 * @param lost requests given up (attempts exhausted or retry denied by the budget)
 * @param budgetDenied of {@code lost}, the requests whose retry the budget denied
 * @param wasted services the server completed for attempts whose client had already given up
 * @param maxQueue the longest the queue got
 * @param recovery seconds from the end of the outage until goodput is back (see {@link OverloadResult}); NaN if it
 *     did not recover before the horizon
 * @param events engine events processed
 */
public record OverloadRunTotals(int run, long requests, long attempts, long retries, long successes, long timeouts,
    long rejected, long lost, long budgetDenied, long wasted, int maxQueue, double recovery, long events) {

  /** Attempts ÷ requests: 1 without retries. */
  public double amplification() {
    return requests == 0 ? Double.NaN : attempts / (double) requests;
  }

  /** Whether goodput came back before the horizon. */
  public boolean recovered() {
    return !Double.isNaN(recovery);
  }
}
