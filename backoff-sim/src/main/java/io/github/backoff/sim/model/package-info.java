/**
 * The workloads: {@link io.github.backoff.sim.model.OccModel} (the AWS "Exponential Backoff And Jitter" study's
 * optimistic-concurrency row), {@link io.github.backoff.sim.model.SingleServerModel} (one server that rejects
 * requests while busy) and {@link io.github.backoff.sim.model.OverloadModel} (an open system with a bounded queue,
 * timeouts, retry budgets and an outage). Each evaluates a core {@link io.github.backoff.strategy.Backoff} per
 * retry and runs on the event engine; instances are per-thread. Internal to the simulator: not part of its API.
 */
package io.github.backoff.sim.model;
