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
import io.github.backoff.httprules.spi.HttpRetryCalls;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * An OkHttp application {@link Interceptor} that retries calls under a {@link RetryPolicy}, following HTTP's
 * rules (from the core's {@link io.github.backoff.httprules} package, shared with backoff-http). Add it with
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
 * <p><b>What is retried.</b> A response whose status is retryable ({@link HttpRetryRules#DEFAULT_RETRYABLE_STATUSES}
 * unless {@link RetryInterceptorBuilder#withRetryableStatuses configured}), and a failure that
 * {@link HttpRetryRules#isRetryableFailure} accepts (connection refused or reset, timeouts, a connection closed
 * mid-response) or that a retry condition of the policy matches; the policy's abort conditions win. (A policy
 * without retry conditions, which on its own retries any exception, retries just these here.) A response that the
 * policy's {@code retryIfResult} matches is retried too. Only requests whose method is idempotent
 * ({@link HttpRetryRules#IDEMPOTENT_METHODS}) are retried, unless the builder says otherwise or the request carries
 * an {@value HttpRetryRules#IDEMPOTENCY_KEY} header; a request whose body is one-shot
 * ({@link RequestBody#isOneShot()}) is never retried, as OkHttp itself never resends it. Any other request is sent
 * once, under the same deadline and timeouts.
 *
 * <p><b>Retry-After.</b> On 429 and 503 a {@code Retry-After} header (delta-seconds or HTTP-date) replaces the
 * strategy's delay: the wait is what the server asked plus a spread, a uniform draw of up to half the asked wait or
 * the strategy's own (maximum) delay for this retry, whichever is longer, so that the clients turned away together
 * come back spread out; never earlier than asked and never more than
 * {@link RetryInterceptorBuilder#withMaxRetryAfter the maximum} (the rule backoff-http follows too:
 * {@link HttpRetryDelays#retryAfterWaitNanos}). If the server asks for more than that maximum,
 * retries stop at once with {@link StopReason#DELAY_TOO_LONG}; if the wait would end past the deadline, with
 * {@link StopReason#TIME_BUDGET_EXHAUSTED}. A malformed value falls back to the strategy's delay. A millisecond hint
 * header such as {@code x-amz-retry-after}, if {@link RetryInterceptorBuilder#withRetryAfterMillisHeader configured},
 * is followed on any retryable response without a valid {@code Retry-After}, clamped the AWS way: never below the
 * strategy's delay, at most 5 s above it ({@link HttpRetryDelays#clampHintNanos}). The policy's own delay override,
 * if any, is replaced by these.
 *
 * <p><b>Retry budget.</b> Unless the policy has a budget or the builder says
 * {@link RetryInterceptorBuilder#withoutBudget() withoutBudget()}, each interceptor gets one of its own, shared by
 * all its calls: the AWS SDKs' 2026 retry quota ({@link RetryBudget#retryQuota2026()}; 500 units, a retry costs 14
 * after a failure or a 5xx, 5 after a 429 ({@link #THROTTLING_KIND}), and a success gives back its last retry's
 * cost, or 1). When it is spent, retries stop with {@link StopReason#BUDGET_DENIED} until successes refill it, so a
 * service that is down or throttling sees about the requests made, not up to {@code maxAttempts} times as many.
 * The same default as backoff-http's.
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
 * as OkHttp would return it, with a buffered body, and {@link #outcomeOf(Response)} tells why (an
 * {@link HttpRetryOutcome}, the type backoff-http's {@code sendWithOutcome} returns);
 * if the policy was built with {@code throwOnRetryableResult()}, a {@link RetryIOException} is thrown instead.
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
  private static final HttpResponseReader READER = HttpResponseReader.of(Response.class, Response::code,
      (response, name) -> response.header(name));

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
    RetriedCall call = new RetriedCall(chain, retryable, calls);
    Retrier<Object> retrier = calls.retrierBuilder(retryable)
        .withSleeper(new CancelAwareSleeper(options.sleeper(), chain.call()))
        .build();
    Object outcome;
    StopTag stop = null;
    try {
      outcome = retrier.call(call);
    } catch (RetryException e) {
      outcome = calls.resultOnStop(e);
      if (outcome == null) {
        call.closePendingExcept(null);
        if (e.lastResult() instanceof Response && ((Response) e.lastResult()).body() != null) {
          ((Response) e.lastResult()).body().close();
        }
        throw new RetryIOException(e);
      }
      stop = new StopTag(e.reason(), e.attempts(), e.elapsed());
    } catch (RuntimeException | Error e) {
      call.closePendingExcept(null);
      throw e;
    }
    call.closePendingExcept(outcome);
    Response response = (Response) outcome;
    return stop == null ? response : StopTag.tag(response, stop);
  }

  /**
   * How the retries that ended on {@code response} went, if they stopped on it: the response with a retryable
   * status that the interceptor returned when no retry followed, the attempts made, the time taken and why
   * ({@link HttpRetryOutcome#stopReason()}, always present here). Empty if the response is final (a success, a
   * status that is not retried) or did not come through a {@code RetryInterceptor}.
   *
   * <pre>{@code
   * try (Response response = client.newCall(request).execute()) {
   *   Optional<HttpRetryOutcome<Response>> outcome = RetryInterceptor.outcomeOf(response);
   *   if (outcome.flatMap(HttpRetryOutcome::stopReason).orElse(null) == StopReason.DELAY_TOO_LONG) { ... }
   * }
   * }</pre>
   *
   * @param response a response returned through a {@code RetryInterceptor}
   * @return its outcome, if retries stopped on it
   * @throws NullPointerException if {@code response} is null
   */
  public static Optional<HttpRetryOutcome<Response>> outcomeOf(Response response) {
    StopTag stop = response.request().tag(StopTag.class);
    return stop == null ? Optional.empty()
        : Optional.of(HttpRetryOutcome.of(response, stop.attempts(), stop.elapsed(), Optional.of(stop.reason())));
  }

  /** Why retries stopped on a response: a tag of its request, read by {@link #outcomeOf}. */
  record StopTag(StopReason reason, int attempts, Duration elapsed) {
    /** {@code response} with {@code stop} as a tag of its request. */
    static Response tag(Response response, StopTag stop) {
      return response.newBuilder().request(response.request().newBuilder().tag(StopTag.class, stop).build())
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
      return false;
    }
    // The header is looked up only for a method that is not retried anyway: OkHttp scans the headers for it.
    return options.isRetryableMethod(request.method(), false)
        || request.header(HttpRetryRules.IDEMPOTENCY_KEY) != null;
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
