package io.github.backoff.spring.web;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCall;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiPredicate;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Retries the calls of a Spring {@code RestClient} or {@code RestTemplate} under a {@link RetryPolicy}, with the
 * HTTP rules every Backoff client shares, stated once in {@link HttpRetryOptions} (which statuses, failures and
 * requests are retried, {@code Retry-After} and millisecond hints, the default retry budget, the deadline); the
 * policy's attempt timeout, conditions, listeners and stop reasons work as with {@link Retrier}. For
 * {@code WebClient}, use {@link RetryingExchangeFilter}, beside this class.
 *
 * <pre>{@code
 * RestClient client = RestClient.builder()
 *     .requestInterceptor(RetryingRequestInterceptor.of(policy))
 *     .build();
 * RestTemplate template = new RestTemplate();
 * template.getInterceptors().add(RetryingRequestInterceptor.of(policy));
 * }</pre>
 *
 * <p><b>Bodies.</b> Spring hands an interceptor the request body as a {@code byte[]}, so sending it again is always
 * safe: every attempt sends the same bytes. The response of an attempt that is retried is read into memory and
 * closed before the wait, so its connection goes back to the pool; the response handed back is the last one, open
 * (or, when retries stop on a retryable status, buffered).
 *
 * <p><b>Interceptors after this one.</b> Each attempt calls {@code execution.execute(...)} again. Spring Framework
 * 7 runs the interceptors after this one on every such call (spring-framework #34169, fixed in 6.2.2); so register
 * the retry first if the others (authentication, logging, metrics) should see every attempt, and last if they
 * should see the call once. {@code RetryingRequestInterceptorTest} checks both orders.
 *
 * <p><b>How a call ended.</b> When retries stop without a response to return (on a failure, on interruption, the
 * budget or the deadline, or on a retryable status when the policy throws on retryable results), the interceptor
 * throws the core's {@link RetryException} (unchecked, so {@code RestClient} passes it on as it is, not as a
 * {@code ResourceAccessException}): its {@link RetryException#reason() reason()} says why, with the attempts, the
 * elapsed time and the last failure as cause. When a call returns a response — a success, a status that is not
 * retried, or the retryable response retries stopped on (a {@code RestClient}'s {@code retrieve()} then reports the
 * status as usual) — {@link #outcomeOf(HttpRequest)} says how it ended: attempts, time, and why retries stopped, if
 * they did (an {@link HttpRetryOutcome}, the one way every Backoff HTTP client reports it).
 *
 * <p><b>Interruption and timeouts.</b> An interrupted thread stops the retries with {@link StopReason#INTERRUPTED}
 * and keeps its interrupt flag. A policy's attempt timeout interrupts the attempt; Spring's JDK request factory
 * ({@code JdkClientHttpRequestFactory}, Spring Boot's default when no other client library is present) ends the
 * exchange at once; other factories end it at their own read timeout.
 *
 * <p><b>Threads.</b> The interceptor waits between attempts on the calling thread (a {@code RestClient} is
 * blocking); for non-blocking retries use {@code WebClient} with {@link RetryingExchangeFilter}.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent calls.
 */
public final class RetryingRequestInterceptor implements ClientHttpRequestInterceptor {
  /** Reads Spring's responses for the shared HTTP retry code. */
  private static final HttpResponseReader READER = new SpringResponseReader();
  /** Whether a request carries a header, for the shared rule ({@link HttpRetryCalls#isRetryable}). */
  // getFirst, not 7's containsHeader: Spring Framework 6.2 (Boot 3.5) has it too.
  private static final BiPredicate<HttpRequest, String> HAS_HEADER =
      (request, name) -> request.getHeaders().getFirst(name) != null;

  private final RetryPolicy<? super ClientHttpResponse> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;

  RetryingRequestInterceptor(RetryPolicy<? super ClientHttpResponse> policy, HttpRetryOptions options) {
    this.policy = policy;
    this.options = options;
    this.calls = HttpRetryCalls.create(policy, options, READER);
  }

  /**
   * An interceptor that retries under {@code policy} with the default HTTP rules.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new interceptor
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryingRequestInterceptor of(RetryPolicy<? super ClientHttpResponse> policy) {
    return builder(policy).build();
  }

  /**
   * An interceptor that retries under {@code policy} with {@code options}, the settings every HTTP client shares.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} limit, hints, budget and sources of time
   * @return a new interceptor
   * @throws NullPointerException if an argument is null
   */
  public static RetryingRequestInterceptor of(
      RetryPolicy<? super ClientHttpResponse> policy, HttpRetryOptions options) {
    return new RetryingRequestInterceptor(
        Objects.requireNonNull(policy, "policy"), Objects.requireNonNull(options, "options"));
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, the budget, or the
   * sources of time, sleeping, scheduling and randomness.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new builder
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryingRequestInterceptorBuilder builder(RetryPolicy<? super ClientHttpResponse> policy) {
    return new RetryingRequestInterceptorBuilder(policy, HttpRetryOptions.defaults());
  }

  /** The name of the request attribute that holds how the call ended ({@link #outcomeOf}). */
  private static final String OUTCOME_ATTRIBUTE = RetryingRequestInterceptor.class.getName() + ".outcome";

  /**
   * How the call of {@code request} ended, if it went through this interceptor and returned a response: the response,
   * the attempts made, the time taken and, if retries stopped on this response (a retryable status and no retry
   * followed), why ({@link HttpRetryOutcome#stopReason()}); the one way every Backoff HTTP client reports it. Read
   * from the request's attributes, e.g. in {@code RestClient}'s {@code exchange((request, response) -> ...)}.
   *
   * <pre>{@code
   * Optional<HttpRetryOutcome<ClientHttpResponse>> outcome = restClient.get().uri(uri)
   *     .exchange((request, response) -> RetryingRequestInterceptor.outcomeOf(request));
   * }</pre>
   *
   * @param request the request of the call
   * @return the outcome, or empty if the call did not go through this interceptor
   * @throws NullPointerException if {@code request} is null
   */
  @SuppressWarnings("unchecked")
  public static Optional<HttpRetryOutcome<ClientHttpResponse>> outcomeOf(HttpRequest request) {
    return request.getAttributes().get(OUTCOME_ATTRIBUTE) instanceof HttpRetryOutcome<?> o
        ? Optional.of((HttpRetryOutcome<ClientHttpResponse>) o) : Optional.empty();
  }

  /**
   * Runs the rest of the chain, retrying as the class description says.
   *
   * @return the first response that is not retried: a success, a status that is not retryable, or the last
   *     retryable one when retries stop ({@link #outcomeOf(HttpRequest)} says how the call ended)
   * @throws RetryException if retries stop on a failure, on interruption, on the budget or the deadline, or on a
   *     retryable status when the policy throws on retryable results
   */
  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
      throws IOException {
    HttpRetryCall call = calls.newCall(isRetryable(request));
    RetriedExchange exchange = new RetriedExchange(request, body, execution, call, options);
    ClientHttpResponse response;
    try {
      response = (ClientHttpResponse) call.run(exchange);
    } catch (RuntimeException | Error e) { // RetryException included: no response to return
      exchange.closePendingExcept(null);
      throw e;
    }
    exchange.closePendingExcept(response);
    request.getAttributes().put(OUTCOME_ATTRIBUTE, call.outcome(response));
    return response;
  }

  /**
   * Whether this interceptor may send {@code request} more than once: its method is retryable (idempotent by
   * default) or it carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header.
   *
   * @param request a request
   * @return whether it may be retried
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(HttpRequest request) {
    return calls.isRetryable(request, request.getMethod().name(), HAS_HEADER);
  }

  /**
   * The policy given (without the HTTP rules this interceptor adds).
   *
   * @return the policy
   */
  public RetryPolicy<? super ClientHttpResponse> policy() {
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
   * The retry budget all calls through this interceptor share: the policy's own if it has one, else the default one
   * made for this interceptor, or empty after {@link RetryingRequestInterceptorBuilder#withoutBudget()}.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  @Override
  public String toString() {
    return "RetryingRequestInterceptor[" + calls + "]";
  }

  /** Spring's responses, read for the shared code; a response whose status cannot be read counts as none. */
  private static final class SpringResponseReader implements HttpResponseReader {
    @Override
    public int status(Object result) {
      if (!(result instanceof ClientHttpResponse response)) {
        return -1;
      }
      try {
        return response.getStatusCode().value();
      } catch (IOException e) {
        return -1;
      }
    }

    @Override
    public String header(Object result, String name) {
      return result instanceof ClientHttpResponse response ? response.getHeaders().getFirst(name) : null;
    }

    @Override
    public String bodyPrefix(Object result, int maxChars) {
      return result instanceof BufferedResponse buffered ? buffered.bodyPrefix(maxChars) : null; // a retried one
    }
  }
}
