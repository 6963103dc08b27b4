package io.github.backoff.httprules.spi;

import io.github.backoff.Retrier;
import io.github.backoff.RetrierBuilder;
import io.github.backoff.RetryException;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.DefaultScheduler;
import io.github.backoff.internal.Durations;
import io.github.backoff.ratelimit.SharedReset;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * The retry machinery one HTTP client shares across its calls, written once for every client: from the user's
 * policy, the {@link HttpRetryOptions} and a {@link HttpResponseReader} for the client's response type it derives
 * the policy the client runs under (retryable failures and statuses, the server's hints as the delay, a throttling
 * kind, a default budget), the retriers for requests that may and may not be retried ({@link #isRetryable}: the
 * one rule for which requests may be), each attempt's time limit, and how a call ended. A client adapts its own
 * request and response types to it and runs each call as one {@link HttpRetryCall} ({@link #newCall}).
 *
 * <pre>{@code
 * HttpRetryCalls calls = HttpRetryCalls.create(policy, options,
 *     HttpResponseReader.of(Response.class, Response::code, Response::header));
 * HttpRetryCall call = calls.newCall(calls.isRetryable(request, request.method(), HAS_HEADER));
 * Response response = (Response) call.run(() -> send(request, call.attemptLimitNanos()));  // or throws RetryException
 * HttpRetryOutcome<Response> outcome = call.outcome(response);   // how the call ended, for the caller
 * }</pre>
 *
 * <p><b>Hints.</b> The delay override it installs reads the response's {@code Retry-After} (on 429 and 503) and the
 * configured millisecond hint header, and learns everything per call from the core's {@code RetryContext}: the
 * attempt, the delay the core computed (a millisecond hint is clamped against that one), the strategy's maximum
 * (the spread's bound) and the time left (the spread never pushes a retry that fits past the deadline). A
 * {@code Retry-After} above {@link HttpRetryOptions#maxRetryAfter()} stops the retries with
 * {@link StopReason#DELAY_TOO_LONG}.
 *
 * <p><b>Stops.</b> The derived policy always throws {@link RetryException} when retries stop on a response, so a
 * call learns why from the exception rather than from state of the client's; {@link HttpRetryCall} gives the response
 * back when the user's policy returns such results (the default), and reports the reason in its outcome.
 *
 * <p>Immutable and thread-safe; one instance per client.
 */
public final class HttpRetryCalls {
  private final RetryPolicy<Object> policy;
  private final HttpRetryOptions options;
  private final HttpResponseReader reader;
  private final RetryPolicy<Object> retrying;
  private final RetryPolicy<Object> once;
  private final Retrier<Object> retryingRetrier;
  private final Retrier<Object> onceRetrier;
  private final long attemptTimeoutNanos;
  private final long maxElapsedNanos;
  /** The reset all calls share ({@code RateLimitRules.sharedReset()}), or null. */
  private final SharedReset reset;

  private HttpRetryCalls(RetryPolicy<Object> policy, HttpRetryOptions options, HttpResponseReader reader,
      Predicate<Object> retryableResult, Predicate<? super Throwable> abortIf) {
    this.policy = policy;
    this.options = options;
    this.reader = reader;
    this.reset = options.rateLimitRules().sharedReset() ? SharedReset.create(options.ticker()) : null;
    RetryPolicyBuilder<Object> derived = derived(policy, retryableResult,
        r -> HttpRetryRules.isThrottlingStatus(reader.status(r)), new HttpHints(reader, options, reset),
        options.defaultBudget())
        .throwOnRetryableResult(); // the stop's facts come back in the exception: see resultOnStop
    if (abortIf != null) {
      derived.abortIf(abortIf);
    }
    this.retrying = derived.build();
    // Requests that may not be retried still run under the policy, for its deadline, timeouts and events.
    this.once = derived.withMaxAttempts(1).build();
    this.retryingRetrier = retrierBuilder(true).build();
    this.onceRetrier = retrierBuilder(false).build();
    this.attemptTimeoutNanos = policy.attemptTimeout().map(Durations::toNanosSaturated).orElse(Long.MAX_VALUE);
    this.maxElapsedNanos = policy.maxElapsed().map(Durations::toNanosSaturated).orElse(Long.MAX_VALUE);
  }

  /**
   * The machinery for a client whose responses {@code reader} reads: a response is retried if its status is one
   * of the options' retryable statuses or the policy's own result condition matches it.
   *
   * @param policy the user's policy; its result type must accept the client's responses
   * @param options the client's options
   * @param reader reads the client's responses
   * @return the machinery
   * @throws NullPointerException if an argument is null
   */
  public static HttpRetryCalls create(RetryPolicy<?> policy, HttpRetryOptions options, HttpResponseReader reader) {
    return create(policy, options, reader, null, null);
  }

  /**
   * As {@link #create(RetryPolicy, HttpRetryOptions, HttpResponseReader)}, for a client that decides itself which
   * results are retried (e.g. one that wraps them) and that stops at once on some failures (e.g. a canceled call).
   *
   * @param policy the user's policy; its result type must accept the client's responses
   * @param options the client's options
   * @param reader reads the client's responses
   * @param retryableResult which attempts' results are retried, or null for the default (a retryable status, or
   *     the policy's own result condition)
   * @param abortIf failures that stop the retries at once, or null for none beyond the policy's
   * @return the machinery
   * @throws NullPointerException if {@code policy}, {@code options} or {@code reader} is null
   */
  public static HttpRetryCalls create(RetryPolicy<?> policy, HttpRetryOptions options, HttpResponseReader reader,
      Predicate<Object> retryableResult, Predicate<? super Throwable> abortIf) {
    RetryPolicy<Object> base = cast(policy);
    Checks.requireNonNull(options, "options");
    Checks.requireNonNull(reader, "reader");
    return new HttpRetryCalls(base, options, reader, retryableResult != null ? retryableResult
        : r -> options.isRetryableStatus(reader.status(r)) || base.isRetryableResult(r), abortIf);
  }

  /**
   * The policy a client runs under: the user's policy plus the retryable I/O failures
   * ({@link HttpRetryRules#isRetryableFailure}), the client's retryable responses, the server's hints as the delay
   * ({@link HttpHints}, which stops on a {@code Retry-After} above the maximum), a
   * {@value HttpRetryRules#THROTTLING_KIND} kind that charges a throttling response's retry the budget's throttling
   * cost, and, unless the policy has a budget or the client opts out, a budget of its own
   * ({@link RetryBudget#retryQuota2026()}).
   */
  static RetryPolicyBuilder<Object> derived(RetryPolicy<Object> base, Predicate<Object> retryableResult,
      Predicate<Object> throttled, HttpHints hints, boolean defaultBudget) {
    RetryPolicyBuilder<Object> derived = base.toBuilder()
        .retryIf(HttpRetryRules::isRetryableFailure)
        .retryIfResult(retryableResult);
    hints.install(derived);
    if (base.kinds().stream().noneMatch(k -> k.name().equals(HttpRetryRules.THROTTLING_KIND))) {
      // Last, so that the policy's own kinds win: only the budget's cost class changes, not the strategy.
      derived.withBackoffFor(RetryKind.onResult(HttpRetryRules.THROTTLING_KIND, throttled, base.backoff())
          .withCostClass(CostClass.THROTTLING));
    }
    if (base.budget().isEmpty() && defaultBudget) {
      derived.withBudget(RetryBudget.retryQuota2026());
    }
    return derived;
  }

  // Safe as long as the policy's conditions accept the client's responses, which the clients' signatures state.
  @SuppressWarnings("unchecked")
  private static RetryPolicy<Object> cast(RetryPolicy<?> policy) {
    return (RetryPolicy<Object>) Checks.requireNonNull(policy, "policy");
  }

  /** The user's policy (without the HTTP rules). */
  public RetryPolicy<Object> policy() {
    return policy;
  }

  /** The options. */
  public HttpRetryOptions options() {
    return options;
  }

  /**
   * The retry budget all calls share: the policy's own if it has one, else the default one made for this client,
   * or empty without one.
   */
  public Optional<RetryBudget> budget() {
    return retrying.budget();
  }

  /**
   * The retrier for a request that may be retried ({@code true}), or for one sent once under the policy's deadline,
   * timeouts and events ({@code false}); built with the options' ticker, sleeper, scheduler and random source.
   *
   * @param retryable whether the request may be sent more than once
   * @return the retrier, shared by all calls
   */
  Retrier<Object> retrier(boolean retryable) {
    return retryable ? retryingRetrier : onceRetrier;
  }

  /**
   * A builder for a retrier as {@link HttpRetryCall#run(java.util.concurrent.Callable)} uses, for a client that
   * sets something per call (a sleeper that stops when its call is canceled); pass what it builds to
   * {@link HttpRetryCall#run(Retrier, java.util.concurrent.Callable)}.
   *
   * @param retryable whether the request may be sent more than once
   * @return a new builder
   */
  public RetrierBuilder<Object> retrierBuilder(boolean retryable) {
    RetrierBuilder<Object> rb = Retrier.builder(retryable ? retrying : once)
        .withTicker(options.ticker())
        .withSleeper(options.sleeper());
    options.scheduler().ifPresent(rb::withScheduler);
    options.random().ifPresent(rb::withRandom);
    return rb;
  }

  /**
   * Runs {@code task} after {@code delayNanos} on the timer for a client's own per-attempt limits: the core's shared
   * daemon scheduler, the one retriers use when given none, so a client starts no timer thread of its own. Always
   * that one, even when the options give a scheduler: these limits run in real time, like a client's own request
   * timeout, because an exchange with a real server takes real time (a virtual-time scheduler in a test would end
   * it early). The scheduler itself is not handed out, so nobody can shut it down.
   *
   * @param task what to run, on one of the shared scheduler's workers (never on its one timer thread)
   * @param delayNanos the delay in nanoseconds
   * @return the scheduled task, to cancel when the attempt ends first
   * @throws NullPointerException if {@code task} is null
   */
  public ScheduledFuture<?> scheduleTimer(Runnable task, long delayNanos) {
    return DefaultScheduler.get().schedule(Checks.requireNonNull(task, "task"), delayNanos, TimeUnit.NANOSECONDS);
  }

  /**
   * Whether a request may be sent more than once, by the one rule every client follows: its method is one the
   * options retry ({@link HttpRetryOptions#isRetryableMethod}), or it carries an
   * {@value HttpRetryRules#IDEMPOTENCY_KEY} header. The header is looked up only for a method that is not retried
   * anyway (a lookup may allocate or scan the headers). A client may refuse more on its own grounds (a body it cannot
   * send twice).
   *
   * <pre>{@code
   * private static final BiPredicate<Request, String> HAS_HEADER = (request, name) -> request.header(name) != null;
   * boolean retryable = calls.isRetryable(request, request.method(), HAS_HEADER);
   * }</pre>
   *
   * @param request the client's request
   * @param method its method (case-sensitive, as in HTTP)
   * @param hasHeader whether a request carries a header (names are case-insensitive, as in HTTP); a constant, so
   *     that the check allocates nothing
   * @param <Q> the client's request type
   * @return whether the request may be retried
   */
  public <Q> boolean isRetryable(Q request, String method, BiPredicate<? super Q, String> hasHeader) {
    return options.isRetryableMethod(method, false) || hasHeader.test(request, HttpRetryRules.IDEMPOTENCY_KEY);
  }

  /**
   * A new call: its start is now, by the options' ticker. One per call of the client, never shared.
   *
   * @param retryable whether the request may be sent more than once ({@link #isRetryable})
   * @return the call
   */
  public HttpRetryCall newCall(boolean retryable) {
    return new HttpRetryCall(this, retryable);
  }

  /** The reset all calls of the client share, or null if they do not ({@code RateLimitRules.sharedReset()}). */
  SharedReset sharedReset() {
    return reset;
  }

  /** The reader of the client's responses. */
  HttpResponseReader reader() {
    return reader;
  }

  /**
   * How long the next attempt of a call that started at {@code startNanos} may take: the shortest of the policy's
   * attempt timeout and the time left before its deadline ({@link AttemptDeadline#timeoutNanos}), at least
   * {@link AttemptDeadline#MIN_TIMEOUT}; {@link Long#MAX_VALUE} if neither is set.
   */
  long attemptLimitNanos(long startNanos) {
    long elapsed = maxElapsedNanos == Long.MAX_VALUE ? 0 : options.ticker().read() - startNanos;
    return AttemptDeadline.timeoutNanos(Long.MAX_VALUE, attemptTimeoutNanos, maxElapsedNanos, elapsed);
  }

  /**
   * The response the caller gets when retries stopped on one ({@code e.lastResult()}), or null if {@code e} is to
   * be thrown: retries stopped on a failure, on interruption, before any attempt, or the user's policy throws on
   * retryable results.
   */
  Object resultOnStop(RetryException e) {
    if (e.getCause() != null || e.attempts() < 1 || e.reason() == StopReason.INTERRUPTED
        || policy.throwsOnRetryableResult() || e.lastResult() == null) {
      return null;
    }
    return e.lastResult();
  }

  @Override
  public String toString() {
    return "HttpRetryCalls[" + options + ", budget=" + budget().orElse(null) + ", policy=" + policy + "]";
  }
}
