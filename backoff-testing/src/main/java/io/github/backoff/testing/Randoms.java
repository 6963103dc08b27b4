package io.github.backoff.testing;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Random sources for reproducible tests.
 *
 * <pre>{@code
 * RandomGenerator random = Randoms.seeded(42);           // the same sequence every run
 * RandomGenerator scripted = Randoms.uniforms(0.0, 0.5); // nextDouble() returns 0.0, 0.5, 0.0, 0.5, ...
 * }</pre>
 */
public final class Randoms {
  private Randoms() {}

  /** A seeded generator: the same {@code seed} gives the same sequence. Not thread-safe. */
  public static RandomGenerator seeded(long seed) {
    return new SplittableRandom(seed);
  }

  /**
   * A generator whose {@code nextDouble()} returns {@code draws} in order, cycling, so a jitter formula can be
   * checked against a table. Other methods derive from the same draws. Thread-safe.
   *
   * @throws IllegalArgumentException if {@code draws} is empty or a draw is not in {@code [0, 1)}
   */
  public static RandomGenerator uniforms(double... draws) {
    if (draws.length == 0) {
      throw new IllegalArgumentException("draws must not be empty");
    }
    for (double d : draws) {
      if (!(d >= 0.0 && d < 1.0)) {
        throw new IllegalArgumentException("draws must be in [0, 1): " + d);
      }
    }
    double[] copy = draws.clone();
    return new RandomGenerator() {
      private int next;

      @Override
      public synchronized double nextDouble() {
        double d = copy[next];
        next = (next + 1) % copy.length;
        return d;
      }

      @Override
      public long nextLong() {
        return (long) (nextDouble() * 0x1p63);
      }
    };
  }
}
