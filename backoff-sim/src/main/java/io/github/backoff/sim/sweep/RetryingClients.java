package io.github.backoff.sim.sweep;

import io.github.backoff.sim.engine.EventEngine;
import io.github.backoff.sim.engine.Models;
import io.github.backoff.sim.engine.Normal;
import io.github.backoff.strategy.Backoff;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * What the client sweeps share: N clients on one event engine, each retrying with a core {@link Backoff} and
 * passing its own previous delay back in, over network hops of {@code |Normal(10, 2)|} time units. A subclass
 * keeps its own per-client arrays ({@link #grow}) and its run loop.
 *
 * <p>Not thread-safe: one instance per thread.
 */
abstract class RetryingClients implements ClientEngine {
  /** Mean of one network hop, in time units. */
  static final double HOP_MEAN = 10;
  /** Standard deviation of one network hop, in time units. */
  static final double HOP_SD = 2;

  /** The engine, reused run after run. */
  final EventEngine engine = new EventEngine(256);
  private final double unitsPerNano;
  private int[] retries = new int[0];
  private long[] previousDelay = new long[0];

  /** @throws IllegalArgumentException if {@code nanosPerUnit} is not positive and finite */
  RetryingClients(double nanosPerUnit) {
    this.unitsPerNano = Models.unitsPerNano(nanosPerUnit);
  }

  /**
   * Starts a run of {@code clients} clients: checks the count, sizes the arrays, resets the engine, the outcome and
   * every client's retry state.
   *
   * @return the engine's event count before the run
   * @throws IllegalArgumentException if {@code clients < 1}
   */
  final long start(int clients, ClientRunTally outcome) {
    Models.checkClients(clients);
    if (retries.length < clients) {
      retries = new int[clients];
      previousDelay = new long[clients];
      grow(clients);
    }
    engine.reset();
    outcome.reset();
    Arrays.fill(retries, 0, clients, 0);
    Arrays.fill(previousDelay, 0, clients, 0L);
    return engine.eventCount();
  }

  /** Makes the subclass' per-client arrays hold at least {@code clients} clients. */
  void grow(int clients) {}

  /** Client {@code c}'s next backoff, in time units: its next retry's delay, with its previous delay passed in. */
  final double backoff(int c, Backoff backoff, RandomGenerator random) {
    long delay = backoff.delayNanos(++retries[c], previousDelay[c], random);
    previousDelay[c] = delay;
    return delay * unitsPerNano;
  }

  /** One network hop, in time units. */
  static double hop(RandomGenerator random) {
    return Math.abs(HOP_MEAN + HOP_SD * Normal.draw(random));
  }
}
