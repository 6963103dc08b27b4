package io.github.backoff.sim.overload;

/**
 * What one run of the {@code overload} model measured of throttling and latency: the attempts the throttling
 * server rejected, the client-side wait a rate limiter added, and the latency of the requests that succeeded.
 * Times are in seconds.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * OverloadLatency l = point.latency().get(0);
 * double addedMillis = 1000 * l.limiterWaitPerRequest(point.runs().get(0).requests());
 * }</pre>
 *
 * @param run the run's index
 * @param throttled attempts the throttling server rejected at once (0 with the queueing server)
 * @param limiterWait the rate limiter's waits added up over all requests and attempts (0 without a limiter)
 * @param limiterWaitMax the longest single wait for the rate limiter
 * @param limiterGaveUp requests given up because the limiter's token was due later than the timeout (also lost)
 * @param latencyMean the mean latency of the successful requests, arrival to success; NaN if none succeeded
 * @param latencyP50 their median latency, to the millisecond above; NaN if none succeeded
 * @param latencyP99 their 99th percentile latency, to the millisecond above; NaN if none succeeded
 */
public record OverloadLatency(int run, long throttled, double limiterWait, double limiterWaitMax,
    long limiterGaveUp, double latencyMean, double latencyP50, double latencyP99) {

  /** No measurement, for points built without one. */
  static OverloadLatency none(int run) {
    return new OverloadLatency(run, 0, 0, 0, 0, Double.NaN, Double.NaN, Double.NaN);
  }

  /** The rate limiter's wait per request, in seconds: {@link #limiterWait()} ÷ {@code requests}. */
  public double limiterWaitPerRequest(long requests) {
    return requests == 0 ? 0 : limiterWait / requests;
  }
}
