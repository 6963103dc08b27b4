package io.github.backoff.httprules.spi;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOptionsBuilder;
import io.github.backoff.httprules.HttpRetryRules;
import io.github.backoff.httprules.RateLimitRules;
import io.github.backoff.internal.Checks;
import io.github.backoff.internal.HttpRetryConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * The setters of {@link HttpRetryOptions}, written once for every builder that configures them: the options' own
 * ({@link HttpRetryOptionsBuilder}) and each HTTP client's (backoff-http's {@code RetryingHttpClientBuilder},
 * backoff-okhttp's {@code RetryInterceptorBuilder}, backoff-spring-web's {@code RetryingRequestInterceptorBuilder}
 * and {@code RetryingExchangeFilterBuilder}, and the next client's), so a client's builder adds only what is
 * its own. Each setter validates its argument at once: {@link NullPointerException} for nulls,
 * {@link IllegalArgumentException} for bad values, both naming the parameter and the value.
 *
 * <p><b>Each option is set once.</b> A second set of the same option on one builder is refused with an
 * {@link IllegalStateException} naming the option and the value it has (as Caffeine refuses a second
 * {@code maximumSize}): two sets are a mistake more often than an override, and silently letting the later win hides
 * it. {@link #withRetryableMethods} and {@link #retryAllMethods} set one option, the retryable methods; both forms of
 * {@link #withRetryAfterMillisHeader(String) withRetryAfterMillisHeader} set one, the hint header. A builder made
 * from options ({@code HttpRetryOptions.toBuilder()}, a client's {@code builder(..., options)}) starts with none set,
 * so each option of the options may be changed once. The setters write into one config object, in which each option
 * is declared once; {@link #options()} copies it, so a builder may build again.
 *
 * <pre>{@code
 * public final class MyClientBuilder extends HttpRetryBuilder<MyClientBuilder> {
 *   public MyClient build() {
 *     return new MyClient(policy, options());   // options() copies the current settings
 *   }
 * }
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 *
 * @param <B> the builder's own type, returned by each setter
 */
public abstract class HttpRetryBuilder<B extends HttpRetryBuilder<B>> {
  /** The options set so far, each declared once there; {@link #options()} copies it. */
  private final HttpRetryConfig config;

  /** A builder with the default options. */
  protected HttpRetryBuilder() {
    config = new HttpRetryConfig();
  }

  /**
   * A builder with {@code o}'s options, none of them counted as set: each may be changed once.
   *
   * @param o the options to start from
   * @throws NullPointerException if {@code o} is null
   */
  protected HttpRetryBuilder(HttpRetryOptions o) {
    config = HttpRetryConfig.of(o);
  }

  /**
   * The status codes that are retried, replacing the default {@code 429, 500, 502, 503, 504}. Any other status,
   * 4xx included, is returned as it is. An empty list retries failures only.
   *
   * @param statuses the status codes
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   * @throws IllegalArgumentException if a status is outside {@code 100..599}
   */
  public B withRetryableStatuses(int... statuses) {
    Set<Integer> set = HttpRetryRules.statusSet(statuses);
    config.claim("retryableStatuses", set);
    config.retryableStatuses = set;
    return self();
  }

  /**
   * The request methods that are retried, replacing the default idempotent ones ({@code GET, HEAD, OPTIONS,
   * TRACE, PUT, DELETE}); methods are case-sensitive, as in HTTP. Whatever the set, a request that carries an
   * {@code Idempotency-Key} header is retried too.
   *
   * @param methods the method names
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   * @throws IllegalArgumentException if a method is empty or contains a space or control character
   */
  public B withRetryableMethods(String... methods) {
    Set<String> set = HttpRetryRules.methodSet(methods);
    config.claim("retryableMethods", set);
    config.retryableMethods = set;
    return self();
  }

  /**
   * Retries requests of every method, POST and PATCH included. Only for servers that make repeated requests
   * harmless (e.g. by deduplicating them): a POST whose response was lost may have been applied.
   *
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B retryAllMethods() {
    config.claim("retryableMethods", "all");
    config.retryableMethods = null;
    return self();
  }

  /**
   * The longest {@code Retry-After} that is followed (default one minute). A 429 or 503 response asking for more
   * stops the retries at once with {@link io.github.backoff.StopReason#DELAY_TOO_LONG}.
   *
   * @param max the longest wait followed
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   * @throws IllegalArgumentException if {@code max} is negative
   */
  public B withMaxRetryAfter(Duration max) {
    Checks.requireNonNull(max, "max");
    Checks.requireArgument(!max.isNegative(), "max must not be negative: %s", max);
    config.claim("maxRetryAfter", max);
    config.maxRetryAfter = max;
    return self();
  }

  /**
   * Follows a millisecond hint header such as AWS's {@code x-amz-retry-after} ({@link HttpRetryDelays#AMZ_RETRY_AFTER})
   * on every retryable response, clamped the AWS way: the wait is the hint, but never less than the strategy's
   * delay for this retry and at most {@link HttpRetryDelays#DEFAULT_MAX_HINT_ABOVE_BACKOFF 5 s} more; never more
   * than {@link #withMaxRetryAfter the maximum}. A value that is not a whole, non-negative number of milliseconds is
   * ignored. A valid {@code Retry-After} on a 429 or 503 wins over it. None by default.
   *
   * @param header the header's name, e.g. {@code "x-amz-retry-after"}
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token
   */
  public B withRetryAfterMillisHeader(String header) {
    return withRetryAfterMillisHeader(header, HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF);
  }

  /**
   * {@link #withRetryAfterMillisHeader(String)}, letting the hint lengthen the strategy's delay by at most
   * {@code maxAboveBackoff}.
   *
   * @param header the header's name
   * @param maxAboveBackoff how far the hint may lengthen the strategy's delay
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token, or {@code maxAboveBackoff}
   *     is negative
   */
  public B withRetryAfterMillisHeader(String header, Duration maxAboveBackoff) {
    HttpRetryRules.requireHeaderName(header);
    Checks.requireNonNull(maxAboveBackoff, "maxAboveBackoff");
    Checks.requireArgument(!maxAboveBackoff.isNegative(), "maxAboveBackoff must not be negative: %s",
        maxAboveBackoff);
    config.claim("retryAfterMillisHeader", header);
    config.retryAfterMillisHeader = header;
    config.maxHintAboveBackoff = maxAboveBackoff;
    return self();
  }

  /**
   * No retry budget for the client. By default a client whose policy has no budget gets one of its own, the AWS
   * SDKs' 2026 retry quota ({@link io.github.backoff.budget.RetryBudget#retryQuota2026()}: 500 units, a retry costs
   * 14 after a failure or a 5xx and 5 after a 429, a success gives back its last retry's cost or 1), so that when a
   * service is down or throttling, the client's retries dry up instead of multiplying its load. A budget of the
   * policy ({@code RetryPolicyBuilder.withBudget}) is used whatever this says.
   *
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withoutBudget() {
    config.claim("defaultBudget", false);
    config.defaultBudget = false;
    return self();
  }

  /**
   * The rate-limit headers read beyond {@code Retry-After} and the marks of an exhausted quota, replacing
   * {@link RateLimitRules#defaults()} (OpenAI, Anthropic, the IETF fields, GitHub's); extend the defaults with
   * {@link RateLimitRules#with} and {@link RateLimitRules#withQuotaMarkers}, or read none with
   * {@link RateLimitRules#none()}.
   *
   * @param rules the rules
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withRateLimitRules(RateLimitRules rules) {
    config.claim("rateLimitRules", Checks.requireNonNull(rules, "rules"));
    config.rateLimitRules = rules;
    return self();
  }

  /**
   * The wall clock that turns a {@code Retry-After} HTTP-date into a wait (default {@link Clock#systemUTC()}).
   *
   * @param clock the wall clock
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withClock(Clock clock) {
    config.claim("clock", Checks.requireNonNull(clock, "clock"));
    config.clock = clock;
    return self();
  }

  /**
   * The source of monotonic time for the deadline and the retrier, as {@code RetrierBuilder.withTicker}.
   *
   * @param ticker the ticker
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withTicker(Ticker ticker) {
    config.claim("ticker", Checks.requireNonNull(ticker, "ticker"));
    config.ticker = ticker;
    return self();
  }

  /**
   * How a synchronous call waits between attempts, as {@code RetrierBuilder.withSleeper}.
   *
   * @param sleeper the sleeper
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withSleeper(Sleeper sleeper) {
    config.claim("sleeper", Checks.requireNonNull(sleeper, "sleeper"));
    config.sleeper = sleeper;
    return self();
  }

  /**
   * Starts asynchronous retries and runs the core's per-attempt timer, as {@code RetrierBuilder.withScheduler};
   * never shut down by the client. Without one, the core's shared daemon scheduler is used.
   *
   * @param scheduler the scheduler
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withScheduler(ScheduledExecutorService scheduler) {
    config.claim("scheduler", Checks.requireNonNull(scheduler, "scheduler"));
    config.scheduler = scheduler;
    return self();
  }

  /**
   * The source of the strategy's jitter and of the spread added to {@code Retry-After}; it must be thread-safe if
   * the client is used from several threads (the default, {@code ThreadLocalRandom}, is).
   *
   * @param random the random source
   * @return this builder
   * @throws IllegalStateException if this option was already set on this builder
   */
  public B withRandom(RandomGenerator random) {
    config.claim("random", Checks.requireNonNull(random, "random"));
    config.random = random;
    return self();
  }

  /**
   * The options as set now.
   *
   * @return new immutable options
   */
  protected final HttpRetryOptions options() {
    return config.toOptions();
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }
}
