package io.github.backoff.http;

import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The final response of a retried call, with how it got there: the attempts made, the time it took, and why
 * retries stopped if they stopped on this response. Returned by {@link RetryingHttpClient#sendWithOutcome} and
 * {@link RetryingHttpClient#sendAsyncWithOutcome}.
 *
 * <p>Now {@link HttpRetryOutcome}, the core's one name for this concept, which backoff-okhttp uses too (its
 * {@code RetryStop} held the same facts). This record implements it, so code that reads the outcome through that
 * type needs no change when the methods above are declared to return it:
 *
 * <pre>{@code
 * HttpRetryOutcome<HttpResponse<String>> outcome = http.sendWithOutcome(request, BodyHandlers.ofString());
 * if (outcome.stopReason().isPresent()) { ... }   // a 503 after the attempts ran out, a 429 asking for a day
 * }</pre>
 *
 * <p>An immutable record, thread-safe if the response's body is.
 *
 * @param response the final response, its body made by the caller's handler
 * @param attempts the attempts made (at least 1); a server may have seen more requests, see {@link RetryingHttpClient}
 * @param elapsed the time from the call to its outcome, by the client's ticker, waits included
 * @param stopReason why retries stopped on this response, or empty if it is final
 * @param <T> the body type
 * @deprecated use {@link HttpRetryOutcome}{@code <HttpResponse<T>>}, which this record implements; the
 *     {@code sendWithOutcome} methods will be declared to return it, and this type removed, in a later release
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public record HttpRetryResult<T>(HttpResponse<T> response, int attempts, Duration elapsed,
    Optional<StopReason> stopReason) implements HttpRetryOutcome<HttpResponse<T>> {
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
