package io.github.backoff.sim.hedging;

/** How the simulated clients hedge: not at all, after a fixed delay, or after a percentile of recent latencies. */
public enum HedgeMode {
  /** One attempt per request. */
  NONE,
  /** A hedge after {@link HedgingConfig#fixedDelayMs()}. */
  FIXED,
  /** A hedge after the {@link HedgingConfig#percentile()} of recent latencies, tracked by core's histogram. */
  PERCENTILE,
  /**
   * As {@link #PERCENTILE}, with hedges capped at {@link HedgingConfig#budgetPercent()} % of the requests of the
   * last 10 s by core's {@code RetryBudget.ratio} (Finagle's cap on backup requests).
   */
  BUDGETED
}
