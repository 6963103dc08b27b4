package io.github.backoff.strategy;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * A backoff strategy: the wait before retry {@code r} (r = 1 for the first retry) as a function of {@code r}, the
 * previous wait and a source of uniform random numbers.
 *
 * <p>A strategy is a small immutable value: it holds no per-execution state, so one instance is shared freely by
 * any number of threads and executions, and evaluating it allocates nothing. Stateful formulas (decorrelated
 * jitter) receive their state, the previous wait, as an argument; the retry drivers pass the wait they actually
 * used. All arithmetic saturates: for every {@code r} up to {@link Integer#MAX_VALUE} and every valid parameter
 * the result is finite and in {@code [0, Long.MAX_VALUE]} nanoseconds, never negative and never NaN.
 *
 * <p>Factories validate their parameters and throw {@link IllegalArgumentException} naming the parameter and the
 * value. They normalise edge cases: a multiplier of 1 gives a constant, a cap at or below the starting value gives
 * a constant at the cap. Combinators ({@link #withCap}, {@link #truncatedAfter}, the jitters) wrap a strategy in
 * another; jitter is applied to the value {@code t} of the strategy it wraps, so
 * {@code exponential(base, 2).withCap(cap).withFullJitter()} draws uniformly in {@code [0, min(cap, base·2^(r-1))]}.
 *
 * <pre>{@code
 * Backoff backoff = Backoff.exponential(Duration.ofMillis(100), 2.0)
 *     .withCap(Duration.ofSeconds(20))
 *     .withFullJitter();
 * long waitNanos = backoff.delayNanos(3, 0, ThreadLocalRandom.current()); // in [0, 400 ms]
 * }</pre>
 *
 * <p>Implementations must be immutable and thread-safe, must return values within
 * {@code [minDelayNanos(r), maxDelayNanos(r)]}, and must not allocate in {@link #delayNanos}.
 */
public interface Backoff {

  /**
   * The wait before retry {@code retry}, in nanoseconds.
   *
   * @param retry the retry number, 1 for the first retry (the second attempt)
   * @param previousDelayNanos the wait used before the previous retry, or 0 before the first retry
   * @param random the source of uniform random numbers; only jittered strategies use it
   * @return a wait in {@code [minDelayNanos(retry), maxDelayNanos(retry)]}
   * @throws IllegalArgumentException if {@code retry < 1}
   */
  long delayNanos(int retry, long previousDelayNanos, RandomGenerator random);

  /**
   * The smallest wait this strategy can return for {@code retry}, whatever the previous wait and random draws.
   *
   * @throws IllegalArgumentException if {@code retry < 1}
   */
  long minDelayNanos(int retry);

  /**
   * The largest wait this strategy can return for {@code retry}, whatever the random draws, assuming the previous
   * waits came from this strategy.
   *
   * @throws IllegalArgumentException if {@code retry < 1}
   */
  long maxDelayNanos(int retry);

  /** {@link #delayNanos} with {@link Duration}s. */
  default Duration delay(int retry, Duration previousDelay, RandomGenerator random) {
    return Duration.ofNanos(delayNanos(retry, Checks.nonNegativeNanos(previousDelay, "previousDelay"), random));
  }

  // ---------------------------------------------------------------- factories

  /** No wait: {@code 0} for every retry. */
  static Backoff none() {
    return Constant.ZERO;
  }

  /**
   * The same wait {@code d} for every retry.
   *
   * @throws IllegalArgumentException if {@code delay} is negative
   */
  static Backoff constant(Duration delay) {
    return Constant.of(Checks.nonNegativeNanos(delay, "delay"));
  }

  /**
   * {@code initial + step·(r-1)}, saturated.
   *
   * @throws IllegalArgumentException if {@code initial} or {@code step} is negative
   */
  static Backoff linear(Duration initial, Duration step) {
    long i = Checks.nonNegativeNanos(initial, "initial");
    long s = Checks.nonNegativeNanos(step, "step");
    return s == 0 ? Constant.of(i) : new Linear(i, s);
  }

  /** {@code exponential(base, 2.0)}: {@code base·2^(r-1)}. */
  static Backoff exponential(Duration base) {
    return exponential(base, 2.0);
  }

  /**
   * {@code base·multiplier^(r-1)}, saturated at {@code Long.MAX_VALUE} nanoseconds. A multiplier of 1 (or a zero
   * base) gives {@link #constant}.
   *
   * @throws IllegalArgumentException if {@code base} is negative, or {@code multiplier} is below 1, infinite or NaN
   */
  static Backoff exponential(Duration base, double multiplier) {
    long b = Checks.nonNegativeNanos(base, "base");
    Checks.requireParameter(multiplier >= 1.0 && multiplier < Double.POSITIVE_INFINITY, "multiplier", multiplier,
        "multiplier must be >= 1 and finite: %s", multiplier);
    return (multiplier == 1.0 || b == 0) ? Constant.of(b) : new Exponential(b, multiplier);
  }

  /**
   * Truncated binary exponential backoff reaching {@code max} exactly at retry {@code n}: {@code max·2^(r-n)},
   * rounded half up to whole nanoseconds, for {@code r < n} and {@code max} from retry {@code n} on. This is
   * {@code exponential(base, 2).truncatedAfter(n)} with the base derived as {@code base = max / 2^(n-1)},
   * computed exactly, without rounding the base first.
   *
   * @throws IllegalArgumentException if {@code n < 1} or {@code max} is negative
   */
  static Backoff truncatedBinary(int n, Duration max) {
    Checks.atLeast(n, 1, "truncateAfter");
    long t = Checks.nonNegativeNanos(max, "max");
    return (n == 1 || t == 0) ? Constant.of(t) : new TruncatedBinary(n, t);
  }

  /**
   * Decorrelated jitter (AWS Architecture Blog, "Exponential Backoff And Jitter", 2015):
   * {@code sleep = min(cap, U[base, 3·previous])}, where {@code previous} is the previous wait and starts at
   * {@code base}. Bounds for retry r: {@code [min(base, cap), min(cap, base·3^r)]}. The previous wait passed in
   * is clamped to {@code [base, min(cap, base·3^(r-1))]}, the range this strategy could have produced, so the
   * bounds hold whatever previous wait is passed (an override, or the output of an enclosing jitter).
   *
   * @throws IllegalArgumentException if {@code base} is negative or {@code cap < base}
   */
  static Backoff decorrelatedJitter(Duration base, Duration cap) {
    long b = Checks.nonNegativeNanos(base, "base");
    long c = Checks.nonNegativeNanos(cap, "cap");
    Checks.requireParameter(c >= b, "cap", cap, "cap must be >= base: %s < %s", Durations.format(c), Durations.format(b));
    return b == c ? Constant.of(b) : new DecorrelatedJitter(b, c);
  }

  /**
   * Decorrelated jitter V2 (Polly.Contrib.WaitAndRetry's {@code DecorrelatedJitterBackoffV2}): with
   * {@code f(x) = 2^x·tanh(sqrt(4x))}, {@code t_r = r-1+U[0,1)} and {@code k = medianFirstDelay / 1.4}, the wait
   * is {@code min(cap, k·(f(t_r) - f(t_{r-1})))} with {@code f(t_0) = 0}, so retry r waits at most
   * {@code min(cap, k·(f(r) - f(r-2)))} ({@code k·f(1)} for r = 1), and {@code cap} once {@code 2^t} would
   * overflow a double (r above 1023). Measured medians, before the cap: about {@code 0.9·medianFirstDelay}
   * for the first wait ({@code f(0.5)/1.4}), about {@code 1.14·medianFirstDelay} for the second, and about
   * {@code medianFirstDelay·2^(r-2)} from the third on, doubling per retry, with smooth, well-spread jitter.
   *
   * <p>Polly threads {@code t_{r-1}} from one call to the next; to stay a pure function of
   * {@code (r, previous, random)} this draws {@code t_{r-1} = r-2+U[0,1)} afresh, which gives each retry exactly
   * Polly's distribution (the draws are independent in Polly too) but not the exact telescoping of the sum.
   *
   * @throws IllegalArgumentException if {@code medianFirstDelay} is negative or {@code cap < medianFirstDelay}
   */
  static Backoff decorrelatedJitterV2(Duration medianFirstDelay, Duration cap) {
    long m = Checks.nonNegativeNanos(medianFirstDelay, "medianFirstDelay");
    long c = Checks.nonNegativeNanos(cap, "cap");
    Checks.requireParameter(c >= m, "cap", cap, "cap must be >= medianFirstDelay: %s < %s",
        Durations.format(c), Durations.format(m));
    return m == 0 ? Constant.ZERO : new DecorrelatedJitterV2(m, c);
  }

  // ---------------------------------------------------------------- combinators

  /**
   * Caps this strategy at {@code cap}: {@code min(cap, t)}. Capping a constant at or below the cap changes nothing;
   * capping at or below the first value gives a constant at the cap.
   *
   * @throws IllegalArgumentException if {@code cap} is negative
   */
  default Backoff withCap(Duration cap) {
    return Capped.of(this, Checks.nonNegativeNanos(cap, "cap"));
  }

  /**
   * Stops the growth after {@code n} retries: retry {@code r} waits what retry {@code min(r, n)} would
   * (truncated exponential backoff, as in Ethernet).
   *
   * @throws IllegalArgumentException if {@code n < 1}
   */
  default Backoff truncatedAfter(int n) {
    Checks.atLeast(n, 1, "truncateAfter");
    return new Truncated(this, n);
  }

  /** Full jitter: {@code U[0, t]} where {@code t} is this strategy's wait. */
  default Backoff withFullJitter() {
    return new Jittered(this, Jittered.Kind.FULL, 0, 0);
  }

  /** Equal jitter: {@code t/2 + U[0, t/2]}. */
  default Backoff withEqualJitter() {
    return new Jittered(this, Jittered.Kind.EQUAL, 0, 0);
  }

  /**
   * Proportional randomization, as google-http-client's {@code ExponentialBackOff}: {@code t·U[1-f, 1+f]}.
   *
   * @throws IllegalArgumentException if {@code factor} is not in {@code [0, 1]}
   */
  default Backoff withRandomization(double factor) {
    Checks.requireParameter(factor >= 0.0 && factor <= 1.0, "factor", factor, "factor must be in [0, 1]: %s", factor);
    return factor == 0.0 ? this : new Jittered(this, Jittered.Kind.PROPORTIONAL, factor, 0);
  }

  /**
   * Additive jitter, as Google's documented algorithm for its APIs: {@code t + U[0, jitter]}.
   *
   * @throws IllegalArgumentException if {@code jitter} is negative
   */
  default Backoff withAdditiveJitter(Duration jitter) {
    long j = Checks.nonNegativeNanos(jitter, "jitter");
    return j == 0 ? this : new Jittered(this, Jittered.Kind.ADDITIVE, 0, j);
  }

  /**
   * Rounds every wait down to a whole number of {@code quantum}s: {@code floor(t / quantum)·quantum}. With full
   * jitter this draws a uniform whole number of slot times, as Ethernet does.
   *
   * @throws IllegalArgumentException if {@code quantum} is not positive
   */
  default Backoff quantizedTo(Duration quantum) {
    return new Quantized(this, Checks.positiveNanos(quantum, "quantum"));
  }
}
