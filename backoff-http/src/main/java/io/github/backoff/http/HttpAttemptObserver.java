package io.github.backoff.http;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Sees each attempt of a {@link RetryingHttpClient} call, for tracing: before the attempt, with the request about
 * to be sent (and may return a copy with headers added, such as a trace context), and after it, with its response
 * or failure. Register one with {@link RetryingHttpClientBuilder#withAttemptObserver}.
 *
 * <p>{@link #onCall} runs on the thread that calls {@code send} or {@code sendAsync}, before the first attempt, so
 * it can capture that thread's context; the {@link Call} it returns sees that call's attempts, which run one after
 * another (on the scheduler's or the HTTP client's threads for {@code sendAsync}), never overlapping. An observer
 * that throws is logged and ignored: it never breaks a call (a {@code beforeAttempt} that throws sends the request
 * unchanged, and its {@code afterAttempt} is not called).
 *
 * <pre>{@code
 * RetryingHttpClient http = RetryingHttpClient.builder(client, policy)
 *     .withAttemptObserver(request -> new HttpAttemptObserver.Call() {
 *       public HttpRequest beforeAttempt(int attempt, HttpRequest r) {
 *         return HttpRequest.newBuilder(r, (name, value) -> true).setHeader("X-Attempt", "" + attempt).build();
 *       }
 *       public void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure) {
 *         log.info("attempt " + attempt + ": " + (response != null ? response.statusCode() : failure));
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Implementations are shared by every call of the client and must be thread-safe.
 */
@FunctionalInterface
public interface HttpAttemptObserver {
  /**
   * Called once per {@code send} or {@code sendAsync}, on the calling thread, before the first attempt.
   *
   * @param request the caller's request
   * @return the observer of this call's attempts (not null)
   */
  Call onCall(HttpRequest request);

  /** The attempts of one call. They never overlap, so an implementation needs no locking for its own state. */
  interface Call {
    /**
     * Called before attempt {@code attempt} (1 for the first; {@code attempt - 1} is the resend count).
     *
     * @param request the request about to be sent (the caller's, or a copy with a shorter timeout)
     * @return the request to send: {@code request} itself, or a copy made with
     *     {@code HttpRequest.newBuilder(request, (name, value) -> true)} with headers added; {@code null} sends
     *     {@code request}
     */
    HttpRequest beforeAttempt(int attempt, HttpRequest request);

    /**
     * Called when attempt {@code attempt} is over: exactly one of {@code response} and {@code failure} is non-null.
     * Do not read the response's body: the client decides what becomes of it.
     */
    void afterAttempt(int attempt, HttpResponse<?> response, Throwable failure);
  }
}
