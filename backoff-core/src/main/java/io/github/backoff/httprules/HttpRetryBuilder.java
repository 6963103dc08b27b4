package io.github.backoff.httprules;

import io.github.backoff.Sleeper;
import io.github.backoff.Ticker;
import io.github.backoff.internal.Checks;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.random.RandomGenerator;

/**
 * The setters of {@link HttpRetryOptions}, written once for every builder that configures them: the options' own
 * ({@link HttpRetryOptionsBuilder}) and each HTTP client's (backoff-http's {@code RetryingHttpClientBuilder},
 * backoff-okhttp's {@code RetryInterceptorBuilder}, and the next client's), so a client's builder adds only what is
 * its own. Each setter validates its argument at once: {@link NullPointerException} for nulls,
 * {@link IllegalArgumentException} for bad values, both naming the parameter and the value.
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
  Set<Integer> statuses = HttpRetryRules.DEFAULT_RETRYABLE_STATUSES;
  Set<String> methods = HttpRetryRules.IDEMPOTENT_METHODS;
  boolean allMethods;
  Duration maxRetryAfter = HttpRetryDelays.DEFAULT_MAX_RETRY_AFTER;
  String hintHeader;
  Duration hintMaxAbove = HttpRetryDelays.DEFAULT_MAX_HINT_ABOVE_BACKOFF;
  boolean defaultBudget = true;
  Clock clock = Clock.systemUTC();
  Ticker ticker = Ticker.SYSTEM;
  Sleeper sleeper = Sleeper.SYSTEM;
  ScheduledExecutorService scheduler;
  RandomGenerator random;

  /** A builder with the default options. */
  protected HttpRetryBuilder() {}

  /**
   * A builder with {@code o}'s options.
   *
   * @param o the options to start from
   * @throws NullPointerException if {@code o} is null
   */
  protected HttpRetryBuilder(HttpRetryOptions o) {
    Checks.requireNonNull(o, "options");
    statuses = o.retryableStatuses();
    allMethods = o.retryableMethods().isEmpty();
    methods = o.retryableMethods().orElse(HttpRetryRules.IDEMPOTENT_METHODS);
    maxRetryAfter = o.maxRetryAfter();
    hintHeader = o.retryAfterMillisHeader().orElse(null);
    hintMaxAbove = o.maxHintAboveBackoff();
    defaultBudget = o.defaultBudget();
    clock = o.clock();
    ticker = o.ticker();
    sleeper = o.sleeper();
    scheduler = o.scheduler().orElse(null);
    random = o.random().orElse(null);
  }

  /**
   * The status codes that are retried, replacing the default {@code 429, 500, 502, 503, 504}. Any other status,
   * 4xx included, is returned as it is. An empty list retries failures only.
   *
   * @param statuses the status codes
   * @return this builder
   * @throws IllegalArgumentException if a status is outside {@code 100..599}
   */
  public B withRetryableStatuses(int... statuses) {
    this.statuses = HttpRetryRules.statusSet(statuses);
    return self();
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
  public B withRetryableMethods(String... methods) {
    this.methods = HttpRetryRules.methodSet(methods);
    this.allMethods = false;
    return self();
  }

  /**
   * Retries requests of every method, POST and PATCH included. Only for servers that make repeated requests
   * harmless (e.g. by deduplicating them): a POST whose response was lost may have been applied.
   *
   * @return this builder
   */
  public B retryAllMethods() {
    this.allMethods = true;
    return self();
  }

  /**
   * The longest {@code Retry-After} that is followed (default one minute). A 429 or 503 response asking for more
   * stops the retries at once with {@link io.github.backoff.StopReason#DELAY_TOO_LONG}.
   *
   * @param max the longest wait followed
   * @return this builder
   * @throws IllegalArgumentException if {@code max} is negative
   */
  public B withMaxRetryAfter(Duration max) {
    Checks.requireNonNull(max, "max");
    Checks.requireArgument(!max.isNegative(), "max must not be negative: %s", max);
    this.maxRetryAfter = max;
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
   * @throws IllegalArgumentException if {@code header} is empty or not an HTTP token, or {@code maxAboveBackoff}
   *     is negative
   */
  public B withRetryAfterMillisHeader(String header, Duration maxAboveBackoff) {
    HttpRetryRules.requireHeaderName(header);
    Checks.requireNonNull(maxAboveBackoff, "maxAboveBackoff");
    Checks.requireArgument(!maxAboveBackoff.isNegative(), "maxAboveBackoff must not be negative: %s",
        maxAboveBackoff);
    this.hintHeader = header;
    this.hintMaxAbove = maxAboveBackoff;
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
   */
  public B withoutBudget() {
    this.defaultBudget = false;
    return self();
  }

  /**
   * The wall clock that turns a {@code Retry-After} HTTP-date into a wait (default {@link Clock#systemUTC()}).
   *
   * @param clock the wall clock
   * @return this builder
   */
  public B withClock(Clock clock) {
    this.clock = Checks.requireNonNull(clock, "clock");
    return self();
  }

  /**
   * The source of monotonic time for the deadline and the retrier, as {@code RetrierBuilder.withTicker}.
   *
   * @param ticker the ticker
   * @return this builder
   */
  public B withTicker(Ticker ticker) {
    this.ticker = Checks.requireNonNull(ticker, "ticker");
    return self();
  }

  /**
   * How a synchronous call waits between attempts, as {@code RetrierBuilder.withSleeper}.
   *
   * @param sleeper the sleeper
   * @return this builder
   */
  public B withSleeper(Sleeper sleeper) {
    this.sleeper = Checks.requireNonNull(sleeper, "sleeper");
    return self();
  }

  /**
   * Starts asynchronous retries and runs the core's per-attempt timer, as {@code RetrierBuilder.withScheduler};
   * never shut down by the client. Without one, the core's shared daemon scheduler is used.
   *
   * @param scheduler the scheduler
   * @return this builder
   */
  public B withScheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Checks.requireNonNull(scheduler, "scheduler");
    return self();
  }

  /**
   * The source of the strategy's jitter and of the spread added to {@code Retry-After}; it must be thread-safe if
   * the client is used from several threads (the default, {@code ThreadLocalRandom}, is).
   *
   * @param random the random source
   * @return this builder
   */
  public B withRandom(RandomGenerator random) {
    this.random = Checks.requireNonNull(random, "random");
    return self();
  }

  /**
   * The options as set now.
   *
   * @return new immutable options
   */
  protected final HttpRetryOptions options() {
    return new HttpRetryOptions(this);
  }

  @SuppressWarnings("unchecked")
  private B self() {
    return (B) this;
  }
}
