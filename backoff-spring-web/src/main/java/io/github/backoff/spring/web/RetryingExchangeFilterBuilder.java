package io.github.backoff.spring.web;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import java.util.Objects;
import org.springframework.web.reactive.function.client.ClientResponse;

/**
 * Builds a {@link RetryingExchangeFilter}: the HTTP options every Backoff client shares
 * ({@link HttpRetryBuilder}: retryable statuses and methods, {@code Retry-After} limit, millisecond hint header,
 * default budget, sources of time and randomness), reached by {@link RetryingExchangeFilter#builder}.
 *
 * <pre>{@code
 * RetryingExchangeFilter filter = RetryingExchangeFilter.builder(policy)
 *     .withRetryableStatuses(503)
 *     .withMaxRetryAfter(Duration.ofSeconds(10))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread. {@link #build()} copies the settings, so the filter it
 * returns is immutable and shared freely.
 */
public final class RetryingExchangeFilterBuilder extends HttpRetryBuilder<RetryingExchangeFilterBuilder> {
  private final RetryPolicy<? super ClientResponse> policy;

  RetryingExchangeFilterBuilder(RetryPolicy<? super ClientResponse> policy, HttpRetryOptions options) {
    super(options);
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * A new filter with the current settings.
   *
   * @return the filter
   */
  public RetryingExchangeFilter build() {
    return new RetryingExchangeFilter(policy, options());
  }
}
