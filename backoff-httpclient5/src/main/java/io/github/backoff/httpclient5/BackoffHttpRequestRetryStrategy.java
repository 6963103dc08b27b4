package io.github.backoff.httpclient5;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StandaloneExecution;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.util.TimeValue;

/**
 * Apache HttpClient 5's retry SPI answered by a Backoff {@link RetryPolicy}, for the classic and the async client,
 * with the HTTP rules every Backoff client shares ({@link HttpRetryOptions}): idempotent methods (GET, HEAD,
 * OPTIONS, TRACE, PUT, DELETE) and requests carrying an {@code Idempotency-Key} header are retried on 429, 500, 502,
 * 503, 504 and on I/O failures, a refused connection included; a POST without a key is never sent twice;
 * {@code Retry-After} (seconds or a date, on 429 and 503) is followed up to a maximum (one minute by default; more
 * stops the retries at once), spread above the server's floor; the policy's strategy, attempts, deadline, budget
 * (a budget of its own by default, the AWS SDKs' 2026 retry quota) and listeners apply as with
 * {@code io.github.backoff.Retrier}.
 *
 * <pre>{@code
 * BackoffHttpRequestRetryStrategy retry = BackoffHttpRequestRetryStrategy.of(policy);
 * CloseableHttpClient client = HttpClients.custom().setRetryStrategy(retry).build();
 * CloseableHttpAsyncClient async = HttpAsyncClients.custom().setRetryStrategy(retry).build();
 * }</pre>
 *
 * <p><b>What HttpClient's interface leaves out, and how this class copes.</b>
 * <ul>
 *   <li>The SPI passes only the attempt count ({@code execCount}): the core's state between attempts (previous
 *       delay, start, budget taken) is kept in the exchange's {@code HttpContext}, under an attribute of this
 *       class; an attempt count of 1 always starts a new exchange, so a context reused for another request starts
 *       afresh, and the state is tied to HttpClient's exchange id, so an exchange HttpClient does not ask about (a
 *       request body that cannot be sent twice) reports its own outcome, never the one before it.
 *   <li>The SPI is first called after the first attempt: the policy's deadline ({@code maxElapsed}) and the
 *       outcome's elapsed time count from the end of the first attempt, and a rate limiter's wait before the first attempt cannot be applied (its
 *       token is taken, the attempt is not delayed). The per-attempt timeout is HttpClient's own
 *       ({@code RequestConfig}'s response timeout); the policy's {@code attemptTimeout} is not applied.
 *   <li>The response callback does not see the request: its method and {@code Idempotency-Key} are read from the
 *       context ({@code HttpCoreContext.getRequest()}); without one there, the response is not retried.
 *   <li>HttpClient waits itself: the classic client sleeps on the calling thread, the async client schedules the
 *       retry on its own scheduler, so the options' sleeper and scheduler are not used.
 *   <li>A request whose body cannot be sent twice is not retried (HttpClient checks that too).
 *   <li>The SPI cannot change what the client returns or throws, so the outcome is read from the context
 *       ({@link #outcomeOf}) and a stop on a failure travels as a suppressed exception.
 * </ul>
 *
 * <p><b>How an exchange ended.</b> When it ends with a response (a success, a status that is not retried, or the
 * retryable response retries stopped on), HttpClient returns that response and {@link #outcomeOf(HttpContext)} gives
 * its {@link HttpRetryOutcome}: the attempts, the time and, if retries stopped on it, why. When retries stop on an
 * I/O failure, HttpClient throws that failure, with the core's {@link RetryException} (the reason, the attempts, the
 * elapsed time) added to it as a suppressed exception.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of clients and exchanges.
 */
public final class BackoffHttpRequestRetryStrategy implements HttpRequestRetryStrategy {
  /** The name of the context attribute that holds an exchange's state between its attempts. */
  private static final String EXCHANGE_ATTRIBUTE = BackoffHttpRequestRetryStrategy.class.getName() + ".exchange";

  private static final HttpResponseReader READER = HttpResponseReader.of(HttpResponse.class, HttpResponse::getCode,
      (response, name) -> {
        Header header = response.getFirstHeader(name);
        return header == null ? null : header.getValue();
      });

  /** Whether a request carries a header: a constant, so that the check allocates nothing. */
  private static final BiPredicate<HttpRequest, String> HAS_HEADER = HttpRequest::containsHeader;

  private final RetryPolicy<? super HttpResponse> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;
  /** The retriers for requests that may, and may not, be sent again: the SPI's, built once. */
  private final Retrier<Object> retrying;
  private final Retrier<Object> once;
  /** Whether a first attempt's success may be told to the core without an execution ({@link #succeededAtOnce}). */
  private final boolean successPathAllowed;

  BackoffHttpRequestRetryStrategy(RetryPolicy<? super HttpResponse> policy, HttpRetryOptions options) {
    this.policy = policy;
    this.options = options;
    this.calls = HttpRetryCalls.create(policy, options, READER);
    this.retrying = calls.retrierBuilder(true).build();
    this.once = calls.retrierBuilder(false).build();
    RetryPolicy<Object> derived = retrying.policy();
    this.successPathAllowed = derived.rateLimiter().isEmpty() && derived.attemptTimeout().isEmpty();
  }

  /**
   * A strategy that retries under {@code policy} with the default HTTP rules.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new strategy
   * @throws NullPointerException if {@code policy} is null
   */
  public static BackoffHttpRequestRetryStrategy of(RetryPolicy<? super HttpResponse> policy) {
    return builder(policy).build();
  }

  /**
   * A strategy that retries under {@code policy} with {@code options}, the settings every HTTP client shares.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} limit, hints, budget and sources of time
   * @return a new strategy
   * @throws NullPointerException if an argument is null
   */
  public static BackoffHttpRequestRetryStrategy of(RetryPolicy<? super HttpResponse> policy,
      HttpRetryOptions options) {
    return new BackoffHttpRequestRetryStrategy(
        Objects.requireNonNull(policy, "policy"), Objects.requireNonNull(options, "options"));
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, the budget, or the
   * sources of time and randomness.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new builder
   * @throws NullPointerException if {@code policy} is null
   */
  public static BackoffHttpRequestRetryStrategyBuilder builder(RetryPolicy<? super HttpResponse> policy) {
    return new BackoffHttpRequestRetryStrategyBuilder(policy, HttpRetryOptions.defaults());
  }

  /**
   * How the exchange that used {@code context} ended, if it ended with a response: that response, the attempts,
   * the time from the end of its first attempt and, if retries stopped on it, why (attempts exhausted, a
   * {@code Retry-After} too long, the budget, the deadline, or {@code NOT_RETRYABLE}: a request that may not be sent
   * twice got a retryable status). Read it after {@code execute} returned.
   *
   * <pre>{@code
   * HttpClientContext context = HttpClientContext.create();
   * int status = client.execute(request, context, response -> response.getCode());
   * BackoffHttpRequestRetryStrategy.outcomeOf(context).flatMap(HttpRetryOutcome::stopReason)
   *     .ifPresent(reason -> log.warn("retries stopped: {}", reason));
   * }</pre>
   *
   * @param context the exchange's context
   * @return the outcome, or empty if the exchange did not end with a response this strategy saw
   * @throws NullPointerException if {@code context} is null
   */
  public static Optional<HttpRetryOutcome<HttpResponse>> outcomeOf(HttpContext context) {
    // The state is this exchange's only if HttpClient's exchange id is the one it was made in: HttpClient does not
    // ask the strategy about every exchange (not about one whose request body cannot be sent twice), so a reused
    // context may hold the state of an earlier one.
    if (context.getAttribute(EXCHANGE_ATTRIBUTE) instanceof RetriedExchange exchange
        && Objects.equals(exchange.exchangeId, exchangeId(context))) {
      return exchange.outcome();
    }
    // The success path keeps no state, and an exchange HttpClient did not ask about made one attempt: its response
    // is the exchange's own, final.
    HttpResponse response = response(context);
    return response == null ? Optional.empty()
        : Optional.of(HttpRetryOutcome.of(response, 1, Duration.ZERO, Optional.empty()));
  }

  /**
   * Decides whether an attempt that failed with {@code exception} is retried: the request may be sent again and
   * the core's decision is to retry.
   *
   * @param request the request
   * @param exception the attempt's failure
   * @param execCount the attempts made so far, from 1
   * @param context the exchange's context, which keeps its state between attempts
   * @return whether to retry
   */
  @Override
  public boolean retryRequest(HttpRequest request, IOException exception, int execCount, HttpContext context) {
    RetriedExchange exchange = execCount > 1 ? storedExchange(context) : null;
    if (exchange == null) {
      exchange = newExchange(isRetryable(request), context);
    }
    long wait = exchange.execution.onFailure(null, exception);
    if (wait == StandaloneExecution.STOP) {
      if (exchange.execution.failure() instanceof RetryException e) {
        exception.addSuppressed(e);
      }
      return false;
    }
    exchange.waitNanos = wait;
    return true;
  }

  /**
   * Decides whether {@code response} is retried: a success or a status that is not retried ends the exchange (the
   * budget and listeners are told); a retryable status is retried if the request may be sent again and the core
   * decides so.
   *
   * @param response the attempt's response
   * @param execCount the attempts made so far, from 1
   * @param context the exchange's context, which keeps its state between attempts
   * @return whether to retry
   */
  @Override
  public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
    // Kept small, so that the JIT inlines the success path (and the core's) into the client's call: a first response
    // the policy accepts is checked and recorded, and nothing is looked up or kept.
    if (execCount == 1 && successPathAllowed && succeededAtOnce(response, context)) {
      return false;
    }
    return decide(response, execCount, context);
  }

  /**
   * A response on which a retry is considered (a retryable first response, any later one, or any response when the
   * success path is not taken): told to the exchange's execution, made now on the first attempt; the wait, or how
   * the exchange ended, is kept in it.
   */
  private boolean decide(HttpResponse response, int execCount, HttpContext context) {
    RetriedExchange exchange = execCount > 1 ? storedExchange(context) : null;
    if (exchange == null) { // the first attempt, or a context that lost its state
      exchange = newExchange(isRetryable(request(context)), context);
    }
    if (exchange.execution.isSuccess(response)) {
      exchange.execution.onSuccess(response);
      exchange.ended(response, execCount, options.ticker().read() - exchange.startNanos,
          !exchange.retryable && options.isRetryableStatus(response.getCode()) ? StopReason.NOT_RETRYABLE : null);
      return false;
    }
    long wait = exchange.execution.onFailure(response, null);
    if (wait == StandaloneExecution.STOP) {
      RetryException e = exchange.execution.failure() instanceof RetryException stop ? stop : null;
      StopReason reason = !exchange.retryable ? StopReason.NOT_RETRYABLE : e != null ? e.reason() : null;
      exchange.ended(response, execCount, options.ticker().read() - exchange.startNanos, reason);
      return false;
    }
    exchange.waitNanos = wait;
    return true;
  }

  /**
   * The wait the last {@link #retryRequest(HttpRequest, IOException, int, HttpContext)} decided on.
   *
   * @param request the request
   * @param exception the attempt's failure
   * @param execCount the attempts made so far, from 1
   * @param context the exchange's context
   * @return the wait before the next attempt
   */
  @Override
  public TimeValue getRetryInterval(HttpRequest request, IOException exception, int execCount, HttpContext context) {
    return interval(context);
  }

  /**
   * The wait the last {@link #retryRequest(HttpResponse, int, HttpContext)} decided on: the strategy's delay, or
   * what the server's {@code Retry-After} asked for, spread and clamped.
   *
   * @param response the attempt's response
   * @param execCount the attempts made so far, from 1
   * @param context the exchange's context
   * @return the wait before the next attempt
   */
  @Override
  public TimeValue getRetryInterval(HttpResponse response, int execCount, HttpContext context) {
    return interval(context);
  }

  private static TimeValue interval(HttpContext context) {
    return context.getAttribute(EXCHANGE_ATTRIBUTE) instanceof RetriedExchange exchange && exchange.response == null
        ? TimeValue.of(exchange.waitNanos, TimeUnit.NANOSECONDS) : TimeValue.ZERO_MILLISECONDS;
  }

  /**
   * The success path, which allocates nothing and looks up only the stale state of a reused context: a first attempt
   * whose response the policy accepts is told to the core through a retrier, whose success path records it (the
   * budget's refund, the listeners' {@code Succeeded}) without an execution; no state is kept ({@link #outcomeOf}
   * reads the response from the context). Either retrier does: they share the result condition, the budget and the
   * listeners, and a success does not depend on whether the request could have been sent again, so the request is
   * not read. Not taken when the policy has a rate limiter or an attempt timeout, which the retrier would apply to an
   * attempt already made.
   */
  private boolean succeededAtOnce(HttpResponse response, HttpContext context) {
    // The condition is asked through the retrier that then records the success, so that the JIT sees it is the same
    // test the retrier repeats and drops the retrier's failure branch: the lambda below then does not escape and is
    // not allocated (asked through another reference to the same policy, it was: 16 B per request).
    Retrier<Object> retrier = retrying;
    if (retrier.policy().isRetryableResult(response)) {
      return false;
    }
    context.removeAttribute(EXCHANGE_ATTRIBUTE); // a context reused from an earlier exchange
    retrier.call(() -> response);
    return true;
  }

  /** The response of the exchange, from its context, or null if the context has none. */
  // HTTP_REQUEST/HTTP_RESPONSE are deprecated for HttpCoreContext.cast(context).getRequest()/getResponse(), which
  // throw ClassCastException on an attribute of another type where this returns null: not an exact equivalent.
  @SuppressWarnings("deprecation")
  private static HttpResponse response(HttpContext context) {
    return context instanceof HttpCoreContext core ? core.getResponse()
        : context.getAttribute(HttpCoreContext.HTTP_RESPONSE) instanceof HttpResponse r ? r : null;
  }

  /** The request of the exchange, from its context, or null if the context has none. */
  // HTTP_REQUEST/HTTP_RESPONSE are deprecated for HttpCoreContext.cast(context).getRequest()/getResponse(), which
  // throw ClassCastException on an attribute of another type where this returns null: not an exact equivalent.
  @SuppressWarnings("deprecation")
  private static HttpRequest request(HttpContext context) {
    return context instanceof HttpCoreContext core ? core.getRequest()
        : context.getAttribute(HttpCoreContext.HTTP_REQUEST) instanceof HttpRequest r ? r : null;
  }

  /** The state of the exchange under way in {@code context}, or null if there is none (it ended, or never began). */
  private static RetriedExchange storedExchange(HttpContext context) {
    return context.getAttribute(EXCHANGE_ATTRIBUTE) instanceof RetriedExchange exchange && exchange.response == null
        && Objects.equals(exchange.exchangeId, exchangeId(context)) ? exchange : null;
  }

  /** The id HttpClient gives each exchange (its retries keep it) in {@code context}, or null if it has none. */
  // EXCHANGE_ID is deprecated for HttpClientContext's getter; the attribute serves a context of another type.
  @SuppressWarnings("deprecation")
  private static Object exchangeId(HttpContext context) {
    return context instanceof HttpClientContext client ? client.getExchangeId()
        : context.getAttribute(HttpClientContext.EXCHANGE_ID);
  }

  /**
   * A new exchange's state, made when a retry is first considered (a failure, or a first response the success path
   * does not take), and kept in {@code context}, replacing the state of an earlier exchange on a reused context.
   */
  private RetriedExchange newExchange(boolean retryable, HttpContext context) {
    // The execution's start is the exchange's: the same ticker (the options'), read once.
    StandaloneExecution<Object> execution = StandaloneExecution.start(retryable ? retrying : once);
    RetriedExchange exchange = new RetriedExchange(execution, retryable, execution.startNanos(), exchangeId(context));
    context.setAttribute(EXCHANGE_ATTRIBUTE, exchange);
    return exchange;
  }

  /**
   * Whether this strategy may send {@code request} more than once: its method is retryable (idempotent by default)
   * or it carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header, and its body, if any, can be sent again.
   *
   * @param request a request, or null (not retryable)
   * @return whether it may be retried
   */
  public boolean isRetryable(HttpRequest request) {
    if (request == null) {
      return false;
    }
    if (request instanceof ClassicHttpRequest classic) {
      HttpEntity entity = classic.getEntity();
      if (entity != null && !entity.isRepeatable()) {
        return false;
      }
    }
    return calls.isRetryable(request, request.getMethod(), HAS_HEADER);
  }

  /**
   * The policy given (without the HTTP rules this strategy adds).
   *
   * @return the policy
   */
  public RetryPolicy<? super HttpResponse> policy() {
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
   * The retry budget all exchanges through this strategy share: the policy's own if it has one, else the default
   * one made for this strategy, or empty after {@link BackoffHttpRequestRetryStrategyBuilder#withoutBudget()}.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  @Override
  public String toString() {
    return "BackoffHttpRequestRetryStrategy[" + calls + "]";
  }
}
