package io.github.backoff.http;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.spi.HttpRetryBuilder;
import java.net.http.HttpClient;
import java.util.Objects;

/**
 * Builds a {@link RetryingHttpClient}: which statuses and methods are retried, how far {@code Retry-After} is
 * followed, and the sources of time, sleeping, scheduling and randomness (for tests in virtual time). The setters
 * are those of every HTTP client's builder, documented once in {@link HttpRetryBuilder} (the options,
 * {@link HttpRetryOptions}); each validates its argument at once: {@link NullPointerException} for nulls,
 * {@link IllegalArgumentException} for bad values, both naming the parameter and the value. The scheduler starts the
 * retries of {@link RetryingHttpClient#sendAsync}. {@link #build()} copies, so the
 * builder can be reused.
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
public final class RetryingHttpClientBuilder extends HttpRetryBuilder<RetryingHttpClientBuilder> {
  final HttpClient client;
  final RetryPolicy<?> policy;
  HttpAttemptObserver attemptObserver;

  RetryingHttpClientBuilder(HttpClient client, RetryPolicy<?> policy, HttpRetryOptions options) {
    super(options);
    this.client = Objects.requireNonNull(client, "client");
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * Sees each attempt of each call, for tracing: see {@link HttpAttemptObserver}. None by default.
   *
   * @param observer the observer
   * @return this builder
   * @throws IllegalStateException if an observer was already set on this builder (each option is set once, as
   *     {@link HttpRetryBuilder} says)
   */
  public RetryingHttpClientBuilder withAttemptObserver(HttpAttemptObserver observer) {
    Objects.requireNonNull(observer, "observer");
    if (attemptObserver != null) {
      throw new IllegalStateException("attemptObserver was already set to " + attemptObserver
          + "; each option may be set once per builder (refused: " + observer + ")");
    }
    this.attemptObserver = observer;
    return this;
  }

  /**
   * A new client with the current settings.
   *
   * @return the client
   */
  public RetryingHttpClient build() {
    return new RetryingHttpClient(client, policy, options(), attemptObserver);
  }
}
