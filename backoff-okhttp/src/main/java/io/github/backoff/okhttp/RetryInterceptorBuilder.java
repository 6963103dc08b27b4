package io.github.backoff.okhttp;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import java.util.Objects;
import okhttp3.Response;

/**
 * Builds a {@link RetryInterceptor}: which statuses and methods are retried, how far {@code Retry-After} is
 * followed, and the sources of time, sleeping, scheduling and randomness (for tests in virtual time). The setters
 * are those of every HTTP client's builder, documented once in {@link HttpRetryBuilder} (the options,
 * {@link HttpRetryOptions}); each validates its argument at once: {@link NullPointerException} for nulls,
 * {@link IllegalArgumentException} for bad values, both naming the parameter and the value. {@link #build()} copies,
 * so the builder can be reused. The sleeper is called in slices of at most 20 ms, so that a canceled call stops
 * waiting promptly.
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
public final class RetryInterceptorBuilder extends HttpRetryBuilder<RetryInterceptorBuilder> {
  final RetryPolicy<? super Response> policy;

  RetryInterceptorBuilder(RetryPolicy<? super Response> policy, HttpRetryOptions options) {
    super(options);
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * A new interceptor with the current settings.
   *
   * @return the interceptor
   */
  public RetryInterceptor build() {
    return new RetryInterceptor(policy, options());
  }
}
