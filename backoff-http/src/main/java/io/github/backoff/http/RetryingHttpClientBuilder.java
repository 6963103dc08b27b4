package io.github.backoff.http;

import io.github.backoff.RetryPolicy;
import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryRules;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * Builds a {@link RetryingHttpClient}: which statuses and methods are retried, how far {@code Retry-After} is
 * followed, and the sources of time, sleeping, scheduling and randomness (for tests in virtual time). Each setter
 * validates its argument at once: {@link NullPointerException} for nulls, {@link IllegalArgumentException} for bad
 * values, both naming the parameter and the value. {@link #build()} copies, so the builder can be reused.
 *
 * <pre>{@code
 * RetryingHttpClient http = RetryingHttpClient.builder(client, policy)
 *     .withRetryableStatuses(403, 429, 500, 502, 503, 504)   // e.g. an API that rate-limits with 403
 *     .withMaxRetryAfter(Duration.ofSeconds(30))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class RetryingHttpClientBuilder {
  final HttpClient client;
  final RetryPolicy<? super HttpResponse<?>> policy;
  Set<Integer> statuses = RetryingHttpClient.DEFAULT_RETRYABLE_STATUSES;
  Set<String> methods = RetryingHttpClient.IDEMPOTENT_METHODS;
  boolean allMethods;
  Duration maxRetryAfter = RetryingHttpClient.DEFAULT_MAX_RETRY_AFTER;
  String hintHeader;
  Duration hintMaxAbove = HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF;
  boolean defaultBudget = true;
  Clock clock = Clock.systemUTC();
  Ticker ticker = Ticker.SYSTEM;
  Sleeper sleeper = Sleeper.SYSTEM;
  ScheduledExecutorService scheduler;
  RandomGenerator random;
  HttpAttemptObserver attemptObserver;

  RetryingHttpClientBuilder(HttpClient client, RetryPolicy<? super HttpResponse<?>> policy) {
    this.client = Objects.requireNonNull(client, "client");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * The status codes that are retried, replacing the default {@code 429, 500, 502, 503, 504}. Any other status,
   * 4xx included, is returned as it is. An empty list retries connection failures only.
   *
   * @throws IllegalArgumentException if a status is outside {@code 100..599}
   */
  public RetryingHttpClientBuilder withRetryableStatuses(int... statuses) {
    this.statuses = HttpRetryRules.statusSet(statuses);
    return this;
  }

  /**
   * The request methods that are retried, replacing the default idempotent ones ({@code GET, HEAD, OPTIONS,
   * TRACE, PUT, DELETE}); methods are case-sensitive, as in HTTP. Whatever the set, a request that carries an
   * {@code Idempotency-Key} header is retried too.
   *
   * @throws IllegalArgumentException if a method is empty or contains a space or control character
   */
  public RetryingHttpClientBuilder withRetryableMethods(String... methods) {
    this.methods = HttpRetryRules.methodSet(methods);
    this.allMethods = false;
    return this;
  }

  /**
   * Retries requests of every method, POST and PATCH included. Only for servers that make repeated requests
   * harmless (e.g. by deduplicating them): a POST whose response was lost may have been applied.
   */
  public RetryingHttpClientBuilder retryAllMethods() {
    this.allMethods = true;
    return this;
  }

  /**
   * The longest {@code Retry-After} that is followed (default one minute). A 429 or 503 response asking for more
   * stops the retries at once with {@link io.github.backoff.StopReason#DELAY_TOO_LONG}.
   *
   * @throws IllegalArgumentException if {@code max} is negative
   */
  public RetryingHttpClientBuilder withMaxRetryAfter(Duration max) {
    Objects.requireNonNull(max, "max");
    if (max.isNegative()) {
      throw new IllegalArgumentException("max must not be negative: " + max);
    }
    this.maxRetryAfter = max;
    return this;
  }

  /**
   * Follows a millisecond hint header such as AWS's {@code x-amz-retry-after} ({@link HttpRetryDelays#AMZ_RETRY_AFTER})
   * on every retryable response, clamped the AWS way: the wait is the hint, but never less than the strategy's
   * delay for this retry and at most {@link HttpRetryDelays#DEFAULT_MAX_HINT_ABOVE_BACKOFF 5 s} more; never more
   * than {@link #withMaxRetryAfter the maximum}. A value that is not a whole, non-negative number of milliseconds is
   * ignored. A valid {@code Retry-After} on a 429 or 503 wins over it. None by default.
   *
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token
   */
  public RetryingHttpClientBuilder withRetryAfterMillisHeader(String header) {
    return withRetryAfterMillisHeader(header, HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF);
  }

  /**
   * {@link #withRetryAfterMillisHeader(String)}, letting the hint lengthen the strategy's delay by at most
   * {@code maxAboveBackoff}.
   *
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token, or {@code maxAboveBackoff}
   *     is negative
   */
  public RetryingHttpClientBuilder withRetryAfterMillisHeader(String header, Duration maxAboveBackoff) {
    HttpRetryRules.requireHeaderName(header);
    Objects.requireNonNull(maxAboveBackoff, "maxAboveBackoff");
    if (maxAboveBackoff.isNegative()) {
      throw new IllegalArgumentException("maxAboveBackoff must not be negative: " + maxAboveBackoff);
    }
    this.hintHeader = header;
    this.hintMaxAbove = maxAboveBackoff;
    return this;
  }

  /**
   * No retry budget for this client. By default a client whose policy has no budget gets one of its own, the AWS
   * SDKs' 2026 retry quota ({@link io.github.backoff.budget.RetryBudget#retryQuota2026()}: 500 units, a retry costs
   * 14 after a failure or a 5xx and 5 after a 429, a success gives back its last retry's cost or 1), so that when a
   * service is down or throttling, the client's retries dry up instead of multiplying its load (see docs/http.md for
   * the figures). A budget of the policy ({@code RetryPolicyBuilder.withBudget}) is used whatever this says.
   */
  public RetryingHttpClientBuilder withoutBudget() {
    this.defaultBudget = false;
    return this;
  }

  /** The wall clock that turns a {@code Retry-After} HTTP-date into a wait (default {@link Clock#systemUTC()}). */
  public RetryingHttpClientBuilder withClock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /** The source of monotonic time for the deadline and the retrier, as {@code RetrierBuilder.withTicker}. */
  public RetryingHttpClientBuilder withTicker(Ticker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /** How {@link RetryingHttpClient#send} waits between attempts, as {@code RetrierBuilder.withSleeper}. */
  public RetryingHttpClientBuilder withSleeper(Sleeper sleeper) {
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    return this;
  }

  /**
   * Starts the retries of {@link RetryingHttpClient#sendAsync}, as {@code RetrierBuilder.withScheduler}; never
   * shut down by the client.
   */
  public RetryingHttpClientBuilder withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * The source of the strategy's jitter and of the spread added to {@code Retry-After}; it must be thread-safe if
   * the client is used from several threads (the default, {@code ThreadLocalRandom}, is).
   */
  public RetryingHttpClientBuilder withRandom(RandomGenerator random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /**
   * Sees each attempt of each call, for tracing: see {@link HttpAttemptObserver}. None by default.
   */
  public RetryingHttpClientBuilder withAttemptObserver(HttpAttemptObserver observer) {
    this.attemptObserver = Objects.requireNonNull(observer, "observer");
    return this;
  }

  /** A new client with the current settings. */
  public RetryingHttpClient build() {
    return new RetryingHttpClient(this);
  }
}
