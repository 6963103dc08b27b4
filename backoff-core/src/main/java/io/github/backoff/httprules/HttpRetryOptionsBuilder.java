package io.github.backoff.httprules;

import io.github.backoff.httprules.spi.HttpRetryBuilder;

/**
 * Builds {@link HttpRetryOptions}; the setters ({@link HttpRetryBuilder}) validate their arguments at once, naming
 * the parameter and the value, and refuse a second set of the same option with an {@link IllegalStateException}
 * naming it. {@link #build()} copies, so the builder can be reused.
 *
 * <pre>{@code
 * HttpRetryOptions options = HttpRetryOptions.builder()
 *     .withRetryableStatuses(429, 503)
 *     .withoutBudget()
 *     .build();
 * }</pre>
 *
 * <p>Not thread-safe: confine a builder to one thread.
 */
public final class HttpRetryOptionsBuilder extends HttpRetryBuilder<HttpRetryOptionsBuilder> {
  HttpRetryOptionsBuilder() {}

  HttpRetryOptionsBuilder(HttpRetryOptions options) {
    super(options);
  }

  /**
   * The options as set now.
   *
   * @return new immutable options
   */
  public HttpRetryOptions build() {
    return options();
  }
}
