package io.github.backoff.httprules.spi;

import io.github.backoff.internal.Checks;
import io.github.backoff.internal.Durations;
import java.time.Duration;
import java.util.Optional;

/**
 * The timeout to give one HTTP attempt so that it cannot outlive its limits: the shortest of the request's own
 * timeout, the policy's per-attempt timeout and the time left before the policy's deadline ({@code maxElapsed},
 * measured from the first attempt). A pure function, shared by every HTTP integration that cuts its client's
 * timeouts per attempt.
 *
 * <pre>{@code
 * Optional<Duration> timeout = AttemptDeadline.timeout(Optional.of(Duration.ofSeconds(10)),
 *     policy.attemptTimeout(), policy.maxElapsed(), Duration.ofNanos(ticker.read() - start));
 * }</pre>
 *
 * <p>When the deadline is near or past, the timeout is {@link #MIN_TIMEOUT} rather than zero: clients read zero as
 * "no timeout", and an attempt that short fails at once anyway (the core does not start a wait that would end
 * past the deadline, so this happens only to an attempt that started just before it).
 *
 * <p>Stateless and thread-safe.
 */
public final class AttemptDeadline {
  /** The shortest timeout returned: 1 ms. */
  public static final Duration MIN_TIMEOUT = Duration.ofMillis(1);

  private static final long MIN_TIMEOUT_NANOS = MIN_TIMEOUT.toNanos();

  private AttemptDeadline() {}

  /**
   * The attempt's timeout, or empty if none of the three limits is set.
   *
   * @param own the request's own timeout, if any
   * @param attemptTimeout the policy's per-attempt timeout, if any
   * @param maxElapsed the policy's overall deadline, if any
   * @param elapsed the time since the first attempt started (negative counts as zero)
   * @return the shortest limit, at least {@link #MIN_TIMEOUT} where the deadline applies
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code own} or {@code attemptTimeout} is present and not positive
   */
  public static Optional<Duration> timeout(Optional<Duration> own, Optional<Duration> attemptTimeout,
      Optional<Duration> maxElapsed, Duration elapsed) {
    Checks.requireNonNull(elapsed, "elapsed");
    long t = timeoutNanos(nanos(own, "own"), nanos(attemptTimeout, "attemptTimeout"),
        nanos(maxElapsed, "maxElapsed"), Durations.toNanosSaturated(elapsed));
    return t == Long.MAX_VALUE ? Optional.empty() : Optional.of(Duration.ofNanos(t));
  }

  /**
   * {@link #timeout} in nanoseconds, without allocating; {@link Long#MAX_VALUE} stands for "no limit", in the
   * arguments and in the result.
   *
   * @param ownNanos the request's own timeout
   * @param attemptTimeoutNanos the policy's per-attempt timeout
   * @param maxElapsedNanos the policy's overall deadline
   * @param elapsedNanos the time since the first attempt started (negative counts as zero)
   * @return the shortest limit, at least {@link #MIN_TIMEOUT} in nanoseconds where the deadline applies
   * @throws IllegalArgumentException if {@code ownNanos}, {@code attemptTimeoutNanos} or {@code maxElapsedNanos}
   *     is not positive
   */
  public static long timeoutNanos(long ownNanos, long attemptTimeoutNanos, long maxElapsedNanos, long elapsedNanos) {
    // Checked without Checks' varargs, so the valid path allocates nothing.
    if (ownNanos <= 0 || attemptTimeoutNanos <= 0 || maxElapsedNanos <= 0) {
      String name = ownNanos <= 0 ? "own" : attemptTimeoutNanos <= 0 ? "attemptTimeout" : "maxElapsed";
      long value = ownNanos <= 0 ? ownNanos : attemptTimeoutNanos <= 0 ? attemptTimeoutNanos : maxElapsedNanos;
      throw new IllegalArgumentException(name + " must be positive: " + value + " ns");
    }
    long timeout = Math.min(ownNanos, attemptTimeoutNanos);
    if (maxElapsedNanos != Long.MAX_VALUE) {
      long left = maxElapsedNanos - Math.max(0, elapsedNanos);
      timeout = Math.min(timeout, Math.max(left, MIN_TIMEOUT_NANOS));
    }
    return timeout;
  }

  private static long nanos(Optional<Duration> limit, String name) {
    Checks.requireNonNull(limit, name);
    if (limit.isEmpty()) {
      return Long.MAX_VALUE;
    }
    Checks.requireArgument(!limit.get().isNegative() && !limit.get().isZero(), "%s must be positive: %s", name,
        limit.get());
    return Durations.toNanosSaturated(limit.get());
  }
}
