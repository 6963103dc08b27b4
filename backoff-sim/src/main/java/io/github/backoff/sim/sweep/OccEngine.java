package io.github.backoff.sim.sweep;

import io.github.backoff.strategy.Backoff;
import java.util.random.RandomGenerator;

/**
 * The AWS Architecture Blog study ("Exponential Backoff And Jitter", 2015): N clients each make one successful
 * write to a single row under optimistic concurrency.
 *
 * <p>An attempt is four network hops, each {@code |Normal(10, 2)|} time units: read request, read reply, write
 * request, write reply. The server answers at once: a read returns the row's version; a write succeeds, and bumps
 * the version, only if the version it carries is still current. After a failed write's reply the client waits
 * {@code backoff.delayNanos(r, previous, random)} (converted to time units) and starts again with a read; there is
 * no retry limit. Work is the number of writes sent; completion is when the last successful write's reply reaches
 * its client.
 *
 * <p>Each attempt costs one engine event, its write reaching the server. A write carries the version read at
 * the server at time {@code readTime}; that version is still current exactly when no write has succeeded since
 * {@code readTime}, so the model keeps the time of the last successful write instead of a version number and
 * never needs an event for the read. Processing writes in time order makes this exact. Drawing an attempt's
 * hops up front changes nothing: they are independent of everything the server does meanwhile.
 *
 * <p>Not thread-safe: one instance per thread.
 *
 * <pre>{@code
 * OccEngine model = new OccEngine(1_000_000); // 1 time unit = 1 ms
 * ClientRunTally outcome = new ClientRunTally();
 * model.run(1, Backoff.none(), new SplittableRandom(1), outcome); // outcome.work() == 1
 * }</pre>
 */
public final class OccEngine extends RetryingClients {
  /** Mean of one network hop, in time units. */
  public static final double HOP_MEAN = RetryingClients.HOP_MEAN;
  /** Standard deviation of one network hop, in time units. */
  public static final double HOP_SD = RetryingClients.HOP_SD;
  /** Mean time of one attempt (four hops): the unit of the reports' reference N x 40 (not a bound: see docs/simulator.md). */
  public static final double ATTEMPT_TIME = 4 * HOP_MEAN;

  private double[] readTime = new double[0];

  /**
   * Creates a model where one time unit is {@code nanosPerUnit} nanoseconds of {@link Backoff} delay.
   *
   * @throws IllegalArgumentException if {@code nanosPerUnit} is not positive and finite
   */
  public OccEngine(double nanosPerUnit) {
    super(nanosPerUnit);
  }

  @Override
  public void run(int clients, Backoff backoff, RandomGenerator random, ClientRunTally outcome) {
    long eventsBefore = start(clients, outcome);
    double lastSuccess = Double.NEGATIVE_INFINITY;
    double completion = 0;
    for (int c = 0; c < clients; c++) {
      startAttempt(c, 0, random);
    }
    while (engine.hasNext()) {
      int c = engine.next(); // client c's write reaches the server
      if (lastSuccess < readTime[c]) {
        // No write succeeded since c read the row: the version c carries is current.
        lastSuccess = engine.now();
        completion = Math.max(completion, lastSuccess + hop(random));
      } else {
        double wait = backoff(c, backoff, random);
        // the failure's reply reaches the client, which waits its backoff and reads again
        startAttempt(c, engine.now() + hop(random) + wait, random);
      }
    }
    outcome.work = engine.eventCount() - eventsBefore;
    outcome.completion = completion;
    outcome.events = outcome.work;
  }

  /** Client {@code c} sends its read at {@code time}: it reaches the server one hop later, the write two more. */
  private void startAttempt(int c, double time, RandomGenerator random) {
    double read = time + hop(random);
    readTime[c] = read;
    engine.scheduleAt(read + hop(random) + hop(random), c);
  }

  @Override
  void grow(int clients) {
    readTime = new double[clients];
  }
}
