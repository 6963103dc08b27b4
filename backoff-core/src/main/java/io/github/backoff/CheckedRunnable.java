package io.github.backoff;

/** A {@link Runnable} that may throw a checked exception, for {@link Retrier#run}. */
@FunctionalInterface
public interface CheckedRunnable {
  /** Runs, or throws. */
  void run() throws Exception;
}
