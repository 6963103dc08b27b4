package io.github.backoff.ratelimit;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Client-side rate limiting as in the AWS SDKs' "adaptive" retry mode: a token bucket in front of every attempt,
 * first attempts included, whose fill rate follows CUBIC (the TCP congestion-control curve) on throttling
 * responses. It measures the rate at which the client sends, cuts the fill rate to 70 % of it on a throttling
 * response, and grows it back along a cubic curve that regains the rate of the last throttle after {@code K}
 * seconds and probes beyond it after that. Until the first throttling response it lets everything through.
 *
 * <p>The formulas, in seconds and requests per second (AWS SDK for Java 2.x {@code RateLimiterTokenBucket},
 * botocore {@code retries/adaptive.py}, {@code bucket.py}, {@code throttling.py}):
 * <ul>
 *   <li>measured rate, on every response: responses are counted in half-second buckets
 *       ({@code floor(2t)/2}); when a new bucket starts, {@code measured = 0.8 · count / (bucket - lastBucket)
 *       + 0.2 · measured};
 *   <li>on a throttling response: {@code W_max = min(measured, fillRate)} (just {@code measured} before the first
 *       one), {@code K = cbrt(W_max · (1 - β) / C)}, {@code lastThrottle = t}, {@code rate = β · W_max};
 *   <li>on any other response: {@code rate = C · (t - lastThrottle - K)^3 + W_max};
 *   <li>then {@code fillRate = max(min(rate, 2 · measured), 0.5)} and the bucket's capacity
 *       {@code max(min(rate, 2 · measured), 1)}, tokens refilled at the old rate first;
 * </ul>
 * with {@code β = 0.7} and {@code C = 0.4}. Each attempt takes one token; when the bucket holds less than one, the
 * attempt waits {@code (1 - tokens) / fillRate} seconds. Tokens are reserved (the level may go below zero), as in
 * the Java SDK, so concurrent callers queue up in order and an asynchronous caller can schedule its attempt
 * instead of blocking; botocore blocks the calling thread instead, taking only a token that is in the bucket, which
 * {@link #nonReserving} does (after a throttling episode under heavy load that recovers where reservation does
 * not; see docs/retry-storms.md). See docs/aws-2026.md.
 *
 * <pre>{@code
 * AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create();     // one per throttled resource, shared
 * limiter.acquire(Sleeper.SYSTEM);                                // waits for a token (blocking)
 * HttpResponse<String> response = client.send(request, ofString());
 * limiter.onResponse(response.statusCode() == 429);
 * // or plug it into a policy: RetryPolicyBuilder.withRateLimiter(limiter)
 * }</pre>
 *
 * <p>Thread-safe and lock-free: the state is an immutable snapshot replaced by compare-and-set, so each
 * {@link #acquireDelayNanos}, granted {@link #tryAcquireDelayNanos} and {@link #onResponse} allocates one 96-byte
 * object (a refused {@code tryAcquireDelayNanos} allocates nothing). The SDKs recommend adaptive
 * mode only for clients of a single resource that are often throttled and can tolerate latency: a limiter shared
 * by unrelated resources slows all of them when one throttles.
 */
public final class AdaptiveRateLimiter {
  /** CUBIC's multiplicative decrease: the rate after a throttle is this fraction of the rate before it. */
  public static final double BETA = 0.7;
  /** CUBIC's scale constant {@code C}. */
  public static final double SCALE_CONSTANT = 0.4;
  /** The weight of the newest half-second in the measured rate. */
  public static final double SMOOTHING = 0.8;
  /** The lowest fill rate, in tokens per second. */
  public static final double MIN_FILL_RATE = 0.5;
  /** The smallest bucket capacity, in tokens. */
  public static final double MIN_CAPACITY = 1.0;

  private static final double NANOS_PER_SECOND = 1e9;

  private final Ticker ticker;
  private final long origin;
  private final AtomicReference<State> state = new AtomicReference<>(State.INITIAL);
  private final boolean reserving;

  private AdaptiveRateLimiter(Ticker ticker, boolean reserving) {
    this.ticker = Checks.requireNonNull(ticker, "ticker");
    this.origin = ticker.read();
    this.reserving = reserving;
  }

  /**
   * A limiter on the system ticker.
   *
   * @return a new limiter, off until its first throttling response
   */
  public static AdaptiveRateLimiter create() {
    return new AdaptiveRateLimiter(Ticker.SYSTEM, true);
  }

  /**
   * A limiter reading time from {@code ticker} (a fake one in tests); time starts at the first reading.
   *
   * @param ticker the source of time
   * @return a new limiter, off until its first throttling response
   */
  public static AdaptiveRateLimiter create(Ticker ticker) {
    return new AdaptiveRateLimiter(ticker, true);
  }

  /**
   * A limiter that never reserves a token, as botocore's {@code TokenBucket.acquire} ({@code retries/bucket.py}):
   * {@link #acquireDelayNanos} and {@link #tryAcquireDelayNanos} take a token only if a whole one is in the bucket
   * (returning 0); otherwise they take nothing and return the time until one will be there, and the caller waits
   * that long and asks again. The level never goes below zero. After a throttling episode under a load above the
   * fill rate it recovers where a reserving limiter does not (docs/retry-storms.md, "Does adaptive mode
   * recover?"); the price is no first-come-first-served order among waiting callers. {@link #acquire(Sleeper)} and
   * {@link #acquireAsync} do the asking again; a {@link io.github.backoff.RetryPolicy} does not take this mode
   * ({@code withRateLimiter} rejects it): use it in front of the call.
   *
   * <pre>{@code
   * AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(Ticker.SYSTEM);
   * limiter.acquire(Sleeper.SYSTEM);      // waits, re-checking, until a whole token is in the bucket, and takes it
   * }</pre>
   *
   * @param ticker the source of time
   * @return a new non-reserving limiter, off until its first throttling response
   */
  public static AdaptiveRateLimiter nonReserving(Ticker ticker) {
    return new AdaptiveRateLimiter(ticker, false);
  }

  /**
   * Whether a token is reserved when none is in the bucket ({@link #create}, the Java SDK's way) rather than
   * waited for ({@link #nonReserving}, botocore's way).
   *
   * @return true for a reserving limiter
   */
  public boolean isReserving() {
    return reserving;
  }

  /**
   * Takes a token for one attempt and returns how long to wait before sending it: 0 until the first throttling
   * response, and while the bucket holds a token; otherwise the time until the token is due. The token is
   * reserved either way: send the attempt after the wait. On a {@link #nonReserving} limiter a positive wait takes
   * nothing: wait, then call again; only a 0 takes a token.
   *
   * @return the wait in nanoseconds, {@code >= 0}
   */
  public long acquireDelayNanos() {
    return take(Long.MAX_VALUE, false);
  }

  /**
   * Takes a token only if it is due within {@code maxWaitNanos}: returns the wait as {@link #acquireDelayNanos}
   * does, or -1 and takes nothing (the limiter is left exactly as it was) if the wait would be {@code >=
   * maxWaitNanos}. A wait of 0 is always granted. A caller that would give up before its token is due must use this
   * rather than {@link #acquireDelayNanos}: a token it reserved and never used would be a debt that delays every
   * later caller, and the attempts that are never sent also keep the measured send rate, and with it the fill rate,
   * down. On a {@link #nonReserving} limiter a positive wait takes nothing: wait, then call again.
   *
   * @param maxWaitNanos the longest wait the caller accepts (exclusive), {@code >= 0}
   * @return the wait in nanoseconds, {@code >= 0}, or -1 if refused
   * @throws IllegalArgumentException if {@code maxWaitNanos} is negative
   */
  public long tryAcquireDelayNanos(long maxWaitNanos) {
    if (maxWaitNanos < 0) { // not Checks.requireArgument: its varargs would box on every call
      throw new IllegalArgumentException("maxWaitNanos must be >= 0, was " + maxWaitNanos);
    }
    return take(maxWaitNanos, true);
  }

  /**
   * The one acquiring loop: the wait for a token, or -1 if {@code bounded} and the wait is positive and
   * {@code >= maxWaitNanos}; a reserving limiter takes the token (possibly ahead of time), a non-reserving one only
   * when the wait is 0.
   */
  private long take(long maxWaitNanos, boolean bounded) {
    for (;;) {
      State s = state.get();
      if (!s.enabled) {
        return 0;
      }
      double t = now();
      double tokens = s.refilled(t);
      // toNanos rounds up, so a positive wait in seconds is at least 1 ns.
      long wait = tokens < 1 ? toNanos((1 - tokens) / s.fillRate) : 0;
      if (bounded && wait > 0 && wait >= maxWaitNanos) {
        return -1;
      }
      if (!reserving && wait > 0) {
        return wait; // nothing taken: the caller waits and asks again
      }
      if (state.compareAndSet(s, s.withTokens(tokens - 1, t))) {
        return wait;
      }
    }
  }

  /**
   * Takes a token and blocks until it is due; see {@link #acquireDelayNanos}.
   *
   * @param sleeper how to wait ({@link Sleeper#SYSTEM}, or a fake one in tests)
   * @throws InterruptedException if interrupted while waiting (the token stays taken; a non-reserving limiter took
   *     none)
   */
  public void acquire(Sleeper sleeper) throws InterruptedException {
    Checks.requireNonNull(sleeper, "sleeper");
    long wait = acquireDelayNanos();
    while (wait > 0) {
      sleeper.sleep(wait);
      wait = reserving ? 0 : acquireDelayNanos(); // non-reserving: nothing was taken, ask again
    }
  }

  /**
   * Takes a token and returns a future that {@code scheduler} completes when it is due (at once if no wait is
   * needed); no thread is held while waiting. Cancelling the future does not give the token back. A
   * {@link #nonReserving} limiter asks again, on the scheduler, each time the wait is over until it takes a token;
   * cancelling the future stops that and takes none: a token taken by a re-ask that races the cancel is put back
   * when the future turns out to be cancelled (or completed by someone else) first.
   *
   * @param scheduler completes the future when the token is due
   * @return a future completed (with {@code null}) when the attempt may start
   * @throws RejectedExecutionException if the scheduler rejects the task
   */
  public CompletableFuture<Void> acquireAsync(ScheduledExecutorService scheduler) {
    Checks.requireNonNull(scheduler, "scheduler");
    long wait = acquireDelayNanos();
    if (wait == 0) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> due = new CompletableFuture<>();
    completeLater(scheduler, due, wait);
    return due;
  }

  /**
   * Completes {@code due} after {@code wait}, on the scheduler, as {@link #acquire(Sleeper)} returns after its sleep:
   * at once if reserving (the token is taken), else once a token is taken, asking again after each wait (a
   * cancelled {@code due} stops that and takes nothing).
   */
  private void completeLater(ScheduledExecutorService scheduler, CompletableFuture<Void> due, long wait) {
    scheduler.schedule(() -> {
      if (due.isDone()) {
        return; // cancelled: take nothing
      }
      long next = reserving ? 0 : acquireDelayNanos(); // non-reserving: nothing was taken, ask again
      if (next == 0) {
        // A cancel may land between the check above and the take: the token then goes back, so a cancelled
        // future takes none (jcstress: AdaptiveRateLimiterStress.NonReservingReaskVsCancel).
        if (!due.complete(null) && !reserving) {
          giveBack();
        }
      } else {
        try {
          completeLater(scheduler, due, next);
        } catch (RuntimeException e) {
          due.completeExceptionally(e);
        }
      }
    }, wait, TimeUnit.NANOSECONDS);
  }

  /** Puts back a token just taken by a non-reserving re-ask whose future was cancelled meanwhile. */
  private void giveBack() {
    for (;;) {
      State s = state.get();
      if (!s.enabled) {
        return; // nothing was taken
      }
      double t = now();
      if (state.compareAndSet(s, s.withTokens(Math.min(s.capacity, s.refilled(t) + 1), t))) {
        return;
      }
    }
  }

  /**
   * Records the outcome of an attempt: it updates the measured send rate and moves the fill rate along the CUBIC
   * curve, cutting it if {@code throttled}. Call it for every attempt that got an answer, throttled or not (a
   * policy with {@code withRateLimiter} does, taking the failures of its {@code CostClass.THROTTLING} kinds as
   * throttled).
   *
   * @param throttled whether the service asked the client to slow down (HTTP 429, an AWS throttling error code)
   */
  public void onResponse(boolean throttled) {
    for (;;) {
      State s = state.get();
      double t = now();
      if (state.compareAndSet(s, s.afterResponse(t, throttled))) {
        return;
      }
    }
  }

  /**
   * The current fill rate.
   *
   * @return tokens per second (0 before the first response, at least {@link #MIN_FILL_RATE} after)
   */
  public double fillRate() {
    return state.get().fillRate;
  }

  /**
   * The measured send rate, smoothed over half-second buckets.
   *
   * @return requests per second
   */
  public double measuredRate() {
    return state.get().measuredRate;
  }

  /**
   * Whether it limits at all.
   *
   * @return true from the first throttling response on
   */
  public boolean isEnabled() {
    return state.get().enabled;
  }

  /**
   * The rate at the last throttle, CUBIC's {@code W_max}.
   *
   * @return requests per second (0 before the first throttle)
   */
  public double lastMaxRate() {
    return state.get().lastMaxRate;
  }

  /**
   * The tokens in the bucket now, refilled up to now.
   *
   * @return the tokens, negative while reserved tokens are not yet due
   */
  public double tokens() {
    State s = state.get();
    return s.enabled ? s.refilled(now()) : s.tokens;
  }

  @Override
  public String toString() {
    State s = state.get();
    return "AdaptiveRateLimiter[enabled=" + s.enabled + ", fillRate=" + s.fillRate + ", measuredRate="
        + s.measuredRate + ", lastMaxRate=" + s.lastMaxRate + (reserving ? "" : ", nonReserving") + "]";
  }

  private double now() {
    return (ticker.read() - origin) / NANOS_PER_SECOND;
  }

  private static long toNanos(double seconds) {
    double nanos = Math.ceil(seconds * NANOS_PER_SECOND);
    return nanos >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.max(0, nanos);
  }

  /** One immutable snapshot of the limiter; times in seconds since the limiter's origin. */
  private static final class State {
    static final State INITIAL = new State(0, 0, 0, Double.NaN, false, 0, 0, 0, 0, 0, 0);

    final double fillRate;
    final double capacity;
    final double tokens;
    /** When the tokens were last refilled; NaN before the first refill. */
    final double lastRefill;
    final boolean enabled;
    final double measuredRate;
    final double lastRateBucket;
    final long requestCount;
    final double lastMaxRate;
    final double lastThrottle;
    final double k;

    State(double fillRate, double capacity, double tokens, double lastRefill, boolean enabled, double measuredRate,
        double lastRateBucket, long requestCount, double lastMaxRate, double lastThrottle, double k) {
      this.fillRate = fillRate;
      this.capacity = capacity;
      this.tokens = tokens;
      this.lastRefill = lastRefill;
      this.enabled = enabled;
      this.measuredRate = measuredRate;
      this.lastRateBucket = lastRateBucket;
      this.requestCount = requestCount;
      this.lastMaxRate = lastMaxRate;
      this.lastThrottle = lastThrottle;
      this.k = k;
    }

    /** The tokens at time {@code t}: refilled at the fill rate since the last refill, up to the capacity. */
    double refilled(double t) {
      if (Double.isNaN(lastRefill)) {
        return tokens;
      }
      return Math.min(capacity, tokens + Math.max(0, t - lastRefill) * fillRate);
    }

    State withTokens(double newTokens, double t) {
      return new State(fillRate, capacity, newTokens, t, enabled, measuredRate, lastRateBucket, requestCount,
          lastMaxRate, lastThrottle, k);
    }

    State afterResponse(double t, boolean throttled) {
      // The measured send rate, over half-second buckets.
      long count = requestCount + 1;
      double measured = measuredRate;
      double lastBucket = lastRateBucket;
      double bucket = Math.floor(t * 2) / 2;
      if (bucket > lastBucket) {
        measured = count / (bucket - lastBucket) * SMOOTHING + measured * (1 - SMOOTHING);
        count = 0;
        lastBucket = bucket;
      }
      // CUBIC.
      double wMax = lastMaxRate;
      double throttleTime = lastThrottle;
      double zeroPoint = k;
      boolean on = enabled;
      double rate;
      if (throttled) {
        wMax = enabled ? Math.min(measured, fillRate) : measured;
        zeroPoint = Math.cbrt(wMax * (1 - BETA) / SCALE_CONSTANT);
        throttleTime = t;
        rate = wMax * BETA;
        on = true;
      } else {
        double dt = t - throttleTime - zeroPoint;
        rate = SCALE_CONSTANT * dt * dt * dt + wMax;
      }
      double newRate = Math.min(rate, 2 * measured);
      // Refill at the old rate up to now, then switch to the new one.
      double refilled = refilled(t);
      double newCapacity = Math.max(newRate, MIN_CAPACITY);
      return new State(Math.max(newRate, MIN_FILL_RATE), newCapacity, Math.min(refilled, newCapacity), t, on,
          measured, lastBucket, count, wMax, throttleTime, zeroPoint);
    }
  }
}
