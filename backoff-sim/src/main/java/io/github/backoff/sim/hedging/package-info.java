/**
 * The hedging model: a service of k servers with a lognormal latency and a slow tail, under Poisson load, called
 * without hedging, with fixed-delay hedging and with percentile hedging (the core's {@code LatencyHistogram});
 * p50/p99/p99.9 latency and extra load across load levels, the load where hedging starts to hurt, the zero-load
 * formula ({@link io.github.backoff.sim.hedging.HedgingFormula}). Registered as model {@code hedging}
 * ({@link io.github.backoff.sim.hedging.HedgingSimModel}): the one runner and report layer run it and write its CSV,
 * charts and HTML. Pure model code: no threads, no clock, deterministic for a seed.
 */
package io.github.backoff.sim.hedging;
