package io.github.backoff.testbed;

/**
 * What one testbed run measured, in the model's units (counts, and times in model seconds: real seconds divided by
 * the time scale), next to the figures the simulator reports for the same run.
 *
 * <pre>{@code
 * TestbedResult r = Testbed.run(scenario, "retries", "full-jitter", 0, 1.0);
 * double amplification = r.amplification();
 * }</pre>
 *
 * <p>An immutable record; thread-safe.
 *
 * @param policy the policy's name
 * @param strategy the strategy's name
 * @param run the run index (the seed's arrival and service streams of that run)
 * @param requests requests that arrived before the horizon
 * @param attempts requests the server read before the horizon: the load at the server
 * @param successes requests answered 200 before the horizon
 * @param lost requests given up before the horizon (retries ran out or were denied)
 * @param rejected attempts the server turned away because its queue was full
 * @param throttled attempts the server throttled
 * @param latencyP50 median latency of the successes, from arrival to the reply at the client, in model seconds
 *     (the upper edge of its 1 ms model bin, as the simulator reports it)
 * @param latencyP99 99th percentile, likewise
 * @param latencyMean mean latency of the successes, in model seconds (not binned)
 * @param recovery model seconds from the outage's end to the first of 5 seconds of goodput at 90 % of λ, as the
 *     simulator measures it; NaN if it did not recover or there is no outage
 * @param lagMeanMs how late the client sent a request after its arrival time, mean, in real milliseconds
 * @param lagMaxMs the latest, in real milliseconds
 * @param wallSeconds the run's wall-clock time, in real seconds
 * @param overhead the network and HTTP time measured in this run, real seconds: over the requests that succeeded at
 *     their first attempt, the time from the request's arrival to its reply at the client less the time the
 *     server held it (its queueing and service, on the server's schedule); what the model's network latency stands
 *     for. Requests of the first fifth of the run are left out (the JIT's warm-up).
 */
public record TestbedResult(String policy, String strategy, int run, long requests, long attempts, long successes,
    long lost, long rejected, long throttled, double latencyP50, double latencyP99, double latencyMean,
    double recovery, double lagMeanMs, double lagMaxMs, double wallSeconds, LoopbackLatency.Measurement overhead) {

  /** Attempts at the server ÷ requests. */
  public double amplification() {
    return requests == 0 ? Double.NaN : attempts / (double) requests;
  }
}
