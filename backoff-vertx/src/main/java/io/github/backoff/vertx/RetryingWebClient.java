package io.github.backoff.vertx;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.HttpRetryRules;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClosedException;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * Sends Vert.x {@code WebClient} requests with retries under a {@link RetryPolicy} and the HTTP rules every Backoff
 * client shares ({@link HttpRetryOptions}): idempotent methods (GET, HEAD, OPTIONS, TRACE, PUT, DELETE) and
 * requests carrying an {@code Idempotency-Key} header are retried on 429, 500, 502, 503, 504 and on I/O failures (a
 * refused connection, a connection closed before the response); a POST without a key is sent once;
 * {@code Retry-After} (seconds or a date, on 429 and 503) is followed up to a maximum (one minute by default; more
 * stops the retries and returns the response), spread above the server's floor; a retry budget per client by
 * default. Waits are Vert.x timers on the caller's context: no event loop is blocked.
 *
 * <pre>{@code
 * WebClient web = WebClient.create(vertx);
 * RetryingWebClient retrying = RetryingWebClient.of(vertx, policy);
 * Future<HttpResponse<Buffer>> response = retrying.send(web.get(8080, "localhost", "/orders"));
 * }</pre>
 *
 * <p><b>Outcome.</b> The future completes with the first response that is not retried, or with the last retryable
 * one when retries stop on a status ({@link #sendWithOutcome} says why, with the attempts and the time); it fails with the
 * core's {@link RetryException} when retries stop on a failure. Each attempt sends {@code request} again, so a
 * request's body is given here ({@link #sendBuffer}) rather than as a one-shot stream. Responses are buffered by
 * the {@code WebClient}, so a retried response holds no connection.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe; the requests given must not be changed while they are sent.
 */
public final class RetryingWebClient {
  @SuppressWarnings("rawtypes") // a class literal is raw (HttpResponse.class); the reader ignores the body type
  private static final HttpResponseReader READER = HttpResponseReader.of(HttpResponse.class,
      HttpResponse::statusCode, HttpResponse::getHeader);

  /** Whether a request carries a header: a constant, so that the check allocates nothing. */
  private static final BiPredicate<HttpRequest<?>, String> HAS_HEADER = (request, name) -> request.headers()
      .contains(name);

  private final Vertx vertx;
  private final RetryPolicy<? super HttpResponse<?>> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;
  /** The retriers for requests that may, and may not, be sent again: the SPI's, built once. */
  private final Retrier<Object> retrying;
  private final Retrier<Object> once;

  RetryingWebClient(Vertx vertx, RetryPolicy<? super HttpResponse<?>> policy, HttpRetryOptions options) {
    this.vertx = vertx;
    this.policy = policy;
    this.options = options;
    this.calls = HttpRetryCalls.create(policy, options, READER);
    this.retrying = calls.retrierBuilder(true).build();
    this.once = calls.retrierBuilder(false).build();
  }

  /**
   * A client that retries under {@code policy} with the default HTTP rules.
   *
   * @param vertx the Vert.x instance whose timers and contexts are used
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new client
   * @throws NullPointerException if an argument is null
   */
  public static RetryingWebClient of(Vertx vertx, RetryPolicy<? super HttpResponse<?>> policy) {
    return builder(vertx, policy).build();
  }

  /**
   * A client that retries under {@code policy} with {@code options}, the settings every HTTP client shares.
   *
   * @param vertx the Vert.x instance whose timers and contexts are used
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} limit, hints, budget and sources of time
   * @return a new client
   * @throws NullPointerException if an argument is null
   */
  public static RetryingWebClient of(Vertx vertx, RetryPolicy<? super HttpResponse<?>> policy,
      HttpRetryOptions options) {
    return new RetryingWebClient(Objects.requireNonNull(vertx, "vertx"), Objects.requireNonNull(policy, "policy"),
        Objects.requireNonNull(options, "options"));
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, the budget, or the
   * sources of time and randomness.
   *
   * @param vertx the Vert.x instance whose timers and contexts are used
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new builder
   * @throws NullPointerException if an argument is null
   */
  public static RetryingWebClientBuilder builder(Vertx vertx, RetryPolicy<? super HttpResponse<?>> policy) {
    return new RetryingWebClientBuilder(vertx, policy, HttpRetryOptions.defaults());
  }

  /**
   * Sends {@code request} without a body ({@code request.send()}), retrying as the class description says.
   *
   * @param request the request
   * @param <T> the body type of its responses
   * @return the outcome, completed on the caller's context
   * @throws NullPointerException if {@code request} is null
   */
  public <T> Future<HttpResponse<T>> send(HttpRequest<T> request) {
    Objects.requireNonNull(request, "request");
    return run(request, request::send);
  }

  /**
   * Sends {@code request} with {@code body} ({@code request.sendBuffer(body)}), retrying as the class description
   * says; every attempt sends the same bytes.
   *
   * @param request the request
   * @param body the body
   * @param <T> the body type of its responses
   * @return the outcome, completed on the caller's context
   * @throws NullPointerException if an argument is null
   */
  public <T> Future<HttpResponse<T>> sendBuffer(HttpRequest<T> request, Buffer body) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(body, "body");
    return run(request, () -> request.sendBuffer(body));
  }

  /**
   * {@link #send}, completed with the response's {@link HttpRetryOutcome}: the attempts, the time and, if retries
   * stopped on that response, why ({@code NOT_RETRYABLE} for a request that may not be sent twice and got a
   * retryable status).
   *
   * @param request the request
   * @param <T> the body type of its responses
   * @return the outcome, completed on the caller's context; failed as {@link #send} fails
   * @throws NullPointerException if {@code request} is null
   */
  public <T> Future<HttpRetryOutcome<HttpResponse<T>>> sendWithOutcome(HttpRequest<T> request) {
    Objects.requireNonNull(request, "request");
    return runWithOutcome(request, request::send);
  }

  /**
   * {@link #sendBuffer}, completed with the response's {@link HttpRetryOutcome}, as {@link #sendWithOutcome}.
   *
   * @param request the request
   * @param body the body
   * @param <T> the body type of its responses
   * @return the outcome, completed on the caller's context; failed as {@link #sendBuffer} fails
   * @throws NullPointerException if an argument is null
   */
  public <T> Future<HttpRetryOutcome<HttpResponse<T>>> sendBufferWithOutcome(HttpRequest<T> request, Buffer body) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(body, "body");
    return runWithOutcome(request, () -> request.sendBuffer(body));
  }

  private <T> Future<HttpResponse<T>> run(HttpRequest<T> request, Supplier<Future<HttpResponse<T>>> send) {
    return runWithOutcome(request, send).map(HttpRetryOutcome::response);
  }

  @SuppressWarnings("unchecked") // the results are the responses of request, of type HttpResponse<T>
  private <T> Future<HttpRetryOutcome<HttpResponse<T>>> runWithOutcome(HttpRequest<T> request,
      Supplier<Future<HttpResponse<T>>> send) {
    boolean retryable = isRetryable(request);
    long start = options.ticker().read();
    int[] attempts = new int[1]; // written by one attempt at a time, on the caller's context
    Supplier<Future<Object>> attempt = () -> {
      attempts[0]++;
      return send.get().<Object>map(response -> response).recover(RetryingWebClient::asIoFailure);
    };
    StopReason[] stop = new StopReason[1];
    return EventLoopExecution.run(vertx, retryable ? retrying : once, attempt)
        .recover(failure -> onStop(failure, stop))
        .map(response -> {
          HttpResponse<T> r = (HttpResponse<T>) response;
          StopReason reason = !retryable && options.isRetryableStatus(r.statusCode()) ? StopReason.NOT_RETRYABLE
              : stop[0];
          return HttpRetryOutcome.of(r, Math.max(1, attempts[0]),
              Duration.ofNanos(Math.max(0, options.ticker().read() - start)), Optional.ofNullable(reason));
        });
  }

  /**
   * The shared rules judge I/O failures by type; Vert.x reports a connection closed before the response as an
   * unchecked {@link HttpClosedException}, which is one (the rules retry "a connection closed mid-response").
   */
  private static Future<Object> asIoFailure(Throwable failure) {
    return Future.failedFuture(failure instanceof HttpClosedException
        ? new IOException(failure.getMessage(), failure) : failure);
  }

  private Future<Object> onStop(Throwable failure, StopReason[] stop) {
    if (failure instanceof RetryException e) {
      // The response retries stopped on, which the caller gets unless the policy throws on retryable results (as
      // the SPI's HttpRetryCall does; its rule is not public for a client that drives its own attempts).
      Object response = e.getCause() == null && e.attempts() >= 1 && e.reason() != StopReason.INTERRUPTED
          && !calls.policy().throwsOnRetryableResult() ? e.lastResult() : null;
      if (response != null) {
        stop[0] = e.reason();
        return Future.succeededFuture(response);
      }
    }
    return Future.failedFuture(failure);
  }

  /**
   * Whether this client may send {@code request} more than once: its method is retryable (idempotent by default)
   * or it carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header.
   *
   * @param request a request
   * @return whether it may be retried
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(HttpRequest<?> request) {
    return calls.isRetryable(request, request.method().name(), HAS_HEADER);
  }

  /**
   * The policy given (without the HTTP rules this client adds).
   *
   * @return the policy
   */
  public RetryPolicy<? super HttpResponse<?>> policy() {
    return policy;
  }

  /**
   * The options, the settings every HTTP client shares.
   *
   * @return the options
   */
  public HttpRetryOptions options() {
    return options;
  }

  /**
   * The retry budget all requests through this client share, if any.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  @Override
  public String toString() {
    return "RetryingWebClient[" + calls + "]";
  }
}
