package io.github.backoff.vertx;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import io.github.backoff.httprules.HttpRetryOptions;
import io.vertx.core.Vertx;
import io.vertx.ext.web.client.HttpResponse;
import java.util.Objects;

/**
 * Builds a {@link RetryingWebClient}: the HTTP options every Backoff client shares ({@link HttpRetryBuilder}:
 * retryable statuses and methods, {@code Retry-After} limit, millisecond hint header, default budget, sources of
 * time and randomness), reached by {@link RetryingWebClient#builder}. The waits are Vert.x timers, so the builder's
 * sleeper and scheduler are not used.
 *
 * <pre>{@code
 * RetryingWebClient retrying = RetryingWebClient.builder(vertx, policy)
 *     .withRetryableStatuses(429, 503)
 *     .withMaxRetryAfter(Duration.ofSeconds(10))
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread. {@link #build()} copies the settings.
 */
public final class RetryingWebClientBuilder extends HttpRetryBuilder<RetryingWebClientBuilder> {
  private final Vertx vertx;
  private final RetryPolicy<? super HttpResponse<?>> policy;

  RetryingWebClientBuilder(Vertx vertx, RetryPolicy<? super HttpResponse<?>> policy, HttpRetryOptions options) {
    super(options);
    this.vertx = Objects.requireNonNull(vertx, "vertx");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * A new client with the current settings.
   *
   * @return the client
   */
  public RetryingWebClient build() {
    return new RetryingWebClient(vertx, policy, options());
  }
}
