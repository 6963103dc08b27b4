package io.github.backoff.sim.sweep;

import io.github.backoff.strategy.Backoff;
import java.util.random.RandomGenerator;

/**
 * A workload of clients competing for a shared resource, each retrying with a core {@link Backoff} until it
 * succeeds once. A run starts every client at time 0 and ends when all have succeeded.
 *
 * <p>Implementations keep reusable per-client arrays and an engine, so they are <b>not</b> thread-safe: use one
 * instance per thread. A run's result depends only on its arguments (and the random generator's state), never on
 * earlier runs of the same instance.
 *
 * <pre>{@code
 * ClientEngine model = new OccEngine(1_000_000); // 1 time unit = 1 ms of Backoff delay
 * ClientRunTally outcome = new ClientRunTally();
 * model.run(100, Backoff.decorrelatedJitter(Duration.ofMillis(5), Duration.ofMillis(2000)),
 *     new SplittableRandom(42), outcome);
 * }</pre>
 */
public interface ClientEngine {

  /**
   * Runs {@code clients} clients to completion and writes what was measured into {@code outcome}.
   *
   * @param clients the number of clients, at least 1
   * @param backoff the strategy every client uses; each client passes its own previous delay
   * @param random the run's only source of randomness (network, service times and jitter)
   * @param outcome overwritten with the run's measurements
   * @throws IllegalArgumentException if {@code clients < 1}
   */
  void run(int clients, Backoff backoff, RandomGenerator random, ClientRunTally outcome);
}
