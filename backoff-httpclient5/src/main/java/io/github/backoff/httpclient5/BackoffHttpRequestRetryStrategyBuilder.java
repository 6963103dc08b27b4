package io.github.backoff.httpclient5;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import io.github.backoff.httprules.HttpRetryOptions;
import java.util.Objects;
import org.apache.hc.core5.http.HttpResponse;

/**
 * Builds a {@link BackoffHttpRequestRetryStrategy}: the HTTP options every Backoff client shares
 * ({@link HttpRetryBuilder}: retryable statuses and methods, {@code Retry-After} limit, millisecond hint header,
 * default budget, sources of time and randomness), reached by {@link BackoffHttpRequestRetryStrategy#builder}.
 *
 * <pre>{@code
 * BackoffHttpRequestRetryStrategy strategy = BackoffHttpRequestRetryStrategy.builder(policy)
 *     .withRetryableStatuses(503)
 *     .withMaxRetryAfter(Duration.ofSeconds(10))
 *     .build();
 * }</pre>
 *
 * <p>HttpClient waits between attempts itself (the classic client sleeps on the calling thread, the async client
 * schedules the retry), so the builder's sleeper and scheduler are not used; its ticker, clock and random source
 * are.
 *
 * <p>Not thread-safe: confine a builder to one thread. {@link #build()} copies the settings, so the strategy it
 * returns is immutable and shared freely.
 */
public final class BackoffHttpRequestRetryStrategyBuilder
    extends HttpRetryBuilder<BackoffHttpRequestRetryStrategyBuilder> {
  private final RetryPolicy<? super HttpResponse> policy;

  BackoffHttpRequestRetryStrategyBuilder(RetryPolicy<? super HttpResponse> policy, HttpRetryOptions options) {
    super(options);
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * A new strategy with the current settings.
   *
   * @return the strategy
   */
  public BackoffHttpRequestRetryStrategy build() {
    return new BackoffHttpRequestRetryStrategy(policy, options());
  }
}
