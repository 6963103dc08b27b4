package io.github.backoff.sim.sweep;

import io.github.backoff.sim.engine.Normal;
import io.github.backoff.strategy.Backoff;
import java.util.random.RandomGenerator;

/**
 * One server that handles one request at a time: N clients each need one request served.
 *
 * <p>A request travels to the server in one network hop of {@code |Normal(10, 2)|} time units (as in
 * {@link OccEngine}). If the server is idle it serves the request for {@code max(1, Normal(10, 4))} time units and
 * the reply reaches the client one hop after service ends; if the server is busy the request is rejected at once,
 * the rejection reaches the client one hop later, and the client waits its backoff and sends again. Work is the
 * number of requests sent; completion is when the last success reaches its client; utilisation is the server's
 * busy time over the time from 0 to the end of its last service.
 *
 * <p>Each request costs one engine event, its arrival at the server: the server's only state is when it will be
 * free again, and the client's reaction to a rejection depends on nothing else.
 *
 * <p>Not thread-safe: one instance per thread.
 *
 * <pre>{@code
 * SingleServerEngine model = new SingleServerEngine(1_000_000); // 1 time unit = 1 ms
 * ClientRunTally outcome = new ClientRunTally();
 * model.run(20, Backoff.exponential(Duration.ofMillis(10)).withFullJitter(), new SplittableRandom(1), outcome);
 * double utilisation = outcome.utilisation();
 * }</pre>
 */
public final class SingleServerEngine extends RetryingClients {
  /** Mean service time, in time units: N x 10 is a lower bound of the mean completion, since the server is the only shared resource. */
  public static final double SERVICE_MEAN = 10;
  /** Standard deviation of the service time, in time units. */
  public static final double SERVICE_SD = 4;
  /** The shortest service time, in time units. */
  public static final double SERVICE_MIN = 1;

  /**
   * Creates a model where one time unit is {@code nanosPerUnit} nanoseconds of {@link Backoff} delay.
   *
   * @throws IllegalArgumentException if {@code nanosPerUnit} is not positive and finite
   */
  public SingleServerEngine(double nanosPerUnit) {
    super(nanosPerUnit);
  }

  @Override
  public void run(int clients, Backoff backoff, RandomGenerator random, ClientRunTally outcome) {
    long eventsBefore = start(clients, outcome);
    long work = 0;
    double completion = 0;
    double busyUntil = 0;
    double busyTime = 0;
    for (int c = 0; c < clients; c++) {
      engine.scheduleAt(hop(random), c);
    }
    while (engine.hasNext()) {
      int c = engine.next();
      double now = engine.now();
      work++;
      if (now < busyUntil) {
        double wait = backoff(c, backoff, random);
        double replyHop = hop(random);
        engine.scheduleIn(replyHop + wait + hop(random), c);
      } else {
        double service = Math.max(SERVICE_MIN, SERVICE_MEAN + SERVICE_SD * Normal.draw(random));
        busyUntil = now + service;
        busyTime += service;
        completion = Math.max(completion, busyUntil + hop(random));
      }
    }
    outcome.work = work;
    outcome.completion = completion;
    outcome.busyTime = busyTime;
    outcome.busySpan = busyUntil;
    outcome.events = engine.eventCount() - eventsBefore;
  }
}
