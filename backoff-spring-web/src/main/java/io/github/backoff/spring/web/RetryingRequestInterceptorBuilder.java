package io.github.backoff.spring.web;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import java.util.Objects;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Builds a {@link RetryingRequestInterceptor}: the HTTP options every Backoff client shares
 * ({@link HttpRetryBuilder}: retryable statuses and methods, {@code Retry-After} limit, millisecond hint header,
 * default budget, sources of time and randomness), reached by {@link RetryingRequestInterceptor#builder}.
 *
 * <pre>{@code
 * RetryingRequestInterceptor interceptor = RetryingRequestInterceptor.builder(policy)
 *     .withRetryableStatuses(503)
 *     .withMaxRetryAfter(Duration.ofSeconds(10))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread. {@link #build()} copies the settings, so the interceptor it
 * returns is immutable and shared freely.
 */
public final class RetryingRequestInterceptorBuilder extends HttpRetryBuilder<RetryingRequestInterceptorBuilder> {
  private final RetryPolicy<? super ClientHttpResponse> policy;

  RetryingRequestInterceptorBuilder(RetryPolicy<? super ClientHttpResponse> policy, HttpRetryOptions options) {
    super(options);
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * A new interceptor with the current settings.
   *
   * @return the interceptor
   */
  public RetryingRequestInterceptor build() {
    return new RetryingRequestInterceptor(policy, options());
  }
}
