package io.github.backoff.hedge;

import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

/**
 * Runs asynchronous calls under a {@link HedgePolicy}: starts the original attempt on the calling thread and, if
 * no acceptable answer has come within the hedging delay, a hedge on the scheduler; the first acceptable answer
 * wins and the attempts still in flight are cancelled.
 *
 * <pre>{@code
 * Hedger<String> hedger = Hedger.of(policy);
 * CompletableFuture<String> body = hedger.callAsync(() -> httpClient.sendAsync(request, ofString())
 *     .thenApply(HttpResponse::body));
 *
 * // With retries: retry outside, hedge inside. Each retry is a hedged call of its own.
 * CompletableFuture<String> retried = Retrier.of(retryPolicy).callAsync(() -> hedger.callAsync(supplier));
 * }</pre>
 *
 * <p>A hedger is thread-safe; one instance serves any number of concurrent calls. It holds the timer that sends
 * the hedges (one scheduled wake-up for all pending calls, not one per call) and, for an adaptive policy, the
 * {@link LatencyHistogram} of the original attempts' latencies: use one hedger per downstream service. Time and
 * scheduling are injected through {@link #builder(HedgePolicy)}, so tests run in virtual time.
 *
 * <p><b>Guarantees.</b> The returned future completes exactly once: with the first acceptable result, with the
 * first failure that the policy does not hedge on, or, when every attempt has ended without an acceptable answer
 * and no hedge is left, with the last attempt's result or failure (unwrapped from {@code CompletionException}). No
 * thread is held while waiting. Cancelling or completing the returned future cancels every attempt in flight and
 * sends no further hedge. A supplier that throws counts as a failed attempt. The events of a call's answer
 * ({@link HedgeWon}, {@link HedgeCancelled}) are delivered before its future completes.
 *
 * @param <R> the result type
 */
public final class Hedger<R> {
  final HedgePolicy<R> policy;
  /** The policy's options, read by every call (one field away, as the policy's own fields were). */
  final HedgePolicyConfig<R> config;
  final Ticker ticker;
  final HedgeTimer timer;
  /** Where the timer's hedges call the supplier, each as a task of its own. */
  final Executor executor;
  final LatencyHistogram histogram;
  private final long cacheNanos;
  private volatile long cachedDelay;
  private volatile long cachedUntil;

  Hedger(HedgePolicy<R> policy, Ticker ticker, ScheduledExecutorService scheduler, Executor executor) {
    this.policy = policy;
    this.config = policy.config;
    this.ticker = ticker;
    this.timer = new HedgeTimer(scheduler, ticker);
    this.executor = executor;
    this.histogram = policy.isAdaptive() ? LatencyHistogram.create(Duration.ofNanos(config.windowNanos), ticker)
        : null;
    this.cacheNanos = Math.max(1, config.windowNanos / 100);
    this.cachedDelay = policy.isAdaptive() ? config.initialDelayNanos : config.fixedDelayNanos;
    this.cachedUntil = ticker.read();
  }

  /**
   * A hedger with the system ticker and a shared daemon scheduler.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  public static <R> Hedger<R> of(HedgePolicy<R> policy) {
    return builder(policy).build();
  }

  /**
   * A builder to inject the ticker or the scheduler.
   *
   * @throws NullPointerException if {@code policy} is null
   */
  public static <R> HedgerBuilder<R> builder(HedgePolicy<R> policy) {
    return new HedgerBuilder<>(Checks.requireNonNull(policy, "policy"));
  }

  /** The policy this hedger runs calls under. */
  public HedgePolicy<R> policy() {
    return policy;
  }

  /** The hedging delay a call starting now would use. */
  public Duration currentDelay() {
    return Duration.ofNanos(delayNanos(ticker.read()));
  }

  /**
   * Starts {@code supplier}'s original attempt on the calling thread and hedges it as the policy says; see the
   * class documentation for what the returned future completes with. Each hedge the timer sends calls the
   * supplier in a task of its own, on the scheduler given to {@link HedgerBuilder#withScheduler}, else on the
   * default scheduler's workers (virtual threads on JDK 21 and later, at most 64 platform threads before), so a
   * supplier that blocks delays no other call's hedge.
   *
   * @throws NullPointerException if {@code supplier} is null
   */
  public CompletableFuture<R> callAsync(Supplier<? extends CompletionStage<? extends R>> supplier) {
    Checks.requireNonNull(supplier, "supplier");
    HedgedCall<R> call = new HedgedCall<>(this, supplier);
    call.start();
    return call;
  }

  /** The delay now: fixed, or the cached percentile, refreshed at most once per hundredth of the window. */
  long delayNanos(long now) {
    if (histogram == null) {
      return config.fixedDelayNanos;
    }
    long until = cachedUntil;
    if (now - until < 0) {
      return cachedDelay;
    }
    cachedUntil = now + cacheNanos; // racing refreshers compute the same thing; no need for a CAS
    long delay = histogram.count() < 20 ? config.initialDelayNanos
        : Math.max(config.minDelayNanos, histogram.percentile(config.percentile));
    cachedDelay = delay;
    return delay;
  }

  @Override
  public String toString() {
    return "Hedger(" + policy + ")";
  }
}
