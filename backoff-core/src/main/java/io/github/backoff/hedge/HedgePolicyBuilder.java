package io.github.backoff.hedge;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * <p><b>Each option is set once.</b> Setting an option a second time on the same builder throws
 * {@link IllegalStateException} naming the option, as {@code RetryPolicyBuilder} does: the delay (fixed by
 * {@link #withDelay}, or adaptive by {@link #withPercentileDelay}: one option), {@link #withMinDelay},
 * {@link #withLatencyWindow}, {@link #withMaxHedges}, {@link #withBudget}. The methods documented as <em>adding</em>
 * ({@link #hedgeOn}, {@link #hedgeOnFailure}, {@link #hedgeIfResult}, {@link #onEvent}) may be called any number
 * of times.
 *
 * <p><b>Deriving a variant.</b> A builder from {@link HedgePolicy#toBuilder()} starts from copied values, which
 * this builder did not set: each option may be set once, the new value replacing the copied one (a fixed delay
 * may become an adaptive one and back), and a second set is refused as above. Added conditions and listeners are
 * added to the copied ones.
 *
 * <p>Not thread-safe: build on one thread, then share the policy.
 *
 * @param <R> the result type
 */
public final class HedgePolicyBuilder<R> {
  /** The most hedges a call may send; gRPC allows 4 (5 attempts). */
  public static final int MAX_HEDGES = 10;

  /** The one name of the option {@link #withDelay} and {@link #withPercentileDelay} set. */
  private static final String DELAY = "the hedging delay (withDelay or withPercentileDelay)";

  /** What this builder writes; {@link #build()} copies it. */
  private final HedgePolicyConfig<R> config;
  /** The options this builder has set, each refused a second time. */
  private final Set<String> set = new HashSet<>();

  HedgePolicyBuilder() {
    this(new HedgePolicyConfig<>());
  }

  /** A builder writing into {@code config}, its own copy (of a policy's, for {@link HedgePolicy#toBuilder()}). */
  HedgePolicyBuilder(HedgePolicyConfig<R> config) {
    this.config = config;
  }

  /**
   * Hedges after a fixed {@code delay}; zero sends every attempt at once.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   * @throws IllegalStateException if this builder chose a delay already (here or with
   *     {@link #withPercentileDelay})
   */
  public HedgePolicyBuilder<R> withDelay(Duration delay) {
    long nanos = Checks.nonNegativeNanos(delay, "delay");
    setOnce(DELAY);
    config.fixedDelayNanos = nanos;
    config.percentile = Double.NaN;
    config.initialDelayNanos = 0;
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
   * @throws IllegalStateException if this builder chose a delay already (here or with {@link #withDelay})
   */
  public HedgePolicyBuilder<R> withPercentileDelay(double percentile, Duration initialDelay) {
    Checks.requireArgument(percentile > 0 && percentile < 100, "percentile must be in (0, 100): %s", percentile);
    long nanos = Checks.nonNegativeNanos(initialDelay, "initialDelay");
    setOnce(DELAY);
    config.fixedDelayNanos = -1;
    config.percentile = percentile;
    config.initialDelayNanos = nanos;
    return this;
  }

  /**
   * The smallest delay an adaptive policy uses (default 0), so that a service that suddenly answers in
   * microseconds is not hedged on every blip.
   *
   * @throws IllegalArgumentException if {@code minDelay} is negative
   * @throws IllegalStateException if this builder set {@code minDelay} already
   */
  public HedgePolicyBuilder<R> withMinDelay(Duration minDelay) {
    long nanos = Checks.nonNegativeNanos(minDelay, "minDelay");
    setOnce("minDelay");
    config.minDelayNanos = nanos;
    return this;
  }

  /**
   * How fast an adaptive policy forgets (default 10 s): the histogram's counts halve every half window.
   *
   * @throws IllegalArgumentException if {@code window} is shorter than 1 ms
   * @throws IllegalStateException if this builder set {@code latencyWindow} already
   */
  public HedgePolicyBuilder<R> withLatencyWindow(Duration window) {
    Checks.requireNonNull(window, "window");
    Checks.requireArgument(window.compareTo(Duration.ofMillis(1)) >= 0, "window must be >= 1 ms: %s",
        Durations.format(window));
    setOnce("latencyWindow");
    config.windowNanos = Durations.toNanosSaturated(window);
    return this;
  }

  /**
   * The maximum number of hedged attempts beyond the original (default 1); 0 turns hedging off.
   *
   * @throws IllegalArgumentException if {@code maxHedges} is not in {@code [0, MAX_HEDGES]}
   * @throws IllegalStateException if this builder set {@code maxHedges} already
   */
  public HedgePolicyBuilder<R> withMaxHedges(int maxHedges) {
    Checks.requireArgument(maxHedges >= 0 && maxHedges <= MAX_HEDGES, "maxHedges must be in [0, %d]: %d",
        MAX_HEDGES, maxHedges);
    setOnce("maxHedges");
    config.maxHedges = maxHedges;
    return this;
  }

  /**
   * Asks {@code budget} before every hedge ({@code tryAcquireRetry(null)}); each call counts as one request. A
   * denied hedge is not sent, and the call sends no further hedge. Share one budget per downstream service.
   *
   * @throws NullPointerException if {@code budget} is null
   * @throws IllegalStateException if this builder set {@code budget} already
   */
  public HedgePolicyBuilder<R> withBudget(RetryBudget budget) {
    Checks.requireNonNull(budget, "budget");
    setOnce("budget");
    config.budget = budget;
    return this;
  }

  /**
   * Failures of these types (or subtypes) do not end the call: the next hedge is sent at once, and the attempts
   * in flight go on. Any other failure is the call's answer. Adds to earlier conditions.
   *
   * @throws NullPointerException if a type is null
   */
  @SafeVarargs
  @SuppressWarnings("varargs") // the array is only copied by List.of, never stored or exposed
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
    Predicate<? super Throwable> previous = config.hedgeOnFailure;
    config.hedgeOnFailure = t -> previous.test(t) || condition.test(t);
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
    Predicate<? super R> previous = config.hedgeIfResult;
    config.hedgeIfResult = r -> previous.test(r) || condition.test(r);
    return this;
  }

  /**
   * Adds a listener for the events of every call. A listener that throws is logged and ignored.
   *
   * @throws NullPointerException if {@code listener} is null
   */
  public HedgePolicyBuilder<R> onEvent(HedgeListener<? super R> listener) {
    config.addListener(Checks.requireNonNull(listener, "listener"));
    return this;
  }

  /**
   * The policy.
   *
   * @throws IllegalStateException if no delay was chosen
   */
  public HedgePolicy<R> build() {
    Checks.requireState(config.hasDelay(), "a hedging delay is required: call withDelay or withPercentileDelay");
    return new HedgePolicy<>(config.copy());
  }

  /**
   * Records that {@code option} is set, refusing it if this builder set it already (see the class description).
   *
   * @throws IllegalStateException if this builder set {@code option} already
   */
  private void setOnce(String option) {
    Checks.requireState(set.add(option), "%s was already set on this builder: set each option once", option);
  }
}
