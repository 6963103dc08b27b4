package io.github.backoff.spring.web;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpResponseReader;
import io.github.backoff.httprules.HttpRetryCalls;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Retries the calls of a Spring {@code RestClient} or {@code RestTemplate} under a {@link RetryPolicy}, with the
 * HTTP rules every Backoff client shares ({@link HttpRetryOptions}): only idempotent methods (GET, HEAD, OPTIONS,
 * PUT, DELETE, TRACE) or requests with an {@code Idempotency-Key} header, on 429, 500, 502, 503, 504 and on
 * connection failures; {@code Retry-After} (seconds or a date, on 429 and 503) and, if asked, a millisecond hint
 * header such as {@code x-amz-retry-after} lengthen a wait within bounds; a retry budget per interceptor by default
 * (the AWS SDKs' 2026 retry quota; {@link RetryingRequestInterceptorBuilder#withoutBudget()} to opt out); the
 * policy's attempt timeout, deadline, conditions, listeners and stop reasons as with {@link Retrier}.
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
 * <p><b>Stops.</b> When retries stop on a failure (or on interruption, the budget, the deadline, or a retryable
 * status when the policy throws on retryable results), the interceptor throws the core's {@link RetryException}
 * (unchecked, so {@code RestClient} passes it on as it is, not as a {@code ResourceAccessException}): its
 * {@link RetryException#reason() reason()} says why, with the attempts, the elapsed time and the last failure as
 * cause. When retries stop on a retryable status, that response is returned (a {@code RestClient}'s
 * {@code retrieve()} then reports the status as usual) and {@link #stopOf(HttpRequest)} tells why.
 *
 * <p><b>Interruption and timeouts.</b> An interrupted thread stops the retries with {@link StopReason#INTERRUPTED}
 * and keeps its interrupt flag. A policy's attempt timeout interrupts the attempt; Spring's JDK request factory
 * ({@code JdkClientHttpRequestFactory}, Spring Boot's default when no other client library is present) ends the
 * exchange at once; other factories end it at their own read timeout.
 *
 * <p><b>Threads.</b> The interceptor waits between attempts on the calling thread (a {@code RestClient} is
 * blocking); for non-blocking retries use {@code WebClient} with backoff-reactor.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent calls.
 */
public final class RetryingRequestInterceptor implements ClientHttpRequestInterceptor {
  /** Reads Spring's responses for the shared HTTP retry code. */
  private static final HttpResponseReader READER = new SpringResponseReader();

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

  /**
   * The name of the request attribute that holds the {@link RetryException} when retries stopped on a retryable
   * status and the interceptor returned that response ({@link #stopOf}).
   */
  public static final String STOP_ATTRIBUTE = RetryingRequestInterceptor.class.getName() + ".stop";

  /**
   * Why retries stopped on the response a call returned, if this interceptor stopped on a retryable status: read
   * from the request's attributes, e.g. in {@code RestClient}'s {@code exchange((request, response) -> ...)}. Empty
   * for a response that was not retried to the end (a success, a status that is not retryable).
   *
   * <pre>{@code
   * Optional<RetryException> stop = restClient.get().uri(uri)
   *     .exchange((request, response) -> RetryingRequestInterceptor.stopOf(request));
   * }</pre>
   *
   * @param request the request of the call
   * @return the reason, attempts and elapsed time, if any
   */
  public static Optional<RetryException> stopOf(HttpRequest request) {
    return request.getAttributes().get(STOP_ATTRIBUTE) instanceof RetryException e ? Optional.of(e)
        : Optional.empty();
  }

  /**
   * Runs the rest of the chain, retrying as the class description says.
   *
   * @return the first response that is not retried: a success, a status that is not retryable, or the last
   *     retryable one when retries stop ({@link #stopOf(HttpRequest)})
   * @throws RetryException if retries stop on a failure, on interruption, on the budget or the deadline, or on a
   *     retryable status when the policy throws on retryable results
   */
  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
      throws IOException {
    boolean retryable = isRetryable(request);
    RetriedExchange exchange = new RetriedExchange(request, body, execution, retryable, options);
    Object outcome;
    try {
      outcome = calls.retrier(retryable).call(exchange);
    } catch (RetryException e) {
      outcome = calls.resultOnStop(e);
      if (outcome == null) {
        exchange.closePendingExcept(null);
        throw e;
      }
      exchange.closePendingExcept(outcome);
      request.getAttributes().put(STOP_ATTRIBUTE, e);
      return (ClientHttpResponse) outcome;
    } catch (RuntimeException | Error e) {
      exchange.closePendingExcept(null);
      throw e;
    }
    exchange.closePendingExcept(outcome);
    return (ClientHttpResponse) outcome;
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
    // The header is looked up only for a method that is not retried anyway: a case-insensitive lookup allocates.
    // getFirst, not 7's containsHeader: Spring Framework 6.2 (Boot 3.5) has it too.
    return options.isRetryableMethod(request.getMethod().name(), false)
        || request.getHeaders().getFirst(HttpRetryRules.IDEMPOTENCY_KEY) != null;
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
  }
}
