package io.github.backoff.http;

import io.github.backoff.StopReason;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The final response of a retried call, with how it got there: the attempts made, the time it took, and why
 * retries stopped if they stopped on this response. Returned by {@link RetryingHttpClient#sendWithOutcome} and
 * {@link RetryingHttpClient#sendAsyncWithOutcome}.
 *
 * <pre>{@code
 * HttpRetryResult<String> result = http.sendWithOutcome(request, BodyHandlers.ofString());
 * if (result.stopReason().isPresent()) {   // e.g. a 503 after the attempts ran out, a 429 asking for a day
 *   log.warn("gave up after {} attempts in {}: {}", result.attempts(), result.elapsed(), result.stopReason().get());
 * }
 * }</pre>
 *
 * <p>{@link #stopReason()} is empty when the response is final: a success, or a status that is not retried. It is
 * present when the response has a retryable status and no retry follows:
 * {@link StopReason#ATTEMPTS_EXHAUSTED}, {@link StopReason#TIME_BUDGET_EXHAUSTED} (the next wait would end past the
 * deadline), {@link StopReason#DELAY_TOO_LONG} (a {@code Retry-After} over the maximum),
 * {@link StopReason#BUDGET_DENIED} (the client's retry budget is spent), or {@link StopReason#NOT_RETRYABLE} (the
 * request may not be retried: a POST without an {@code Idempotency-Key}). When retries stop on a failure instead
 * there is no response, and the call throws {@link io.github.backoff.RetryException}, which carries the same facts.
 *
 * <p>The same concept as backoff-okhttp's {@code RetryStop}: the stop reason is taken from the core's
 * {@code RetryException} when retries stop on a response ({@link io.github.backoff.httprules.HttpRetryCalls#resultOnStop}); here they come with
 * the response, because {@code sendWithOutcome} can return a type of its own.
 *
 * <p>An immutable record, thread-safe if the response's body is.
 *
 * @param response the final response, its body made by the caller's handler
 * @param attempts the attempts made (at least 1); a server may have seen more requests, see {@link RetryingHttpClient}
 * @param elapsed the time from the call to its outcome, by the client's ticker, waits included
 * @param stopReason why retries stopped on this response, or empty if it is final
 * @param <T> the body type
 */
public record HttpRetryResult<T>(HttpResponse<T> response, int attempts, Duration elapsed,
    Optional<StopReason> stopReason) {
  /**
   * Checks the components.
   *
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if {@code attempts < 1} or {@code elapsed} is negative
   */
  public HttpRetryResult {
    Objects.requireNonNull(response, "response");
    Objects.requireNonNull(elapsed, "elapsed");
    Objects.requireNonNull(stopReason, "stopReason");
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be >= 1: " + attempts);
    }
    if (elapsed.isNegative()) {
      throw new IllegalArgumentException("elapsed must not be negative: " + elapsed);
    }
  }

  /** The response's status code. */
  public int statusCode() {
    return response.statusCode();
  }
}
