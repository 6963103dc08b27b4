package io.github.backoff;

import io.github.backoff.internal.Checks;
import java.util.concurrent.ScheduledExecutorService;

import java.util.random.RandomGenerator;

/**
 * Builds a {@link Retrier}, injecting the sources of time, sleeping, scheduling and randomness. The defaults are
 * {@link Ticker#SYSTEM}, {@link Sleeper#SYSTEM}, the shared default scheduler and
 * {@link java.util.concurrent.ThreadLocalRandom} (looked up at each draw). The default scheduler has one timer
 * thread for the whole JVM ({@code backoff-scheduler}, a daemon, started on first use) that only keeps time: each
 * due task (a retry's wake-up, an attempt's timeout) is handed to a daemon worker ({@code backoff-worker-N}, a
 * cached pool whose idle threads end after 30 s), so nothing that can block ever runs on the timer thread.
 *
 * <pre>{@code
 * ManualScheduler scheduler = new ManualScheduler();   // backoff-testing: virtual time
 * Retrier<String> retrier = Retrier.builder(policy)
 *     .withTicker(scheduler::nanoTime)
 *     .withSleeper(scheduler::sleep)
 *     .withScheduler(scheduler)
 *     .withRandom(new SplittableRandom(42))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 *
 * @param <R> the result type
 */
public final class RetrierBuilder<R> {
  private final RetryPolicy<R> policy;
  private Ticker ticker = Ticker.SYSTEM;
  private Sleeper sleeper = Sleeper.SYSTEM;
  private ScheduledExecutorService scheduler;
  private RandomGenerator random = ThreadLocalRandomSource.INSTANCE;

  RetrierBuilder(RetryPolicy<R> policy) {
    this.policy = policy;
  }

  /** The source of time for elapsed budgets, timeouts and events. */
  public RetrierBuilder<R> withTicker(Ticker ticker) {
    this.ticker = Checks.requireNonNull(ticker, "ticker");
    return this;
  }

  /** How the synchronous driver waits between attempts. */
  public RetrierBuilder<R> withSleeper(Sleeper sleeper) {
    this.sleeper = Checks.requireNonNull(sleeper, "sleeper");
    return this;
  }

  /**
   * Starts asynchronous retries and runs per-attempt timeouts, on its own threads (in virtual time with a test's
   * manual scheduler). The retrier never shuts it down. Without one, the shared default scheduler is used.
   */
  public RetrierBuilder<R> withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Checks.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * The source of jitter. It is called from every thread that runs an attempt, so it must be thread-safe if the
   * retrier is used concurrently (a seeded {@code SplittableRandom} is fine for a single-threaded test).
   */
  public RetrierBuilder<R> withRandom(RandomGenerator random) {
    this.random = Checks.requireNonNull(random, "random");
    return this;
  }

  /** A new retrier. */
  public Retrier<R> build() {
    return new Retrier<>(policy, ticker, sleeper, scheduler, random);
  }
}
