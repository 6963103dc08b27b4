package io.github.backoff;

import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.Optional;

/**
 * What the decision core knows when it asks a {@link DelayOverride} for the wait after a failed attempt: the
 * attempt's result or failure, which attempt failed, how long the execution has run, the delay the core computed
 * (the one it waits unless the override answers), the strategy's maximum for this retry, the kind of failure, and
 * the time left before the policy's deadline. An override that needs per-call facts reads them here, so it needs no
 * per-call state of its own (a {@code ThreadLocal}, a back-pointer on the result).
 *
 * <pre>{@code
 * DelayOverride<Response> hint = context -> context.failure() == null && context.attempt() >= 3
 *     ? context.maxDelay()   // after a 3rd failed response, the strategy's longest wait
 *     : null;                // otherwise the delay the core computed
 * }</pre>
 *
 * <p>An immutable value; thread-safe. (The result it carries is the attempt's own object: whether that is
 * thread-safe is up to its type.)
 *
 * @param <R> the result type
 * @param result the failed attempt's result, or {@code null} if it threw (or returned {@code null})
 * @param failure the failed attempt's exception, or {@code null} if it returned a result
 * @param attempt the attempt that failed, from 1; the retry about to be made has the same number
 * @param elapsed the time since the execution started, by the retrier's ticker
 * @param delay the wait the core computed from the strategy for this retry (jitter drawn)
 * @param maxDelay the strategy's longest wait for this retry (before jitter)
 * @param kind the name of the {@link RetryKind} the failure matched, or {@value RetryKind#DEFAULT_NAME} for none
 * @param timeLeft the time left before the policy's {@code maxElapsed}, or empty without one; a wait that reaches it
 *     stops the retries
 */
public record RetryContext<R>(R result, Throwable failure, int attempt, Duration elapsed, Duration delay,
    Duration maxDelay, String kind, Optional<Duration> timeLeft) {
  /**
   * Checks the components.
   *
   * @throws NullPointerException if a component other than {@code result} and {@code failure} is null
   * @throws IllegalArgumentException if {@code attempt < 1} or a duration is negative
   */
  public RetryContext {
    Checks.requireArgument(attempt >= 1, "attempt must be >= 1: %s", attempt);
    Checks.requireNonNull(elapsed, "elapsed");
    Checks.requireNonNull(delay, "delay");
    Checks.requireNonNull(maxDelay, "maxDelay");
    Checks.requireNonNull(kind, "kind");
    Checks.requireNonNull(timeLeft, "timeLeft");
    Checks.requireArgument(!elapsed.isNegative() && !delay.isNegative() && !maxDelay.isNegative()
        && !timeLeft.map(Duration::isNegative).orElse(false), "durations must not be negative: %s, %s, %s, %s",
        elapsed, delay, maxDelay, timeLeft);
  }
}
