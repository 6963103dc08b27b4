package io.github.backoff.hedge;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How to hedge a call: when an attempt has not answered within the hedging delay, send another and take the first
 * acceptable answer (Dean and Barroso, "The Tail at Scale"; gRPC's hedging policy; Finagle's backup requests).
 * Retries fix failures; hedging fixes slowness.
 *
 * <ul>
 *   <li><b>Delay</b>: fixed ({@link HedgePolicyBuilder#withDelay}) or adaptive, a percentile of the original
 *       attempts' recent latencies ({@link HedgePolicyBuilder#withPercentileDelay}).
 *   <li><b>Hedges</b>: at most {@link #maxHedges()} attempts beyond the original (default 1), each a further
 *       delay after the previous one.
 *   <li><b>Budget</b>: optionally, a {@link RetryBudget} asked before every hedge, so hedges never exceed a share
 *       of the traffic; {@code RetryBudget.ratio(0.05, ...)} caps them at 5 % of the calls, as Finagle does.
 *   <li><b>Answers</b>: an attempt's result is the call's answer unless it matches {@code hedgeIfResult}; a
 *       failure is the call's answer (it fails the call at once, as gRPC's fatal status codes do) unless it
 *       matches {@code hedgeOn}, in which case the next hedge is sent at once (budget and count permitting) and
 *       the attempts in flight go on.
 * </ul>
 *
 * <pre>{@code
 * HedgePolicy<String> policy = HedgePolicy.<String>builder()
 *     .withPercentileDelay(95.0, Duration.ofMillis(50))   // hedge after the p95 of recent latencies
 *     .withMaxHedges(1)
 *     .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, Ticker.SYSTEM))
 *     .hedgeOn(IOException.class)
 *     .build();
 * CompletableFuture<String> body = Hedger.of(policy).callAsync(() -> fetchAsync(url));
 * }</pre>
 *
 * <p>Immutable and thread-safe; one policy may serve any number of {@link Hedger}s. The budget and the listeners
 * it holds are shared by all of them.
 *
 * @param <R> the result type
 */
public final class HedgePolicy<R> {
  /** This policy's own copy of its builder's options. */
  final HedgePolicyConfig<R> config;

  HedgePolicy(HedgePolicyConfig<R> config) {
    this.config = config;
  }

  /** A builder; a delay must be chosen with {@code withDelay} or {@code withPercentileDelay}. */
  public static <R> HedgePolicyBuilder<R> builder() {
    return new HedgePolicyBuilder<>();
  }

  /**
   * A builder initialised with this policy's settings, to derive a variant: each option may be set once more, its
   * new value replacing the copied one (the delay, fixed or adaptive, is one option); conditions and listeners
   * added are added to the copied ones (see {@link HedgePolicyBuilder}).
   */
  public HedgePolicyBuilder<R> toBuilder() {
    return new HedgePolicyBuilder<>(config.copy());
  }

  /** Whether the delay adapts to a percentile of recent latencies. */
  public boolean isAdaptive() {
    return config.fixedDelayNanos < 0;
  }

  /** The fixed delay, or the adaptive delay's initial value (used until enough latencies are recorded). */
  public Duration delay() {
    return Duration.ofNanos(isAdaptive() ? config.initialDelayNanos : config.fixedDelayNanos);
  }

  /** The percentile of an adaptive delay, or empty for a fixed one. */
  public OptionalDouble percentile() {
    return isAdaptive() ? OptionalDouble.of(config.percentile) : OptionalDouble.empty();
  }

  /** The smallest delay an adaptive policy uses. */
  public Duration minDelay() {
    return Duration.ofNanos(config.minDelayNanos);
  }

  /** The window over which an adaptive policy's latencies decay. */
  public Duration latencyWindow() {
    return Duration.ofNanos(config.windowNanos);
  }

  /** The maximum number of hedged attempts beyond the original. */
  public int maxHedges() {
    return config.maxHedges;
  }

  /** The budget asked before every hedge, if any. */
  public Optional<RetryBudget> budget() {
    return Optional.ofNullable(config.budget);
  }

  /** The listeners, in registration order. */
  public List<HedgeListener<? super R>> listeners() {
    return config.listeners;
  }

  @Override
  public String toString() {
    HedgePolicyConfig<R> c = config;
    String delay = isAdaptive()
        ? "p" + c.percentile + " (initially " + Durations.format(c.initialDelayNanos) + ", at least "
            + Durations.format(c.minDelayNanos) + ", window " + Durations.format(c.windowNanos) + ")"
        : Durations.format(c.fixedDelayNanos);
    return "HedgePolicy(delay=" + delay + ", maxHedges=" + c.maxHedges + (c.budget == null ? "" : ", budget=" + c.budget)
        + ")";
  }
}
