package io.github.backoff.sim.overload;

import io.github.backoff.sim.run.Seeds;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The random streams of the {@code overload} model's runs, for replaying a run elsewhere (a testbed on a real
 * server): run {@code r} of seed {@code s} draws its arrivals from {@link #arrivals(long, int)}, the work of its
 * services, in the order the server starts them, from {@link #service(long, int)}, and its network time from
 * {@link #network(long, int)}, whatever the policy. Inter-arrival times are {@code exponential(arrivals) / λ} and a
 * service needs {@code exponential(service)} units of work, done at μ per second ({@link #exponential}).
 *
 * <p>Stateless and thread-safe; each call returns a new generator.
 *
 * <pre>{@code
 * RandomGenerator arrivals = OverloadStreams.arrivals(42, 0);
 * double first = OverloadStreams.exponential(arrivals) / 800;     // the first request's arrival, in seconds
 * double work = OverloadStreams.exponential(OverloadStreams.service(42, 0)); // the first service: work / μ s
 * }</pre>
 */
public final class OverloadStreams {
  private static final long MODEL_HASH = "overload".hashCode();

  private OverloadStreams() {}

  /** Run {@code run}'s arrival stream. */
  public static SplittableRandom arrivals(long seed, int run) {
    return new SplittableRandom(Seeds.run(seed, MODEL_HASH, "arrivals".hashCode(), 0, run));
  }

  /** Run {@code run}'s service-work stream. */
  public static SplittableRandom service(long seed, int run) {
    return new SplittableRandom(Seeds.run(seed, MODEL_HASH, "service".hashCode(), 0, run));
  }

  /** Run {@code run}'s network-time stream (used only with a network latency). */
  public static SplittableRandom network(long seed, int run) {
    return new SplittableRandom(Seeds.run(seed, MODEL_HASH, "network".hashCode(), 0, run));
  }

  /** A draw of {@code Exp(1)}, as the model makes it: {@code -ln(1 - u)}. */
  public static double exponential(RandomGenerator random) {
    return -StrictMath.log(1.0 - random.nextDouble());
  }
}
