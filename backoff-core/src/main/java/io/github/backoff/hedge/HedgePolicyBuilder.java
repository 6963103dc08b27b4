package io.github.backoff.hedge;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Builds a {@link HedgePolicy}. Each setter validates its argument at once, naming the parameter and the value;
 * {@link #build()} copies, so the builder may be reused.
 *
 * <pre>{@code
 * HedgePolicy<String> policy = HedgePolicy.<String>builder()
 *     .withDelay(Duration.ofMillis(20))
 *     .withMaxHedges(2)
 *     .hedgeOn(IOException.class)
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: build on one thread, then share the policy.
 *
 * @param <R> the result type
 */
public final class HedgePolicyBuilder<R> {
  /** The most hedges a call may send; gRPC allows 4 (5 attempts). */
  public static final int MAX_HEDGES = 10;

  long fixedDelayNanos = -1;
  double percentile = Double.NaN;
  long initialDelayNanos;
  long minDelayNanos;
  long windowNanos = 10_000_000_000L;
  int maxHedges = 1;
  RetryBudget budget;
  Predicate<? super Throwable> hedgeOnFailure = t -> false;
  Predicate<? super R> hedgeIfResult = r -> false;
  final List<HedgeListener<? super R>> listeners = new ArrayList<>();

  HedgePolicyBuilder() {}

  /**
   * Hedges after a fixed {@code delay}; zero sends every attempt at once.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   * @throws IllegalStateException if a delay was already chosen
   */
  public HedgePolicyBuilder<R> withDelay(Duration delay) {
    long nanos = Checks.nonNegativeNanos(delay, "delay");
    requireNoDelay();
    this.fixedDelayNanos = nanos;
    return this;
  }

  /**
   * Hedges after the {@code percentile} of the original attempts' recent latencies ("The Tail at Scale" hedges
   * after the 95th), kept in a {@link LatencyHistogram} per {@link Hedger}; until it holds 20 latencies, after
   * {@code initialDelay}. The original attempt's latency is recorded when it answers, or, if the call ends first,
   * the time it had run by then (a lower bound: the histogram is exact below the delay, which is what matters).
   *
   * @throws IllegalArgumentException if {@code percentile} is not in {@code (0, 100)} or {@code initialDelay} is
   *     negative
   * @throws IllegalStateException if a delay was already chosen
   */
  public HedgePolicyBuilder<R> withPercentileDelay(double percentile, Duration initialDelay) {
    Checks.requireArgument(percentile > 0 && percentile < 100, "percentile must be in (0, 100): %s", percentile);
    long nanos = Checks.nonNegativeNanos(initialDelay, "initialDelay");
    requireNoDelay();
    this.percentile = percentile;
    this.initialDelayNanos = nanos;
    return this;
  }

  /**
   * The smallest delay an adaptive policy uses (default 0), so that a service that suddenly answers in
   * microseconds is not hedged on every blip.
   *
   * @throws IllegalArgumentException if {@code minDelay} is negative
   */
  public HedgePolicyBuilder<R> withMinDelay(Duration minDelay) {
    this.minDelayNanos = Checks.nonNegativeNanos(minDelay, "minDelay");
    return this;
  }

  /**
   * How fast an adaptive policy forgets (default 10 s): the histogram's counts halve every half window.
   *
   * @throws IllegalArgumentException if {@code window} is shorter than 1 ms
   */
  public HedgePolicyBuilder<R> withLatencyWindow(Duration window) {
    Checks.requireNonNull(window, "window");
    Checks.requireArgument(window.compareTo(Duration.ofMillis(1)) >= 0, "window must be >= 1 ms: %s",
        Durations.format(window));
    this.windowNanos = Durations.toNanosSaturated(window);
    return this;
  }

  /**
   * The maximum number of hedged attempts beyond the original (default 1); 0 turns hedging off.
   *
   * @throws IllegalArgumentException if {@code maxHedges} is not in {@code [0, MAX_HEDGES]}
   */
  public HedgePolicyBuilder<R> withMaxHedges(int maxHedges) {
    Checks.requireArgument(maxHedges >= 0 && maxHedges <= MAX_HEDGES, "maxHedges must be in [0, %d]: %d",
        MAX_HEDGES, maxHedges);
    this.maxHedges = maxHedges;
    return this;
  }

  /**
   * Asks {@code budget} before every hedge ({@code tryAcquireRetry(null)}); each call counts as one request. A
   * denied hedge is not sent, and the call sends no further hedge. Share one budget per downstream service.
   *
   * @throws NullPointerException if {@code budget} is null
   */
  public HedgePolicyBuilder<R> withBudget(RetryBudget budget) {
    this.budget = Checks.requireNonNull(budget, "budget");
    return this;
  }

  /**
   * Failures of these types (or subtypes) do not end the call: the next hedge is sent at once, and the attempts
   * in flight go on. Any other failure is the call's answer. Adds to earlier conditions.
   *
   * @throws NullPointerException if a type is null
   */
  @SafeVarargs
  public final HedgePolicyBuilder<R> hedgeOn(Class<? extends Throwable>... failures) {
    List<Class<? extends Throwable>> types = List.of(Checks.requireNonNull(failures, "failures"));
    return hedgeOnFailure(t -> {
      for (Class<? extends Throwable> type : types) {
        if (type.isInstance(t)) {
          return true;
        }
      }
      return false;
    });
  }

  /**
   * Failures matching {@code condition} do not end the call; see {@link #hedgeOn}. Adds to earlier conditions.
   *
   * @throws NullPointerException if {@code condition} is null
   */
  public HedgePolicyBuilder<R> hedgeOnFailure(Predicate<? super Throwable> condition) {
    Checks.requireNonNull(condition, "condition");
    Predicate<? super Throwable> previous = hedgeOnFailure;
    this.hedgeOnFailure = t -> previous.test(t) || condition.test(t);
    return this;
  }

  /**
   * Results matching {@code condition} are not acceptable answers: the next hedge is sent at once, as after a
   * {@link #hedgeOn} failure. If no attempt gives an acceptable answer, the call completes with the last result.
   * Adds to earlier conditions.
   *
   * @throws NullPointerException if {@code condition} is null
   */
  public HedgePolicyBuilder<R> hedgeIfResult(Predicate<? super R> condition) {
    Checks.requireNonNull(condition, "condition");
    Predicate<? super R> previous = hedgeIfResult;
    this.hedgeIfResult = r -> previous.test(r) || condition.test(r);
    return this;
  }

  /**
   * Adds a listener for the events of every call. A listener that throws is logged and ignored.
   *
   * @throws NullPointerException if {@code listener} is null
   */
  public HedgePolicyBuilder<R> onEvent(HedgeListener<? super R> listener) {
    listeners.add(Checks.requireNonNull(listener, "listener"));
    return this;
  }

  /**
   * The policy.
   *
   * @throws IllegalStateException if no delay was chosen
   */
  public HedgePolicy<R> build() {
    Checks.requireState(fixedDelayNanos >= 0 || !Double.isNaN(percentile),
        "a hedging delay is required: call withDelay or withPercentileDelay");
    return new HedgePolicy<>(this);
  }

  private void requireNoDelay() {
    Checks.requireState(fixedDelayNanos < 0 && Double.isNaN(percentile),
        "the hedging delay is already set: withDelay and withPercentileDelay exclude each other");
  }
}
