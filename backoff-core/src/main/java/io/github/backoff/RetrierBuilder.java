package io.github.backoff;

import io.github.backoff.internal.Checks;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * Builds a {@link Retrier}, injecting the sources of time, sleeping, scheduling and randomness, and the executor
 * that runs async retries. The defaults are {@link Ticker#SYSTEM}, {@link Sleeper#SYSTEM}, the shared default
 * scheduler and executor, and {@link java.util.concurrent.ThreadLocalRandom} (looked up at each draw).
 *
 * <p><b>The default scheduler and executor.</b> One timer thread for the whole JVM ({@code backoff-scheduler}, a
 * daemon, started on first use) only keeps time: each due retry is handed on its own to a worker, and so is every
 * other due task (an attempt's timeout, a hedge), so a supplier that blocks holds its worker and delays nothing
 * else. The workers ({@code backoff-worker-N}) are, on JDK 21 and later, a new virtual thread per task (no bound;
 * the JDK runs them on as many carrier threads as there are CPUs); on JDK 17 to 20, a pool of at most 64 daemon
 * platform threads, started on demand, whose idle threads end after 30 s. Why 64: enough that 64 suppliers can
 * block at once without delaying a 65th retry (200 retries whose supplier blocks 300 ms finish in about 1.3 s, see
 * docs/benchmarks.md), few enough that a retry storm of blocking calls cannot start thousands of platform threads
 * (each reserves a stack, 1 MiB by default) on a small machine; beyond 64 blocked suppliers, further due tasks wait
 * in the pool's queue for a free worker. An application that blocks in more suppliers at once gives its own
 * executor ({@link #withExecutor}).
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
  private Executor executor;
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
   * Times asynchronous retries and per-attempt timeouts (in virtual time with a test's manual scheduler), and,
   * unless an executor is given ({@link #withExecutor}), runs the due retries on its threads, each as a task of its
   * own. The retrier never shuts it down. Without one, the shared default scheduler is used. Its {@code schedule}
   * may run a task due now on the calling thread before returning (no retry is lost), but must not wait for a task
   * it hands to another thread: the retrier's timer is locked while it schedules.
   *
   * @throws NullPointerException if {@code scheduler} is null
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

  /**
   * Runs the async retries once they are due: the timer hands each due retry on its own to
   * {@code executor.execute}, which then calls the supplier (the first attempt runs on the caller's thread of
   * {@link Retrier#callAsync}). Give one when suppliers block in numbers the default executor does not suit (see
   * the class documentation), or to run attempts where the application wants them. The retrier never shuts it
   * down.
   *
   * <p>An executor that runs the task on the calling thread (such as {@code Runnable::run} or a
   * {@code CallerRunsPolicy}) runs the retry on the scheduler's thread, in turn with the other retries due at the
   * same time: fine in a test, not with suppliers that block.
   *
   * <p><b>Refusal.</b> If {@code execute} throws ({@link java.util.concurrent.RejectedExecutionException} from an
   * executor that is shut down or saturated, or anything else), the retry is not lost: the future that
   * {@link Retrier#callAsync} returned completes exceptionally with what {@code execute} threw, and the other due
   * retries are still handed off. A retry is never left waiting for an attempt that will not run.
   *
   * <pre>{@code
   * ExecutorService jdbcPool = Executors.newFixedThreadPool(32);
   * Retrier<Row> retrier = Retrier.builder(policy).withExecutor(jdbcPool).build();
   * }</pre>
   *
   * @throws NullPointerException if {@code executor} is null
   * @throws InvalidParameterException if {@code executor} is an {@link java.util.concurrent.ExecutorService}
   *     that is already shut down (every retry would be refused)
   */
  public RetrierBuilder<R> withExecutor(Executor executor) {
    this.executor = Checks.usableExecutor(executor, "executor");
    return this;
  }

  /** A new retrier. */
  public Retrier<R> build() {
    return new Retrier<>(policy, ticker, sleeper, scheduler, executor, random);
  }
}
