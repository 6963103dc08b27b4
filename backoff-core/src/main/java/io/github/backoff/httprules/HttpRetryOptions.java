package io.github.backoff.httprules;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.internal.HttpRetryConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * The HTTP retry rules, stated once for every Backoff HTTP client, and what a user configures of them: backoff-http's
 * {@code RetryingHttpClient} (the JDK's {@code HttpClient}), backoff-okhttp's {@code RetryInterceptor}, and
 * backoff-spring-web's {@code RetryingRequestInterceptor} ({@code RestClient}, {@code RestTemplate}) and
 * {@code RetryingExchangeFilter} ({@code WebClient}). Each client's builder has these options' setters, and each
 * client takes options made here whole ({@code of(..., options)}); the clients' Javadoc says only what is their own.
 * A new client follows the same rules by running its calls through {@link io.github.backoff.httprules.spi}.
 *
 * <pre>{@code
 * HttpRetryOptions options = HttpRetryOptions.builder()
 *     .withRetryableStatuses(403, 429, 500, 502, 503, 504)   // e.g. an API that rate-limits with 403
 *     .withMaxRetryAfter(Duration.ofSeconds(30))
 *     .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER)
 *     .build();
 * }</pre>
 *
 * <p><b>What is retried.</b> A response whose status is one of {@link #retryableStatuses()} (default
 * {@code 429, 500, 502, 503, 504}; any other, 4xx included, is returned as it is), and a failure that
 * {@link HttpRetryRules#isRetryableFailure} accepts (connection refused or reset, connect and request timeouts, a
 * connection closed mid-response) or that a retry condition of the user's policy matches; the policy's abort
 * conditions win, and a result its {@code retryIfResult} matches is retried too. (A policy without retry conditions,
 * which on its own retries any exception, retries just these.) Only a request whose method is one of
 * {@link #retryableMethods()} (default the idempotent ones, {@code GET, HEAD, OPTIONS, TRACE, PUT, DELETE}; all of
 * them after {@link HttpRetryOptionsBuilder#retryAllMethods()}) or that carries an
 * {@value HttpRetryRules#IDEMPOTENCY_KEY} header is retried; a client may refuse more (a body it cannot send twice).
 * Any other request is sent once, under the same deadline, timeouts and listeners.
 *
 * <p><b>{@code Retry-After} and other hints.</b> On 429 and 503 a valid {@code Retry-After} (delta-seconds or an
 * HTTP-date, {@link RetryAfter}) replaces the strategy's delay: the wait is what the server asked plus a spread, a
 * uniform draw of up to half the asked wait or the strategy's own (maximum) delay for this retry, whichever is longer
 * ({@link HttpRetryDelays#retryAfterWaitNanos}), so that the clients turned away together come back spread out; never
 * earlier than asked, never more than {@link #maxRetryAfter()} (default one minute), and cut so that a retry that
 * fits before the policy's deadline still does. A server asking for more than {@link #maxRetryAfter()} stops the
 * retries at once with {@code StopReason.DELAY_TOO_LONG}; a wait that would end past the deadline stops them with
 * {@code TIME_BUDGET_EXHAUSTED}; a malformed value falls back to the strategy's delay. A millisecond hint header
 * ({@link #retryAfterMillisHeader()}, none by default; e.g. AWS's {@value HttpRetryDelays#AMZ_RETRY_AFTER}) is
 * followed on any retryable response without a valid {@code Retry-After}, clamped the AWS way: never below the
 * strategy's delay, at most {@link #maxHintAboveBackoff()} (5 s) above it. Listeners see such a delay with
 * {@code RetryScheduled.overridden()} true. The policy's own delay override, if any, is replaced by these.
 *
 * <p><b>Rate limits and quotas.</b> Without a valid {@code Retry-After}, the reset a known API names
 * ({@link #rateLimitRules()}: {@code retry-after-ms}, OpenAI's {@code x-ratelimit-reset-*}, Anthropic's
 * {@code anthropic-ratelimit-*-reset}, the IETF {@code RateLimit} field, {@code RateLimit-Reset} and
 * {@code X-RateLimit-Reset}) is followed exactly as a {@code Retry-After}: never shortened, spread, at most
 * {@link #maxRetryAfter()} (above it: {@code DELAY_TOO_LONG}), within the deadline. A 429 that means an exhausted
 * quota or billing limit (a quota marker in its body such as OpenAI's {@code insufficient_quota}, or a named wait
 * of an hour or more above {@link #maxRetryAfter()}) is not retried: the retries stop at once with
 * {@code StopReason.QUOTA_EXHAUSTED}. docs/llm.md has the table per API.
 *
 * <p><b>Retry budget.</b> Unless the policy has a budget or {@link #defaultBudget()} is false
 * ({@code withoutBudget()}), each client gets one of its own, shared by all its calls: the AWS SDKs' 2026 retry quota
 * ({@code RetryBudget.retryQuota2026()}; 500 units, a retry costs 14 after a failure or a 5xx, 5 after a 429 (the
 * {@value HttpRetryRules#THROTTLING_KIND} kind), a success gives back its last retry's cost, or 1). When it is spent,
 * retries stop with {@code BUDGET_DENIED} until successes refill it, so a service that is down or throttling sees
 * about the requests made, not up to {@code maxAttempts} times as many.
 *
 * <p><b>Time.</b> The policy's {@code attemptTimeout} and {@code maxElapsed} (the deadline, from the call's start)
 * limit each attempt: it may take the shortest of the attempt timeout and the time left, and no wait ends past the
 * deadline; how a client enforces that on its exchange is its own (see its Javadoc). {@link #clock()},
 * {@link #ticker()}, {@link #sleeper()}, {@link #scheduler()} and {@link #random()} are the sources of time and
 * randomness, as {@code RetrierBuilder}'s, so a test runs a client in virtual time; a client's own per-attempt
 * timers run in real time on the core's shared scheduler, never a thread of the client's.
 *
 * <p><b>How a call ended.</b> Every client reports it one way: the final response with the attempts, the time and,
 * if retries stopped on it, why ({@link HttpRetryOutcome}, read with the client's {@code outcomeOf} or returned by
 * its {@code ...WithOutcome} method); when retries stop without a response to return, the core's
 * {@code RetryException} (OkHttp: as the cause of a {@code RetryIOException}).
 *
 * <p><b>Setting options.</b> Each option may be set once per builder: a second set throws an
 * {@link IllegalStateException} naming the option; a builder made from options ({@link #toBuilder()}) may change
 * each of theirs once.
 *
 * <p>Immutable and thread-safe; {@link #toBuilder()} derives a variant.
 */
public final class HttpRetryOptions {
  /** The interned literal, compared by identity in {@link #isRetryableMethod}. */
  private static final String GET = "GET";

  static {
    // Before DEFAULTS: building them goes through HttpRetryConfig, which needs this.
    HttpRetryConfig.register(new HttpRetryConfig.Access() {
      @Override
      public HttpRetryOptions create(HttpRetryConfig config) {
        return new HttpRetryOptions(config);
      }

      @Override
      public HttpRetryConfig configOf(HttpRetryOptions options) {
        return options.config;
      }
    });
  }

  private static final HttpRetryOptions DEFAULTS = builder().build();

  /** The options, each declared once there; a copy no one writes. */
  private final HttpRetryConfig config;
  /** The statuses as a table, read on every response: {@code Set.contains(int)} would box 200 each time. */
  private final boolean[] retryableStatusTable = new boolean[600];
  /**
   * Whether GET is retried, for {@link #isRetryableMethod}'s common case: every client names GET by the interned
   * literal, so an identity check answers without {@code Set.contains}, which hashes and divides on every call.
   */
  private final boolean getRetried;

  private HttpRetryOptions(HttpRetryConfig config) {
    this.config = config;
    for (int status : config.retryableStatuses) {
      retryableStatusTable[status] = true; // statuses are checked to be in 100..599 by the builder
    }
    this.getRetried = config.retryableMethods == null || config.retryableMethods.contains(GET);
  }

  /** A builder with the default options. */
  public static HttpRetryOptionsBuilder builder() {
    return new HttpRetryOptionsBuilder();
  }

  /** The default options. */
  public static HttpRetryOptions defaults() {
    return DEFAULTS;
  }

  /** A builder initialised with these options, to derive a variant. */
  public HttpRetryOptionsBuilder toBuilder() {
    return new HttpRetryOptionsBuilder(this);
  }

  /** The status codes that are retried. */
  public Set<Integer> retryableStatuses() {
    return config.retryableStatuses;
  }

  /** The methods that are retried, or empty if every method is ({@link HttpRetryOptionsBuilder#retryAllMethods()}). */
  public Optional<Set<String>> retryableMethods() {
    return Optional.ofNullable(config.retryableMethods);
  }

  /** The longest {@code Retry-After} that is followed. */
  public Duration maxRetryAfter() {
    return config.maxRetryAfter;
  }

  /** The millisecond hint header followed, if one was configured (e.g. {@code x-amz-retry-after}). */
  public Optional<String> retryAfterMillisHeader() {
    return Optional.ofNullable(config.retryAfterMillisHeader);
  }

  /** How far a millisecond hint may lengthen the strategy's delay. */
  public Duration maxHintAboveBackoff() {
    return config.maxHintAboveBackoff;
  }

  /**
   * What the client reads of rate-limit headers beyond {@code Retry-After}, and how it tells an exhausted quota from
   * a rate limit (default {@link RateLimitRules#defaults()}: OpenAI, Anthropic, the IETF fields, GitHub's).
   */
  public RateLimitRules rateLimitRules() {
    return config.rateLimitRules;
  }

  /** Whether a client whose policy has no budget gets one of its own ({@code RetryBudget.retryQuota2026()}). */
  public boolean defaultBudget() {
    return config.defaultBudget;
  }

  /** The wall clock that turns a {@code Retry-After} HTTP-date into a wait. */
  public Clock clock() {
    return config.clock;
  }

  /** The source of monotonic time for the deadline and the retrier. */
  public Ticker ticker() {
    return config.ticker;
  }

  /** How a synchronous call waits between attempts. */
  public Sleeper sleeper() {
    return config.sleeper;
  }

  /** The scheduler given, if any; without one the core's shared scheduler is used. */
  public Optional<ScheduledExecutorService> scheduler() {
    return Optional.ofNullable(config.scheduler);
  }

  /** The random source given, if any; without one {@code ThreadLocalRandom} is used. */
  public Optional<RandomGenerator> random() {
    return Optional.ofNullable(config.random);
  }

  /**
   * Whether a request with {@code method} may be retried: the method is retryable, or the request carries an
   * {@value HttpRetryRules#IDEMPOTENCY_KEY} header.
   *
   * @param method the request's method (case-sensitive, as in HTTP)
   * @param hasIdempotencyKey whether the request carries an {@value HttpRetryRules#IDEMPOTENCY_KEY} header
   */
  public boolean isRetryableMethod(String method, boolean hasIdempotencyKey) {
    if (method == GET) { // the same string, so equal: see getRetried
      return getRetried || hasIdempotencyKey;
    }
    return hasIdempotencyKey || config.retryableMethods == null || config.retryableMethods.contains(method);
  }

  /** Whether a response with {@code status} is retried. */
  public boolean isRetryableStatus(int status) {
    return status >= 0 && status < retryableStatusTable.length && retryableStatusTable[status];
  }

  @Override
  public String toString() {
    HttpRetryConfig c = config;
    return "HttpRetryOptions[statuses=" + c.retryableStatuses + ", methods="
        + (c.retryableMethods == null ? "all" : c.retryableMethods) + ", maxRetryAfter=" + c.maxRetryAfter
        + (c.retryAfterMillisHeader == null ? "" : ", retryAfterMillisHeader=" + c.retryAfterMillisHeader
        + " (at most " + c.maxHintAboveBackoff + " above the backoff)") + ", defaultBudget=" + c.defaultBudget
        + (c.rateLimitRules == RateLimitRules.defaults() ? "" : ", rateLimitRules=" + c.rateLimitRules) + "]";
  }
}
