package io.github.backoff.sim.hedging;

import java.util.List;

/**
 * One hedging study: a service of {@code servers} identical servers sharing one FIFO queue (M/G/k), whose attempts
 * take {@code latency}; Poisson arrivals at each of the {@code loads} (the servers' utilisation without hedging);
 * {@code requests} requests per run; at most {@code maxHedges} hedges per request.
 *
 * <pre>{@code
 * HedgingConfig config = HedgingConfig.defaults().withRequests(50_000);
 * HedgingResult result = HedgingSimulation.run(config);
 * }</pre>
 *
 * <p>An immutable value; thread-safe.
 *
 * @param servers the number of servers, k
 * @param latency an attempt's service time
 * @param loads the offered loads to simulate, each in {@code (0, 1)}: arrival rate × mean service time / k
 * @param requests requests per point (the first tenth warms up and is not measured)
 * @param fixedDelayMs the delay of {@link HedgeMode#FIXED}, in milliseconds
 * @param percentile the percentile of {@link HedgeMode#PERCENTILE}, in {@code (0, 100)}
 * @param windowMs the latency window of {@link HedgeMode#PERCENTILE}, in milliseconds
 * @param budgetPercent the cap of {@link HedgeMode#BUDGETED}: hedges per 100 requests, in {@code [0, 100]}
 * @param maxHedges hedges per request at most, each a hedging delay after the previous attempt, in {@code [0, 10]}
 * @param serverCancels whether the service drops a cancelled attempt (from its queue, or from a server, freed at
 *     once: Dean and Barroso's "tied requests"); if false, as with most HTTP servers, a loser that was sent runs to
 *     the end and costs its full service time
 * @param seed the random seed; a run is a pure function of the config
 */
public record HedgingConfig(int servers, LatencyDistribution latency, List<Double> loads, int requests,
    double fixedDelayMs, double percentile, double windowMs, double budgetPercent, int maxHedges,
    boolean serverCancels, long seed) {

  /** Validates and copies. */
  public HedgingConfig {
    if (servers < 1) {
      throw new IllegalArgumentException("servers must be >= 1: " + servers);
    }
    if (latency == null) {
      throw new NullPointerException("latency");
    }
    loads = List.copyOf(loads);
    for (double load : loads) {
      if (!(load > 0 && load < 1)) {
        throw new IllegalArgumentException("each load must be in (0, 1): " + load);
      }
    }
    if (requests < 100) {
      throw new IllegalArgumentException("requests must be >= 100: " + requests);
    }
    if (!(fixedDelayMs >= 0)) {
      throw new IllegalArgumentException("fixedDelayMs must be >= 0: " + fixedDelayMs);
    }
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100): " + percentile);
    }
    if (!(budgetPercent >= 0 && budgetPercent <= 100)) {
      throw new IllegalArgumentException("budgetPercent must be in [0, 100]: " + budgetPercent);
    }
    if (maxHedges < 0 || maxHedges > 10) {
      throw new IllegalArgumentException("maxHedges must be in [0, 10]: " + maxHedges);
    }
    if (!(windowMs >= 1)) {
      throw new IllegalArgumentException("windowMs must be >= 1: " + windowMs);
    }
  }

  /**
   * 16 servers; attempts lognormal with median 10 ms and sigma 0.5, 2 % of them 10 times slower; loads 5 % to 95 %;
   * 100,000 requests per point; fixed delay at the distribution's p95; percentile hedging at the p95 over 5 s;
   * budget 10 %; one hedge per request; losers run to the end on the server; seed 42.
   */
  public static HedgingConfig defaults() {
    LatencyDistribution x = new LatencyDistribution(10, 0.5, 0.02, 10);
    return new HedgingConfig(16, x, List.of(0.1, 0.3, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9), 100_000,
        x.quantile(0.95), 95, 5_000, 10, 1, false, 42);
  }

  /** This config with {@code requests} requests per point. */
  public HedgingConfig withRequests(int requests) {
    return new HedgingConfig(servers, latency, loads, requests, fixedDelayMs, percentile, windowMs, budgetPercent,
        maxHedges, serverCancels, seed);
  }

  /** This config with these loads. */
  public HedgingConfig withLoads(List<Double> loads) {
    return new HedgingConfig(servers, latency, loads, requests, fixedDelayMs, percentile, windowMs, budgetPercent,
        maxHedges, serverCancels, seed);
  }

  /** This config with the service dropping cancelled attempts, or not. */
  public HedgingConfig withServerCancels(boolean serverCancels) {
    return new HedgingConfig(servers, latency, loads, requests, fixedDelayMs, percentile, windowMs, budgetPercent,
        maxHedges, serverCancels, seed);
  }
}
