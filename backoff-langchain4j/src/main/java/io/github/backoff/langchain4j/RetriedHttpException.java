package io.github.backoff.langchain4j;

import dev.langchain4j.exception.HttpException;
import io.github.backoff.StopReason;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The error response a {@link BackoffHttpClient} call ended with (a status outside 2xx), as LangChain4j's
 * {@link HttpException} with the status and the body as its message, plus what LangChain4j's own exception cannot
 * carry: the response's headers, the attempts made, the time taken and, if retries stopped on this response, why.
 * LangChain4j's exception mapper wraps it as the cause of its own exception ({@code RateLimitException} for a 429,
 * {@code InternalServerException} for a 5xx, ...), so a caller of a model finds it there:
 *
 * <pre>{@code
 * try {
 *   model.chat("Hello");
 * } catch (RateLimitException e) {
 *   if (e.getCause() instanceof RetriedHttpException r && r.stopReason().orElse(null) == StopReason.QUOTA_EXHAUSTED) {
 *     // out of quota: retrying will not help
 *   }
 * }
 * }</pre>
 *
 * <p>It has no cause, so that LangChain4j's exception mapper, which looks at the root cause, finds it. Immutable.
 */
public final class RetriedHttpException extends HttpException {
  private static final long serialVersionUID = 1L;

  private final Map<String, List<String>> headers;
  private final int attempts;
  private final Duration elapsed;
  private final StopReason stopReason;

  RetriedHttpException(int statusCode, String body, Map<String, List<String>> headers, int attempts,
      Duration elapsed, Optional<StopReason> stopReason) {
    super(statusCode, body);
    this.headers = headers;
    this.attempts = attempts;
    this.elapsed = elapsed;
    this.stopReason = stopReason.orElse(null);
  }

  /**
   * The headers of the final response, as the JDK's client reports them (names in lower case for HTTP/2).
   *
   * @return an immutable map
   */
  public Map<String, List<String>> headers() {
    return headers;
  }

  /**
   * The attempts made, at least 1.
   *
   * @return the attempts
   */
  public int attempts() {
    return attempts;
  }

  /**
   * The time from the call's start to its end, waits included.
   *
   * @return the elapsed time
   */
  public Duration elapsed() {
    return elapsed;
  }

  /**
   * Why retries stopped on this response, if they stopped on it: {@link StopReason#QUOTA_EXHAUSTED} for a 429 that
   * means "out of quota", {@link StopReason#DELAY_TOO_LONG} for a named wait above the ceiling,
   * {@link StopReason#ATTEMPTS_EXHAUSTED}, {@link StopReason#NOT_RETRYABLE} for a request that may not be sent twice;
   * empty for a status that is not retried (a 400, a 401).
   *
   * @return the reason, if any
   */
  public Optional<StopReason> stopReason() {
    return Optional.ofNullable(stopReason);
  }
}
