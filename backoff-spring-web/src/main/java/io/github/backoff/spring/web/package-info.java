/**
 * Retries for Spring's {@code RestClient} and {@code RestTemplate} that follow HTTP's rules:
 * {@link io.github.backoff.spring.web.RetryingRequestInterceptor}.
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
