package io.github.backoff;

import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * The default random source: {@link ThreadLocalRandom#current()} looked up at each draw, as its Javadoc requires.
 * Holding on to one {@code current()} instance and calling it from other threads would use those threads'
 * uninitialised seeds, and give them all the same jitter — the very synchronisation jitter exists to break.
 */
final class ThreadLocalRandomSource implements RandomGenerator {
  static final ThreadLocalRandomSource INSTANCE = new ThreadLocalRandomSource();

  private ThreadLocalRandomSource() {}

  @Override
  public long nextLong() {
    return ThreadLocalRandom.current().nextLong();
  }

  @Override
  public double nextDouble() {
    return ThreadLocalRandom.current().nextDouble();
  }

  @Override
  public int nextInt() {
    return ThreadLocalRandom.current().nextInt();
  }

  @Override
  public String toString() {
    return "ThreadLocalRandom";
  }
}
