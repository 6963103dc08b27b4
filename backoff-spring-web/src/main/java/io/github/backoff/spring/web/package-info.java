/**
 * Retries for Spring's web clients that follow the HTTP rules every Backoff client shares
 * ({@link io.github.backoff.httprules.HttpRetryOptions}): {@link io.github.backoff.spring.web.RetryingRequestInterceptor}
 * for {@code RestClient} and {@code RestTemplate}, {@link io.github.backoff.spring.web.RetryingExchangeFilter} for
 * {@code WebClient}.
 *
 * <pre>{@code
 * RestClient client = RestClient.builder()
 *     .requestInterceptor(RetryingRequestInterceptor.of(policy))
 *     .build();
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe except the builder, which is confined to one thread.
 */
package io.github.backoff.spring.web;
