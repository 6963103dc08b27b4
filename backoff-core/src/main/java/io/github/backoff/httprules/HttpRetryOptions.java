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
 * What every HTTP integration lets its user configure, once: which statuses and methods are retried, how far a
 * {@code Retry-After} is followed, a millisecond hint header such as {@code x-amz-retry-after} and how far it may
 * lengthen the backoff, whether the client gets a retry budget of its own, and the sources of wall-clock time,
 * monotonic time, sleeping, scheduling and randomness (for tests in virtual time). backoff-http's
 * {@code RetryingHttpClientBuilder} and backoff-okhttp's {@code RetryInterceptorBuilder} wrap it, and a new client
 * wraps it the same way ({@link io.github.backoff.httprules.spi.HttpRetryCalls}); the per-attempt deadline comes from the policy's
 * {@code attemptTimeout} and {@code maxElapsed} ({@link io.github.backoff.httprules.spi.AttemptDeadline}).
 *
 * <pre>{@code
 * HttpRetryOptions options = HttpRetryOptions.builder()
 *     .withRetryableStatuses(403, 429, 500, 502, 503, 504)   // e.g. an API that rate-limits with 403
 *     .withMaxRetryAfter(Duration.ofSeconds(30))
 *     .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER)
 *     .build();
 * }</pre>
 *
 * <p><b>The options.</b>
 * <ul>
 *   <li>{@link #retryableStatuses()}: the statuses retried (default {@code 429, 500, 502, 503, 504}); any other,
 *       4xx included, is returned as it is.
 *   <li>{@link #retryableMethods()}: the methods retried (default the idempotent ones, {@code GET, HEAD, OPTIONS,
 *       TRACE, PUT, DELETE}; empty after {@link HttpRetryOptionsBuilder#retryAllMethods()}); a request carrying an
 *       {@value HttpRetryRules#IDEMPOTENCY_KEY} header is retried whatever its method. A client may refuse more
 *       (a body it cannot send twice).
 *   <li>{@link #maxRetryAfter()}: the longest {@code Retry-After} followed (default one minute); a 429 or 503 asking
 *       for more stops the retries at once ({@code StopReason.DELAY_TOO_LONG}). The wait is what the server asked
 *       plus a spread ({@link HttpRetryDelays#retryAfterWaitNanos}), the spread cut so that the retry still fits
 *       before the policy's deadline.
 *   <li>{@link #retryAfterMillisHeader()} and {@link #maxHintAboveBackoff()}: a millisecond hint header followed
 *       on any retryable response without a valid {@code Retry-After}, clamped the AWS way: never below the
 *       strategy's delay, at most {@link HttpRetryDelays#DEFAULT_MAX_HINT_ABOVE_BACKOFF 5 s} above it. None by
 *       default.
 *   <li>{@link #defaultBudget()}: whether a client whose policy has no budget gets one of its own, the AWS SDKs'
 *       2026 retry quota (default true).
 *   <li>{@link #clock()}, {@link #ticker()}, {@link #sleeper()}, {@link #scheduler()}, {@link #random()}: the
 *       sources of time and randomness, as {@code RetrierBuilder}'s. A client's own per-attempt timers run in
 *       real time on the core's shared scheduler ({@link io.github.backoff.httprules.spi.HttpRetryCalls#scheduleTimer}), never a thread of the client's.
 * </ul>
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
        + " (at most " + c.maxHintAboveBackoff + " above the backoff)") + ", defaultBudget=" + c.defaultBudget + "]";
  }
}
