/**
 * Retries for OkHttp (and Retrofit, which runs on it): {@link io.github.backoff.okhttp.RetryInterceptor}, an
 * application interceptor that retries each call under a core {@link io.github.backoff.RetryPolicy} with HTTP's
 * rules from {@link io.github.backoff.httprules} — idempotent methods or an {@code Idempotency-Key}, retryable
 * statuses and failures, {@code Retry-After} in both forms, the policy's deadline cutting each attempt's timeouts.
 *
 * <pre>{@code
 * OkHttpClient client = new OkHttpClient.Builder()
 *     .addInterceptor(RetryInterceptor.of(policy))
 *     .build();
 * }</pre>
 *
 * <p>Every public type here is immutable and thread-safe, except the builder, which is confined to one thread.
 */
package io.github.backoff.okhttp;
