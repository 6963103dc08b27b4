package io.github.backoff.hedge;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Predicate;

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
  final long fixedDelayNanos;
  final double percentile;
  final long initialDelayNanos;
  final long minDelayNanos;
  final long windowNanos;
  final int maxHedges;
  final RetryBudget budget;
  final Predicate<? super Throwable> hedgeOnFailure;
  final Predicate<? super R> hedgeIfResult;
  final List<HedgeListener<? super R>> listeners;

  HedgePolicy(HedgePolicyBuilder<R> b) {
    this.fixedDelayNanos = b.fixedDelayNanos;
    this.percentile = b.percentile;
    this.initialDelayNanos = b.initialDelayNanos;
    this.minDelayNanos = b.minDelayNanos;
    this.windowNanos = b.windowNanos;
    this.maxHedges = b.maxHedges;
    this.budget = b.budget;
    this.hedgeOnFailure = b.hedgeOnFailure;
    this.hedgeIfResult = b.hedgeIfResult;
    this.listeners = List.copyOf(b.listeners);
  }

  /** A builder; a delay must be chosen with {@code withDelay} or {@code withPercentileDelay}. */
  public static <R> HedgePolicyBuilder<R> builder() {
    return new HedgePolicyBuilder<>();
  }

  /** Whether the delay adapts to a percentile of recent latencies. */
  public boolean isAdaptive() {
    return fixedDelayNanos < 0;
  }

  /** The fixed delay, or the adaptive delay's initial value (used until enough latencies are recorded). */
  public Duration delay() {
    return Duration.ofNanos(isAdaptive() ? initialDelayNanos : fixedDelayNanos);
  }

  /** The percentile of an adaptive delay, or empty for a fixed one. */
  public OptionalDouble percentile() {
    return isAdaptive() ? OptionalDouble.of(percentile) : OptionalDouble.empty();
  }

  /** The smallest delay an adaptive policy uses. */
  public Duration minDelay() {
    return Duration.ofNanos(minDelayNanos);
  }

  /** The window over which an adaptive policy's latencies decay. */
  public Duration latencyWindow() {
    return Duration.ofNanos(windowNanos);
  }

  /** The maximum number of hedged attempts beyond the original. */
  public int maxHedges() {
    return maxHedges;
  }

  /** The budget asked before every hedge, if any. */
  public Optional<RetryBudget> budget() {
    return Optional.ofNullable(budget);
  }

  /** The listeners, in registration order. */
  public List<HedgeListener<? super R>> listeners() {
    return listeners;
  }

  @Override
  public String toString() {
    String delay = isAdaptive()
        ? "p" + percentile + " (initially " + Durations.format(initialDelayNanos) + ", at least "
            + Durations.format(minDelayNanos) + ", window " + Durations.format(windowNanos) + ")"
        : Durations.format(fixedDelayNanos);
    return "HedgePolicy(delay=" + delay + ", maxHedges=" + maxHedges + (budget == null ? "" : ", budget=" + budget)
        + ")";
  }
}
