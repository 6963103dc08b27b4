package io.github.backoff.okhttp;

import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import okhttp3.Response;

/**
 * Why retries stopped on the response that {@link RetryInterceptor} returned: a response with a retryable status
 * (e.g. a 503 after the last allowed attempt, or a 429 whose {@code Retry-After} asked for too long) is returned
 * as the client would return it.
 *
 * <p>Now {@link HttpRetryOutcome}, the core's one name for this concept, which backoff-http's
 * {@code sendWithOutcome} returns too; read it with {@link RetryInterceptor#outcomeOf(Response)}:
 *
 * <pre>{@code
 * try (Response response = client.newCall(request).execute()) {
 *   Optional<HttpRetryOutcome<Response>> outcome = RetryInterceptor.outcomeOf(response);
 *   if (outcome.flatMap(HttpRetryOutcome::stopReason).orElse(null) == StopReason.DELAY_TOO_LONG) { ... }
 * }
 * }</pre>
 *
 * <p>An immutable value; thread-safe.
 *
 * @param reason why the retries stopped
 * @param attempts how many attempts were made
 * @param elapsed the time from the start of the first attempt to the stop
 * @deprecated use {@link RetryInterceptor#outcomeOf(Response)}, which {@link #of(Response)} now reads; this type
 *     will be removed in a later release
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public record RetryStop(StopReason reason, int attempts, Duration elapsed) {
  /**
   * Checks the components.
   *
   * @param reason why the retries stopped
   * @param attempts how many attempts were made
   * @param elapsed the time from the start of the first attempt to the stop
   * @throws NullPointerException if {@code reason} or {@code elapsed} is null
   */
  public RetryStop {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(elapsed, "elapsed");
  }

  /**
   * The stop of the retries that ended on {@code response}; empty if the response is a success, was not retried
   * under the interceptor, or did not come through it.
   *
   * @param response a response returned through {@link RetryInterceptor}
   * @return the stop, if retries stopped on this response
   * @throws NullPointerException if {@code response} is null
   * @deprecated use {@link RetryInterceptor#outcomeOf(Response)}, which this method reads
   */
  @Deprecated(since = "0.1.0", forRemoval = true)
  public static Optional<RetryStop> of(Response response) {
    return RetryInterceptor.outcomeOf(response)
        .map(o -> new RetryStop(o.stopReason().orElseThrow(), o.attempts(), o.elapsed()));
  }
}
