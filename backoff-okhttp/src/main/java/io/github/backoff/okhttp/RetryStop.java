package io.github.backoff.okhttp;

import io.github.backoff.StopReason;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import okhttp3.Response;

/**
 * Why retries stopped on the response that {@link RetryInterceptor} returned: a response with a retryable status
 * (e.g. a 503 after the last allowed attempt, or a 429 whose {@code Retry-After} asked for too long) is returned
 * as the client would return it, and carries this, with no header added, as a tag of its request.
 *
 * <pre>{@code
 * try (Response response = client.newCall(request).execute()) {
 *   Optional<RetryStop> stop = RetryStop.of(response);
 *   if (stop.isPresent() && stop.get().reason() == StopReason.DELAY_TOO_LONG) { ... }
 * }
 * }</pre>
 *
 * <p>The same concept as backoff-http's {@code HttpRetryResult}: why retries stopped on the returned response, taken
 * from the core's {@link io.github.backoff.RetryException} when retries stop on a response
 * ({@link io.github.backoff.httprules.HttpRetryCalls#resultOnStop}); here they ride on the response as a tag because
 * an interceptor can return nothing but a {@link Response}.
 *
 * <p>An immutable value; thread-safe.
 *
 * @param reason why the retries stopped
 * @param attempts how many attempts were made
 * @param elapsed the time from the start of the first attempt to the stop
 */
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
   */
  public static Optional<RetryStop> of(Response response) {
    return Optional.ofNullable(response.request().tag(RetryStop.class));
  }

  /** {@code response} with {@code stop} as a tag of its request. */
  static Response tag(Response response, RetryStop stop) {
    return response.newBuilder().request(response.request().newBuilder().tag(RetryStop.class, stop).build()).build();
  }
}
