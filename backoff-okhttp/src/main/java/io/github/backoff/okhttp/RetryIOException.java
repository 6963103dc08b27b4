package io.github.backoff.okhttp;

import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * Thrown by {@link RetryInterceptor} when retries stop without a response to return. OkHttp's {@code Call} and its
 * callbacks only carry {@link IOException}s, so the core's {@link RetryException} (reason, attempts, elapsed time,
 * the last failure as its cause and earlier ones as suppressed) travels as this exception's cause.
 *
 * <pre>{@code
 * try (Response response = client.newCall(request).execute()) {
 *   ...
 * } catch (RetryIOException e) {
 *   log.warn("gave up: {} after {} attempts", e.reason(), e.retryException().attempts(), e.getCause());
 * }
 * }</pre>
 *
 * <p>Not modified after construction; safe to share between threads.
 */
public final class RetryIOException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * Wraps {@code cause}, taking its message.
   *
   * @param cause the core's exception
   * @throws NullPointerException if {@code cause} is null
   */
  public RetryIOException(RetryException cause) {
    super(Objects.requireNonNull(cause, "cause").getMessage(), cause);
  }

  /**
   * The core's exception: reason, attempts, elapsed time, last failure and last result.
   *
   * @return the cause, as a {@link RetryException}
   */
  public RetryException retryException() {
    return (RetryException) getCause();
  }

  /**
   * Why retries stopped; {@link StopReason#ABORTED} when the call was canceled.
   *
   * @return the reason
   */
  public StopReason reason() {
    return retryException().reason();
  }

  /**
   * How many attempts were made.
   *
   * @return the number of attempts, at least 1
   */
  public int attempts() {
    return retryException().attempts();
  }

  /**
   * The time from the start of the first attempt to the stop.
   *
   * @return the elapsed time
   */
  public Duration elapsed() {
    return retryException().elapsed();
  }
}
