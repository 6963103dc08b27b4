package io.github.backoff.httprules;

import io.github.backoff.StopReason;
import io.github.backoff.internal.Checks;
import java.time.Duration;
import java.util.Optional;

/**
 * The response a retried HTTP call returned, with how it got there: the attempts made, the time it took, and why
 * retries stopped if they stopped on this response: how a call ended, reported one way by every HTTP client.
 * backoff-http's {@code sendWithOutcome} returns it; backoff-okhttp's {@code RetryInterceptor.outcomeOf(response)},
 * backoff-spring-web's {@code RetryingRequestInterceptor.outcomeOf(request)} ({@code RestClient},
 * {@code RestTemplate}) and {@code RetryingExchangeFilter.outcomeOf(response)} ({@code WebClient}) read it. A
 * client integration makes it with {@code HttpRetryCall.outcome} ({@link io.github.backoff.httprules.spi}).
 * {@code R} is the client's response type.
 *
 * <pre>{@code
 * HttpRetryOutcome<HttpResponse<String>> outcome = http.sendWithOutcome(request, BodyHandlers.ofString());
 * if (outcome.stopReason().isPresent()) {   // e.g. a 503 after the attempts ran out, a 429 out of quota
 *   log.warn("gave up after {} attempts in {}: {}", outcome.attempts(), outcome.elapsed(), outcome.stopReason().get());
 * }
 * }</pre>
 *
 * <p>{@link #stopReason()} is empty when the response is final: a success, or a status that is not retried. It is
 * present when the response has a retryable status and no retry follows: {@link StopReason#ATTEMPTS_EXHAUSTED},
 * {@link StopReason#TIME_BUDGET_EXHAUSTED} (the next wait would end past the deadline),
 * {@link StopReason#DELAY_TOO_LONG} (a {@code Retry-After} or a rate-limit reset over the maximum),
 * {@link StopReason#QUOTA_EXHAUSTED} (a 429 out of quota: {@link RateLimitRules}),
 * {@link StopReason#BUDGET_DENIED} (the
 * client's retry budget is spent) or {@link StopReason#NOT_RETRYABLE} (the request may not be retried: a POST
 * without an {@code Idempotency-Key}). When retries stop on a failure instead there is no response, and the call
 * throws, with the same facts in a {@link io.github.backoff.RetryException}.
 *
 * <p>An immutable record, thread-safe if the response is.
 *
 * @param response the final response, its body made by the caller's handler
 * @param attempts the attempts made, at least 1; a server may have seen more requests: a client's own transparent
 *     resend (the JDK's, OkHttp's {@code retryOnConnectionFailure}) is not an attempt here
 * @param elapsed the time from the call to its outcome, by the client's ticker, waits included, not negative
 * @param stopReason why retries stopped on this response, or empty if it is final (a success, a status that is not
 *     retried)
 * @param <R> the client's response type
 */
public record HttpRetryOutcome<R>(R response, int attempts, Duration elapsed, Optional<StopReason> stopReason) {
  /**
   * Checks the components.
   *
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if {@code attempts < 1} or {@code elapsed} is negative
   */
  public HttpRetryOutcome {
    Checks.requireNonNull(response, "response");
    Checks.requireNonNull(elapsed, "elapsed");
    Checks.requireNonNull(stopReason, "stopReason");
    Checks.requireArgument(attempts >= 1, "attempts must be >= 1: %s", attempts);
    Checks.requireArgument(!elapsed.isNegative(), "elapsed must not be negative: %s", elapsed);
  }

  /**
   * The outcome of a call that returned {@code response}.
   *
   * @param response the final response
   * @param attempts the attempts made, at least 1
   * @param elapsed the time from the call to its outcome, waits included, not negative
   * @param stopReason why retries stopped on this response, or empty if it is final
   * @param <R> the client's response type
   * @return an immutable outcome, equal to another made of equal values
   * @throws NullPointerException if an argument is null
   * @throws IllegalArgumentException if {@code attempts < 1} or {@code elapsed} is negative
   */
  public static <R> HttpRetryOutcome<R> of(R response, int attempts, Duration elapsed,
      Optional<StopReason> stopReason) {
    return new HttpRetryOutcome<>(response, attempts, elapsed, stopReason);
  }
}
