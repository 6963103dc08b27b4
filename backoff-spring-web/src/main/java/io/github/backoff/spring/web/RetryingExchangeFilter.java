package io.github.backoff.spring.web;

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
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiPredicate;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import org.springframework.web.reactive.function.client.WebClientRequestException;
import org.springframework.web.reactive.function.client.support.ClientResponseWrapper;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Retries the exchanges of a Spring {@code WebClient} under a {@link RetryPolicy}, with the HTTP rules every Backoff
 * client shares, stated once in {@link HttpRetryOptions}, without holding a
 * thread while it waits: each retry is started by the core's asynchronous driver on a scheduler when its wait is
 * over (the core's shared daemon scheduler, or the one given to the builder).
 *
 * <pre>{@code
 * WebClient client = WebClient.builder()
 *     .filter(RetryingExchangeFilter.of(policy))
 *     .build();
 * Mono<String> body = client.get().uri(uri).retrieve().bodyToMono(String.class);
 * }</pre>
 *
 * <p><b>Bodies.</b> The body of a response that is retried is read whole and released before the wait, so no
 * buffer and no pooled connection is held; the last response is returned as it came (or, when retries stop on a
 * retryable status, with its body in memory). The request body is written again for every attempt by its
 * {@code BodyInserter}: values and resources can be written twice; a one-shot {@code Publisher} body cannot, so send
 * such requests with a method that is not retried.
 *
 * <p><b>Cancellation.</b> Cancelling the subscription (a {@code dispose()}, a {@code timeout(...)}, a
 * {@code take(...)} downstream) cancels the pending retry and the exchange in flight: no attempt starts after it.
 * What a connector reports about an exchange after this filter cancelled it (the JDK connector's "Request
 * cancelled") is logged at DEBUG, not passed to Reactor's error-dropped hook, whose default logs it as an ERROR.
 *
 * <p><b>How an exchange ended.</b> When retries stop without a response to return, the {@code Mono} fails with the
 * core's {@link RetryException}, whose {@code reason()} says why; when they stop on a retryable status, that response
 * is returned and {@code retrieve()} reports its status as usual. For every response it returns,
 * {@link #outcomeOf(ClientResponse)} says how the exchange ended: attempts, time, and why retries stopped, if they did
 * (an {@link HttpRetryOutcome}, the one way every Backoff HTTP client reports it).
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent exchanges.
 */
public final class RetryingExchangeFilter implements ExchangeFilterFunction {
  private static final HttpResponseReader READER = new HttpResponseReader() {
    private final HttpResponseReader headers = HttpResponseReader.of(ClientResponse.class,
        response -> response.statusCode().value(),
        (response, name) -> response.headers().asHttpHeaders().getFirst(name));

    @Override
    public int status(Object result) {
      return headers.status(result);
    }

    @Override
    public String header(Object result, String name) {
      return headers.header(result, name);
    }

    @Override
    public String bodyPrefix(Object result, int maxChars) { // a retried response's bytes, kept when it was buffered
      return result instanceof BufferedClientResponse buffered
          ? HttpResponseReader.utf8Prefix(buffered.bytes, maxChars) : null;
    }
  };

  /** Whether a request carries a header, for the shared rule ({@link HttpRetryCalls#isRetryable}). */
  // getFirst, not 7's containsHeader: Spring Framework 6.2 (Boot 3.5) has it too.
  private static final BiPredicate<ClientRequest, String> HAS_HEADER =
      (request, name) -> request.headers().getFirst(name) != null;

  private final RetryPolicy<? super ClientResponse> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;

  RetryingExchangeFilter(RetryPolicy<? super ClientResponse> policy, HttpRetryOptions options) {
    this.policy = policy;
    this.options = options;
    this.calls = HttpRetryCalls.create(policy, options, READER);
  }

  /**
   * A filter that retries under {@code policy} with the default HTTP rules.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new filter
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryingExchangeFilter of(RetryPolicy<? super ClientResponse> policy) {
    return builder(policy).build();
  }

  /**
   * A filter that retries under {@code policy} with {@code options}, the settings every HTTP client shares.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} limit, hints, budget and sources of time
   * @return a new filter
   * @throws NullPointerException if an argument is null
   */
  public static RetryingExchangeFilter of(RetryPolicy<? super ClientResponse> policy, HttpRetryOptions options) {
    return new RetryingExchangeFilter(
        Objects.requireNonNull(policy, "policy"), Objects.requireNonNull(options, "options"));
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, the budget, or the
   * sources of time, scheduling and randomness.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new builder
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryingExchangeFilterBuilder builder(RetryPolicy<? super ClientResponse> policy) {
    return new RetryingExchangeFilterBuilder(policy, HttpRetryOptions.defaults());
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    boolean retryable = isRetryable(request);
    return Mono.defer(() -> {
      HttpRetryCall call = calls.newCall(retryable);
      CompletableFuture<Object> result = call.runAsync(() -> attempt(request, next, retryable));
      // suppressCancel = false: cancelling the subscription cancels the retries and the exchange in flight.
      return Mono.fromFuture(result, false).map(response -> OutcomeResponse.of((ClientResponse) response, call));
    });
  }

  /**
   * How the exchange that returned {@code response} ended, if it went through this filter: the response, the
   * attempts made, the time taken and, if retries stopped on this response (a retryable status and no retry
   * followed), why ({@link HttpRetryOutcome#stopReason()}); the one way every Backoff HTTP client reports it. The
   * filter returns its response in a {@link ClientResponseWrapper} that carries it; wrappers that filters registered
   * before this one (which see the response after it) put around it are looked through.
   *
   * <pre>{@code
   * Optional<HttpRetryOutcome<ClientResponse>> outcome = client.get().uri(uri)
   *     .exchangeToMono(response -> response.releaseBody()
   *         .thenReturn(RetryingExchangeFilter.outcomeOf(response)))
   *     .block();
   * }</pre>
   *
   * @param response a response of a {@code WebClient} with this filter
   * @return its outcome, or empty if it did not come through this filter
   * @throws NullPointerException if {@code response} is null
   */
  public static Optional<HttpRetryOutcome<ClientResponse>> outcomeOf(ClientResponse response) {
    for (ClientResponse r = Objects.requireNonNull(response, "response"); r instanceof ClientResponseWrapper w;
        r = w.response()) {
      if (w instanceof OutcomeResponse o) {
        return Optional.of(HttpRetryOutcome.of(response, o.attempts, o.elapsed, o.stopReason));
      }
    }
    return Optional.empty();
  }

  /** The filter's response, with how the exchange ended (without the response, which a later wrapper may replace). */
  private static final class OutcomeResponse extends ClientResponseWrapper {
    private final int attempts;
    private final Duration elapsed;
    private final Optional<StopReason> stopReason;

    private OutcomeResponse(ClientResponse response, HttpRetryOutcome<ClientResponse> outcome) {
      super(response);
      this.attempts = outcome.attempts();
      this.elapsed = outcome.elapsed();
      this.stopReason = outcome.stopReason();
    }

    static ClientResponse of(ClientResponse response, HttpRetryCall call) {
      return new OutcomeResponse(response, call.outcome(response));
    }
  }

  private CompletableFuture<Object> attempt(ClientRequest request, ExchangeFunction next, boolean retryable) {
    AbandonedAttempt abandoned = new AbandonedAttempt();
    CompletableFuture<Object> attempt = next.exchange(request)
        // The HTTP rules judge the I/O failure itself, not WebClient's wrapper of it.
        .onErrorMap(WebClientRequestException.class, e -> e.getCause() != null ? e.getCause() : e)
        // Every response the core may retry is buffered (its body released): a retryable status, or one the
        // policy's own result condition retries; a response dropped unread would hold its connection.
        .flatMap(response -> retryable && (options.isRetryableStatus(response.statusCode().value())
            || policy.isRetryableResult(response)) ? buffered(response) : Mono.just(response))
        .<Object>map(response -> response)
        .contextWrite(context -> context.put(AbandonedAttempt.ON_ERROR_DROPPED, abandoned))
        .toFuture();
    abandoned.attempt = attempt;
    return attempt;
  }

  /**
   * Reactor's error-dropped hook for one attempt's exchange. When an attempt times out, or the caller cancels, the
   * attempt's future is cancelled and the exchange with it; a connector may report its own failure after that: the
   * JDK connector's {@code HttpClient} completes the cancelled request with "Request cancelled", which Reactor can
   * no longer deliver and passes to the error-dropped hook, whose default logs an ERROR with a 40-line stack trace,
   * once per abandoned attempt. That failure is the cancellation we asked for, so it is logged at DEBUG only. Any
   * other dropped error (the attempt was not cancelled) goes on to the application's global hook or Reactor's
   * default, as it would without this filter.
   *
   * <p>Reactor looks a context-local hook up under the key {@value #ON_ERROR_DROPPED}
   * ({@code Operators.onErrorDropped(Throwable, Context)}) before its global one.
   */
  static final class AbandonedAttempt implements Consumer<Throwable> {
    static final String ON_ERROR_DROPPED = "reactor.onErrorDropped.local";
    private static final System.Logger LOG = System.getLogger(RetryingExchangeFilter.class.getName());

    /** The attempt's future, set once it exists (a drop before that cannot follow a cancellation of it). */
    volatile CompletableFuture<?> attempt;

    @Override
    public void accept(Throwable dropped) {
      CompletableFuture<?> future = attempt;
      if (future != null && future.isCancelled()) {
        LOG.log(System.Logger.Level.DEBUG, "exchange of an abandoned attempt ended with {0}", dropped.toString());
        return;
      }
      Operators.onErrorDropped(dropped, Context.empty());
    }
  }

  /**
   * The response with its body read whole into memory and the original released. A new response, not
   * {@code response.mutate()}: mutate's {@code body(...)} releases the original body by subscribing to it again,
   * which, once the body was read, logs "The client response body can only be consumed once" as a dropped error.
   */
  private static Mono<ClientResponse> buffered(ClientResponse response) {
    return response.bodyToMono(byte[].class)
        .defaultIfEmpty(new byte[0])
        .map(bytes -> new BufferedClientResponse(
            ClientResponse.create(response.statusCode(), response.strategies())
                // addAll(String, List), not 7's addAll(HttpHeaders): Spring Framework 6.2 has it too (Boot 3.5)
                .headers(headers -> response.headers().asHttpHeaders().forEach(headers::addAll))
                .cookies(cookies -> cookies.addAll(response.cookies()))
                .request(response.request())
                .body(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(bytes)))
                .build(), bytes));
  }

  /**
   * A buffered response that keeps its bytes, so that the HTTP rules can look at the first of them (a 429's quota
   * marker, {@code RateLimitRules}) without subscribing to the body the caller will read.
   */
  private static final class BufferedClientResponse extends ClientResponseWrapper {
    private final byte[] bytes;

    BufferedClientResponse(ClientResponse response, byte[] bytes) {
      super(response);
      this.bytes = bytes;
    }
  }

  /**
   * Whether this filter may send {@code request} more than once: its method is retryable (idempotent by default) or
   * it carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header.
   *
   * @param request a request
   * @return whether it may be retried
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(ClientRequest request) {
    return calls.isRetryable(request, request.method().name(), HAS_HEADER);
  }

  /**
   * The policy given (without the HTTP rules this filter adds).
   *
   * @return the policy
   */
  public RetryPolicy<? super ClientResponse> policy() {
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
   * The retry budget all exchanges through this filter share, if any.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  @Override
  public String toString() {
    return "RetryingExchangeFilter[" + calls + "]";
  }
}
