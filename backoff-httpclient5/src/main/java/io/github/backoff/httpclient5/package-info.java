/**
 * Backoff for Apache HttpClient 5: {@link io.github.backoff.httpclient5.BackoffHttpRequestRetryStrategy} is an
 * {@code HttpRequestRetryStrategy} for the classic and the async client that retries under a {@code RetryPolicy}
 * with the HTTP rules every Backoff client shares ({@code io.github.backoff.httprules}).
 *
 * <pre>{@code
 * CloseableHttpClient client = HttpClients.custom()
 *     .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy))
 *     .build();
 * }</pre>
 */
package io.github.backoff.httpclient5;
