package io.github.backoff.okhttp;

import io.github.backoff.RetryPolicy;
import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryRules;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;
import okhttp3.Response;

/**
 * Builds a {@link RetryInterceptor}: which statuses and methods are retried, how far {@code Retry-After} is
 * followed, and the sources of time, sleeping, scheduling and randomness (for tests in virtual time). Each setter
 * validates its argument at once: {@link NullPointerException} for nulls, {@link IllegalArgumentException} for bad
 * values, both naming the parameter and the value. {@link #build()} copies, so the builder can be reused.
 *
 * <pre>{@code
 * RetryInterceptor retries = RetryInterceptor.builder(policy)
 *     .withRetryableStatuses(403, 429, 500, 502, 503, 504)   // e.g. an API that rate-limits with 403
 *     .withMaxRetryAfter(Duration.ofSeconds(30))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class RetryInterceptorBuilder {
  final RetryPolicy<? super Response> policy;
  Set<Integer> statuses = HttpRetryRules.DEFAULT_RETRYABLE_STATUSES;
  Set<String> methods = HttpRetryRules.IDEMPOTENT_METHODS;
  boolean allMethods;
  Duration maxRetryAfter = RetryInterceptor.DEFAULT_MAX_RETRY_AFTER;
  String hintHeader;
  Duration hintMaxAbove = HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF;
  boolean defaultBudget = true;
  Clock clock = Clock.systemUTC();
  Ticker ticker = Ticker.SYSTEM;
  Sleeper sleeper = Sleeper.SYSTEM;
  ScheduledExecutorService scheduler;
  RandomGenerator random;

  RetryInterceptorBuilder(RetryPolicy<? super Response> policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * The status codes that are retried, replacing the default {@code 429, 500, 502, 503, 504}. Any other status,
   * 4xx included, is returned as it is. An empty list retries failures only.
   *
   * @param statuses the status codes
   * @return this builder
   * @throws IllegalArgumentException if a status is outside {@code 100..599}
   */
  public RetryInterceptorBuilder withRetryableStatuses(int... statuses) {
    this.statuses = HttpRetryRules.statusSet(statuses);
    return this;
  }

  /**
   * The request methods that are retried, replacing the default idempotent ones ({@code GET, HEAD, OPTIONS,
   * TRACE, PUT, DELETE}); methods are case-sensitive, as in HTTP. Whatever the set, a request that carries an
   * {@code Idempotency-Key} header is retried too.
   *
   * @param methods the method names
   * @return this builder
   * @throws IllegalArgumentException if a method is empty or contains a space or control character
   */
  public RetryInterceptorBuilder withRetryableMethods(String... methods) {
    this.methods = HttpRetryRules.methodSet(methods);
    this.allMethods = false;
    return this;
  }

  /**
   * Retries requests of every method, POST and PATCH included. Only for servers that make repeated requests
   * harmless (e.g. by deduplicating them): a POST whose response was lost may have been applied.
   *
   * @return this builder
   */
  public RetryInterceptorBuilder retryAllMethods() {
    this.allMethods = true;
    return this;
  }

  /**
   * The longest {@code Retry-After} that is followed (default one minute). A 429 or 503 response asking for more
   * stops the retries at once with {@link io.github.backoff.StopReason#DELAY_TOO_LONG}.
   *
   * @param max the longest wait followed
   * @return this builder
   * @throws IllegalArgumentException if {@code max} is negative
   */
  public RetryInterceptorBuilder withMaxRetryAfter(Duration max) {
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
   * ignored. A valid {@code Retry-After} on a 429 or 503 wins over it. None by default. As backoff-http's
   * {@code RetryingHttpClientBuilder.withRetryAfterMillisHeader}.
   *
   * @param header the header's name, e.g. {@code "x-amz-retry-after"}
   * @return this builder
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token
   */
  public RetryInterceptorBuilder withRetryAfterMillisHeader(String header) {
    return withRetryAfterMillisHeader(header, HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF);
  }

  /**
   * {@link #withRetryAfterMillisHeader(String)}, letting the hint lengthen the strategy's delay by at most
   * {@code maxAboveBackoff}.
   *
   * @param header the header's name
   * @param maxAboveBackoff how far the hint may lengthen the strategy's delay
   * @return this builder
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token, or {@code maxAboveBackoff}
   *     is negative
   */
  public RetryInterceptorBuilder withRetryAfterMillisHeader(String header, Duration maxAboveBackoff) {
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
   * No retry budget for this interceptor. By default an interceptor whose policy has no budget gets one of its own,
   * the AWS SDKs' 2026 retry quota ({@link io.github.backoff.budget.RetryBudget#retryQuota2026()}: 500 units, a
   * retry costs 14 after a failure or a 5xx and 5 after a 429, a success gives back its last retry's cost or 1), so
   * that when a service is down or throttling, the client's retries dry up instead of multiplying its load. A budget
   * of the policy ({@code RetryPolicyBuilder.withBudget}) is used whatever this says. As backoff-http's
   * {@code RetryingHttpClientBuilder.withoutBudget}.
   *
   * @return this builder
   */
  public RetryInterceptorBuilder withoutBudget() {
    this.defaultBudget = false;
    return this;
  }

  /**
   * The wall clock that turns a {@code Retry-After} HTTP-date into a wait (default {@link Clock#systemUTC()}).
   *
   * @param clock the wall clock
   * @return this builder
   */
  public RetryInterceptorBuilder withClock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * The source of monotonic time for the deadline and the retrier, as {@code RetrierBuilder.withTicker}.
   *
   * @param ticker the ticker
   * @return this builder
   */
  public RetryInterceptorBuilder withTicker(Ticker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * How the interceptor waits between attempts, as {@code RetrierBuilder.withSleeper}. It is called in slices of
   * at most 20 ms, so that a canceled call stops waiting promptly.
   *
   * @param sleeper the sleeper
   * @return this builder
   */
  public RetryInterceptorBuilder withSleeper(Sleeper sleeper) {
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    return this;
  }

  /**
   * Runs the core's per-attempt timer, as {@code RetrierBuilder.withScheduler}; never shut down.
   *
   * @param scheduler the scheduler
   * @return this builder
   */
  public RetryInterceptorBuilder withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /**
   * The source of the strategy's jitter and of the jitter added to {@code Retry-After}; it must be thread-safe if
   * the client is used from several threads (the default, {@code ThreadLocalRandom}, is).
   *
   * @param random the random source
   * @return this builder
   */
  public RetryInterceptorBuilder withRandom(RandomGenerator random) {
    this.random = Objects.requireNonNull(random, "random");
    return this;
  }

  /**
   * A new interceptor with the current settings.
   *
   * @return the interceptor
   */
  public RetryInterceptor build() {
    return new RetryInterceptor(this);
  }
}
