package io.github.backoff.hedge;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.DefaultScheduler;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Builds a {@link Hedger}: injects the ticker and the scheduler.
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
   * The scheduler that sends the hedges, whose threads run them and the supplier calls they make. The default is
   * the core's shared scheduler: one timer thread for the JVM that hands each due hedge to a daemon worker, so a
   * supplier that blocks never holds the timer.
   *
   * @throws NullPointerException if {@code scheduler} is null
   */
  public HedgerBuilder<R> withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Checks.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /** The hedger. */
  public Hedger<R> build() {
    return new Hedger<>(policy, ticker, scheduler != null ? scheduler : DefaultScheduler.get());
  }
}
