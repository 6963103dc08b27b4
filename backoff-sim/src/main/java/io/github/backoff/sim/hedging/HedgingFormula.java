package io.github.backoff.sim.hedging;

/**
 * Tail latency of a hedged call at zero load, where attempts are independent and never wait for a server.
 *
 * <p>The original attempt takes {@code X1}; a hedge sent at {@code d} takes {@code X2}, both distributed as
 * {@code X}. The call ends at {@code T = min(X1, d + X2)}, so for {@code t > d}
 * <pre>
 *   P(T &gt; t) = P(X &gt; t) · P(X &gt; t − d)
 * </pre>
 * and {@code P(T > t) = P(X > t)} for {@code t <= d}. The hedged p99 is the {@code t} that solves
 * {@code P(X > t) · P(X > t − d) = 0.01}; the factor by which hedging cuts the p99 is the unhedged p99 (which
 * solves {@code P(X > t) = 0.01}) divided by it.
 *
 * <pre>{@code
 * LatencyDistribution x = new LatencyDistribution(10, 0.5, 0.02, 10);
 * double d = x.quantile(0.95);
 * double factor = x.quantile(0.99) / HedgingFormula.quantile(x, d, 0.99);
 * }</pre>
 *
 * <p>Stateless; thread-safe.
 */
public final class HedgingFormula {
  private HedgingFormula() {}

  /** {@code P(T > t)} for one hedge sent after {@code delayMs}. */
  public static double survival(LatencyDistribution x, double delayMs, double t) {
    return t <= delayMs ? x.survival(t) : x.survival(t) * x.survival(t - delayMs);
  }

  /** The {@code p}-quantile of the hedged call's latency, in milliseconds. */
  public static double quantile(LatencyDistribution x, double delayMs, double p) {
    return LatencyDistribution.solve(t -> survival(x, delayMs, t), 1 - p);
  }
}
