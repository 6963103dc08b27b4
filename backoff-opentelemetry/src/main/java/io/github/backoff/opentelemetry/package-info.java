/**
 * OpenTelemetry for Backoff: {@link io.github.backoff.opentelemetry.BackoffTelemetry} records the retry metrics
 * ({@code backoff.calls}, {@code backoff.attempts}, {@code backoff.retry.delay}, {@code backoff.budget.*}) and adds
 * retry events to the current span; {@link io.github.backoff.opentelemetry.BackoffHttpTracing} makes a CLIENT span
 * per attempt of a {@code backoff-http} call, with {@code http.request.resend_count}.
 *
 * <pre>{@code
 * RetryPolicy<String> policy = BackoffTelemetry.create(openTelemetry).instrument("inventory", basePolicy);
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe. Takes the application's {@code OpenTelemetry} instance, never
 * the global one.
 */
package io.github.backoff.opentelemetry;
