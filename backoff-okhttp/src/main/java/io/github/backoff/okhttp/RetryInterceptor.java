package io.github.backoff.okhttp;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.spi.HttpResponseReader;
import io.github.backoff.httprules.spi.HttpRetryCall;
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiPredicate;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * An OkHttp application {@link Interceptor} that retries calls under a {@link RetryPolicy}, following the HTTP rules
 * every Backoff client shares, stated once in {@link HttpRetryOptions}. Add it with
 * {@link OkHttpClient.Builder#addInterceptor} (not as a network interceptor, which OkHttp allows one
 * {@code proceed} only: it fails at its first call); every call of the client, and of a Retrofit service built on it, is
 * then retried. The policy supplies the backoff strategy, the limits (attempts, {@code maxElapsed} as the overall
 * deadline, {@code attemptTimeout}), a retry budget and the listeners; each retry is one {@code chain.proceed}.
 *
 * <pre>{@code
 * RetryPolicy<Response> policy = RetryPolicy.<Response>builder()
 *     .withBackoff(Backoff.exponential(Duration.ofMillis(200)).withCap(Duration.ofSeconds(5)).withFullJitter())
 *     .withMaxAttempts(4)
 *     .withMaxElapsed(Duration.ofSeconds(20))
 *     .build();
 * OkHttpClient client = new OkHttpClient.Builder()
 *     .addInterceptor(RetryInterceptor.of(policy))
 *     .build();
 * }</pre>
 *
 * <p><b>The HTTP rules</b> — which statuses, failures and requests are retried, {@code Retry-After} and millisecond
 * hints, the default retry budget ({@link #THROTTLING_KIND} for a 429), the deadline — are in
 * {@link HttpRetryOptions}. What is OkHttp's own: a request whose body is one-shot ({@link RequestBody#isOneShot()})
 * or duplex is never retried, as OkHttp itself never resends it ({@link #isRetryable}).
 *
 * <p><b>Timeouts.</b> Each attempt's connect, read and write timeouts are cut to the shortest of the client's own,
 * the policy's {@code attemptTimeout} and the time left before {@code maxElapsed}, so a silent server cannot keep
 * the last attempt past the deadline. These bound each network operation; the core's own timer for
 * {@code attemptTimeout} (which interrupts the attempt) bounds the whole attempt. For a hard bound on the whole
 * call, waits included, also set OkHttp's {@code callTimeout}: the interceptor runs inside it, and a call it
 * cancels stops retrying.
 *
 * <p><b>Responses.</b> The body of a response with a retryable status is read into memory and the response closed
 * at once, so its connection returns to the pool before the wait and the next attempt can reuse it; every response
 * the interceptor does not return is closed. When retries stop on a retryable status, that response is returned,
 * as OkHttp would return it, with a buffered body (if the policy was built with {@code throwOnRetryableResult()}, a
 * {@link RetryIOException} is thrown instead). {@link #outcomeOf(Response)} says how any call that returned a
 * response ended: attempts, time, and why retries stopped on it, if they did (an {@link HttpRetryOutcome}, the one
 * way every Backoff HTTP client reports it).
 *
 * <p><b>Failures.</b> When retries stop on a failure, the interceptor throws a {@link RetryIOException} whose cause
 * is the core's {@link RetryException}: OkHttp passes only {@link IOException}s to callers and callbacks.
 *
 * <p><b>Cancellation and interruption.</b> A canceled call ({@code Call.cancel()}, or OkHttp's call timeout) is
 * never retried: an attempt in flight fails, a wait ends within 20 ms, and the interceptor throws a
 * {@link RetryIOException} with {@link StopReason#ABORTED}. If the calling thread is interrupted, retries stop with
 * {@link StopReason#INTERRUPTED} and the thread's interrupt flag stays set.
 *
 * <p><b>Threads.</b> An interceptor is synchronous: it waits between attempts on the thread that runs the call —
 * the caller's for {@code execute()}, one of OkHttp's dispatcher threads for {@code enqueue()} (OkHttp's model; the
 * dispatcher's {@code maxRequests} and {@code maxRequestsPerHost} count a call while it waits). The interceptor
 * starts no thread of its own; a policy with {@code attemptTimeout} uses the core's scheduler (or
 * {@link RetryInterceptorBuilder#withScheduler the one given}) for the attempt timer.
 *
 * <p><b>Thread-safety.</b> Immutable and thread-safe: one instance serves any number of concurrent calls.
 */
public final class RetryInterceptor implements Interceptor {
  /** The longest {@code Retry-After} followed by default: one minute ({@link HttpRetryDelays}). */
  public static final Duration DEFAULT_MAX_RETRY_AFTER = HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER;

  /**
   * The name of the kind of failure ({@link RetryKind}) this interceptor adds for throttling responses (429): it
   * only makes the budget charge a throttling retry its throttling cost (5 units in the default budget instead of
   * 14); listeners see it in {@code RetryScheduled.kind()}. A kind of this name in the policy replaces it. The same
   * name as backoff-http's {@code RetryingHttpClient.THROTTLING_KIND}.
   */
  public static final String THROTTLING_KIND = HttpRetryRules.THROTTLING_KIND;

  /** Reads the responses of OkHttp for the shared HTTP retry code. */
  private static final HttpResponseReader READER = new HttpResponseReader() {
    private final HttpResponseReader headers = HttpResponseReader.of(Response.class, Response::code,
        (response, name) -> response.header(name));

    @Override
    public int status(Object result) {
      return headers.status(result);
    }

    @Override
    public String header(Object result, String name) {
      return headers.header(result, name);
    }

    @Override
    public String bodyPrefix(Object result, int maxChars) {
      if (!(result instanceof Response response) || response.body() == null) {
        return null;
      }
      try { // a retried response's body is in memory (RetriedCall buffers it): peeking copies at most maxChars bytes
        return response.peekBody(maxChars).string();
      } catch (java.io.IOException e) {
        return null;
      }
    }
  };

  /** Whether a request carries a header, for the shared rule ({@link HttpRetryCalls#isRetryable}). */
  private static final BiPredicate<Request, String> HAS_HEADER = (request, name) -> request.header(name) != null;

  private final RetryPolicy<? super Response> policy;
  private final HttpRetryOptions options;
  private final HttpRetryCalls calls;

  RetryInterceptor(RetryPolicy<? super Response> policy, HttpRetryOptions options) {
    this.policy = policy;
    this.options = options;
    // A canceled call is never retried: Canceled stops the retries at once.
    this.calls = HttpRetryCalls.create(policy, options, READER, null, Canceled.class::isInstance);
  }

  /**
   * An interceptor that retries under {@code policy} with the default rules.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new interceptor
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryInterceptor of(RetryPolicy<? super Response> policy) {
    return builder(policy).build();
  }

  /**
   * A builder to change the retryable statuses and methods, the {@code Retry-After} limit, or the sources of time,
   * sleeping, scheduling and randomness.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @return a new builder
   * @throws NullPointerException if {@code policy} is null
   */
  public static RetryInterceptorBuilder builder(RetryPolicy<? super Response> policy) {
    return new RetryInterceptorBuilder(policy, HttpRetryOptions.defaults());
  }

  /**
   * An interceptor that retries under {@code policy} with {@code options}, the settings every HTTP client shares.
   *
   * @param policy the strategy, limits, conditions, budget and listeners
   * @param options the statuses, methods, {@code Retry-After} limit, hints, budget and sources of time
   * @return a new interceptor
   * @throws NullPointerException if an argument is null
   */
  public static RetryInterceptor of(RetryPolicy<? super Response> policy, HttpRetryOptions options) {
    return new RetryInterceptor(Objects.requireNonNull(policy, "policy"), Objects.requireNonNull(options, "options"));
  }

  /**
   * Proceeds with the chain, retrying as the class description says.
   *
   * @return the first response that is not retried: a success, a status that is not retryable, or the last
   *     retryable one when retries stop (with its {@link #outcomeOf outcome})
   * @throws RetryIOException if retries stop on a failure, on a canceled call, on interruption, or on a retryable
   *     status when the policy throws on retryable results
   * @throws IllegalStateException if it was added as a network interceptor
   */
  @Override
  public Response intercept(Chain chain) throws IOException {
    if (chain.connection() != null) {
      // A network interceptor may call proceed() only once and may not change timeouts: fail at the first call.
      throw new IllegalStateException("RetryInterceptor must be added with OkHttpClient.Builder.addInterceptor, not"
          + " addNetworkInterceptor: a network interceptor cannot retry");
    }
    boolean retryable = isRetryable(chain.request());
    HttpRetryCall call = calls.newCall(retryable);
    RetriedCall attempts = new RetriedCall(chain, call, options);
    Retrier<Object> retrier = calls.retrierBuilder(retryable)
        .withSleeper(new CancelAwareSleeper(options.sleeper(), chain.call()))
        .build();
    Object last;
    try {
      last = call.run(retrier, attempts);
    } catch (RetryException e) {
      attempts.closePendingExcept(null);
      if (e.lastResult() instanceof Response && ((Response) e.lastResult()).body() != null) {
        ((Response) e.lastResult()).body().close();
      }
      throw new RetryIOException(e);
    } catch (RuntimeException | Error e) {
      attempts.closePendingExcept(null);
      throw e;
    }
    attempts.closePendingExcept(last);
    Response response = (Response) last;
    return OutcomeTag.tag(response, call.outcome(response));
  }

  /**
   * How the call that returned {@code response} ended: the response, the attempts made, the time taken and, if
   * retries stopped on this response (a retryable status and no retry followed), why
   * ({@link HttpRetryOutcome#stopReason()}); the one way every Backoff HTTP client reports it. Read from a tag of the
   * response's request (no header is added). Empty for a response that did not come through a
   * {@code RetryInterceptor}.
   *
   * <pre>{@code
   * try (Response response = client.newCall(request).execute()) {
   *   Optional<HttpRetryOutcome<Response>> outcome = RetryInterceptor.outcomeOf(response);
   *   if (outcome.flatMap(HttpRetryOutcome::stopReason).orElse(null) == StopReason.DELAY_TOO_LONG) { ... }
   * }
   * }</pre>
   *
   * @param response a response returned through a {@code RetryInterceptor}
   * @return its outcome
   * @throws NullPointerException if {@code response} is null
   */
  public static Optional<HttpRetryOutcome<Response>> outcomeOf(Response response) {
    OutcomeTag tag = response.request().tag(OutcomeTag.class);
    return tag == null ? Optional.empty()
        : Optional.of(HttpRetryOutcome.of(response, tag.attempts(), tag.elapsed(), tag.stopReason()));
  }

  /** How a call ended, without its response: a tag of the response's request, read by {@link #outcomeOf}. */
  record OutcomeTag(int attempts, Duration elapsed, Optional<StopReason> stopReason) {
    /** {@code response} with {@code outcome}'s facts as a tag of its request. */
    static Response tag(Response response, HttpRetryOutcome<Response> outcome) {
      OutcomeTag tag = new OutcomeTag(outcome.attempts(), outcome.elapsed(), outcome.stopReason());
      return response.newBuilder().request(response.request().newBuilder().tag(OutcomeTag.class, tag).build())
          .build();
    }
  }

  /**
   * Whether this interceptor may retry {@code request}: its method is retryable (idempotent by default) or it
   * carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header, and its body, if any, is not one-shot.
   *
   * @param request a request
   * @return whether it may be sent more than once
   * @throws NullPointerException if {@code request} is null
   */
  public boolean isRetryable(Request request) {
    RequestBody body = request.body();
    if (body != null && (body.isOneShot() || body.isDuplex())) {
      return false; // OkHttp itself never resends such a body
    }
    return calls.isRetryable(request, request.method(), HAS_HEADER);
  }

  /**
   * The policy given to the builder (without the HTTP rules this interceptor adds).
   *
   * @return the policy
   */
  public RetryPolicy<? super Response> policy() {
    return policy;
  }

  /**
   * The status codes that are retried.
   *
   * @return an immutable set
   */
  public Set<Integer> retryableStatuses() {
    return options.retryableStatuses();
  }

  /**
   * The methods that are retried.
   *
   * @return an immutable set, or empty if {@link RetryInterceptorBuilder#retryAllMethods()} was set
   */
  public Optional<Set<String>> retryableMethods() {
    return options.retryableMethods();
  }

  /**
   * The retry budget all calls through this interceptor share: the policy's own if it has one, else the default one
   * made for this interceptor ({@link RetryBudget#retryQuota2026()}), or empty after
   * {@link RetryInterceptorBuilder#withoutBudget()}.
   *
   * @return the budget, if any
   */
  public Optional<RetryBudget> budget() {
    return calls.budget();
  }

  /**
   * The millisecond hint header followed, if any ({@link RetryInterceptorBuilder#withRetryAfterMillisHeader}).
   *
   * @return the header's name, if one is configured
   */
  public Optional<String> retryAfterMillisHeader() {
    return options.retryAfterMillisHeader();
  }

  /**
   * The longest {@code Retry-After} that is followed.
   *
   * @return the maximum
   */
  public Duration maxRetryAfter() {
    return options.maxRetryAfter();
  }

  /**
   * The options this interceptor was built with, the settings every HTTP client shares.
   *
   * @return the options
   */
  public HttpRetryOptions options() {
    return options;
  }

  @Override
  public String toString() {
    return "RetryInterceptor[statuses=" + options.retryableStatuses() + ", methods="
        + options.retryableMethods().map(Object::toString).orElse("all") + ", maxRetryAfter=" + options.maxRetryAfter()
        + options.retryAfterMillisHeader().map(h -> ", retryAfterMillisHeader=" + h).orElse("") + ", budget="
        + calls.budget().orElse(null) + ", policy=" + policy + "]";
  }
}
