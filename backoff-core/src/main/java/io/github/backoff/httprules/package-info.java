/**
 * HTTP's retry rules as users configure and read them, shared by every HTTP client integration (backoff-http for the
 * JDK's {@code HttpClient}, backoff-okhttp, and backoff-spring-web for {@code RestClient}, {@code RestTemplate} and
 * {@code WebClient}): the options ({@link io.github.backoff.httprules.HttpRetryOptions}, whose Javadoc states the
 * rules once for every client), how a call ended ({@link io.github.backoff.httprules.HttpRetryOutcome}), the
 * {@code Retry-After} header in both its forms ({@link io.github.backoff.httprules.RetryAfter}), idempotent methods,
 * retryable statuses and failures ({@link io.github.backoff.httprules.HttpRetryRules}) and how long to wait on a
 * server's hint ({@link io.github.backoff.httprules.HttpRetryDelays}). Plain Java, no HTTP library types.
 *
 * <p>What a client integration implements or calls is in {@link io.github.backoff.httprules.spi}.
 *
 * <pre>{@code
 * HttpRetryOptions options = HttpRetryOptions.builder()
 *     .withRetryableStatuses(429, 503)
 *     .withMaxRetryAfter(Duration.ofSeconds(30))
 *     .build();
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe, except the options' builder, confined to one thread.
 */
package io.github.backoff.httprules;
