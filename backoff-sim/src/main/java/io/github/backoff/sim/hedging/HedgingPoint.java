package io.github.backoff.sim.hedging;

/**
 * The outcome of one (load, mode) point: the measured requests' latency percentiles, in milliseconds, the share of
 * requests that sent a hedge, and the extra load: the servers' busy time relative to the full service
 * time of the requests' original attempts (what {@link HedgeMode#NONE} serves at the same load and seed), minus one (a cancelled attempt counts for the time it held a server).
 *
 * <p>An immutable value; thread-safe.
 *
 * @param load the offered load without hedging
 * @param mode how the clients hedged
 * @param p50 the median latency
 * @param p99 the 99th percentile
 * @param p999 the 99.9th percentile
 * @param hedgeRate hedges sent per request
 * @param busyPerRequest the servers' busy time per request, in milliseconds
 * @param extraLoad busy time relative to the originals' service time, minus one (0 for {@link HedgeMode#NONE})
 */
public record HedgingPoint(double load, HedgeMode mode, double p50, double p99, double p999, double hedgeRate,
    double busyPerRequest, double extraLoad) {
}
