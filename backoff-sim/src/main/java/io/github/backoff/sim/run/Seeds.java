package io.github.backoff.sim.run;

/**
 * Seeds for runs: a hash of a study's seed and whatever identifies a run's random stream (the model, a stream
 * name or strategy, a client count, the run index), mixed with SplittableRandom's finaliser so that neighbouring
 * inputs give unrelated streams. Models seed every generator of a run from it, which is what makes the
 * {@link Runner}'s results independent of threads.
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * long seed = Seeds.run(42, "occ".hashCode(), "full-jitter".hashCode(), 100, 7);
 * RandomGenerator random = new SplittableRandom(seed);
 * }</pre>
 */
public final class Seeds {
  private Seeds() {}

  /** The seed of one run's random stream. */
  public static long run(long seed, long modelHash, long streamHash, int clients, int run) {
    long h = mix(seed);
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + modelHash));
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + streamHash));
    h = mix(h + 0x9E3779B97F4A7C15L * (1 + clients));
    return mix(h + 0x9E3779B97F4A7C15L * (1 + run));
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
