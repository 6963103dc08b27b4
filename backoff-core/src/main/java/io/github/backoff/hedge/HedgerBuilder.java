package io.github.backoff.hedge;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.DefaultScheduler;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Builds a {@link Hedger}: injects the ticker, the scheduler and the executor that runs the hedges.
 *
 * <pre>{@code
 * ManualScheduler scheduler = new ManualScheduler();   // virtual time, from backoff-testing
 * Hedger<String> hedger = Hedger.builder(policy)
 *     .withTicker(scheduler::nanoTime)
 *     .withScheduler(scheduler)
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: build on one thread, then share the hedger.
 *
 * @param <R> the result type
 */
public final class HedgerBuilder<R> {
  private final HedgePolicy<R> policy;
  private Ticker ticker = Ticker.SYSTEM;
  private ScheduledExecutorService scheduler;
  private Executor executor;

  HedgerBuilder(HedgePolicy<R> policy) {
    this.policy = policy;
  }

  /**
   * The source of time for delays, latencies and events (default {@link Ticker#SYSTEM}).
   *
   * @throws NullPointerException if {@code ticker} is null
   */
  public HedgerBuilder<R> withTicker(Ticker ticker) {
    this.ticker = Checks.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * The scheduler that sends the hedges, whose threads run them and the supplier calls they make (each hedge a
   * task of its own). The default is the core's shared scheduler: one timer thread for the JVM that hands each due
   * hedge to a worker (a virtual thread on JDK 21 and later, one of at most 64 daemon threads before), so a
   * supplier that blocks never holds the timer nor delays another hedge.
   *
   * @throws NullPointerException if {@code scheduler} is null
   */
  public HedgerBuilder<R> withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Checks.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * Runs the hedges the timer sends: each one's supplier call is handed on its own to {@code executor.execute}
   * (the original attempt runs on the caller's thread of {@link Hedger#callAsync}, and a hedge sent at once after
   * a failure on the thread that saw the failure). Without one, the scheduler given to {@link #withScheduler}, else
   * the default scheduler's workers. The hedger never shuts it down. If {@code execute} throws (a
   * {@link java.util.concurrent.RejectedExecutionException}, or anything else), that hedge counts as an attempt
   * that failed with what it threw, as a supplier that throws does.
   *
   * @throws NullPointerException if {@code executor} is null
   * @throws io.github.backoff.InvalidParameterException if {@code executor} is an
   *     {@link java.util.concurrent.ExecutorService} that is already shut down
   */
  public HedgerBuilder<R> withExecutor(Executor executor) {
    this.executor = Checks.usableExecutor(executor, "executor");
    return this;
  }

  /** The hedger. */
  public Hedger<R> build() {
    ScheduledExecutorService timer = scheduler != null ? scheduler : DefaultScheduler.get();
    Executor hedges = executor != null ? executor : scheduler != null ? scheduler : DefaultScheduler.workers();
    return new Hedger<>(policy, ticker, timer, hedges);
  }
}
