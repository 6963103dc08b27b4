/**
 * Retries for {@link java.net.http.HttpClient} that follow HTTP's rules: retryable status codes (429, 500, 502,
 * 503, 504 by default) and connection failures, idempotent methods only unless told otherwise, {@code Retry-After}
 * honoured and spread ({@link io.github.backoff.httprules.RetryAfter} and
 * {@link io.github.backoff.httprules.HttpRetryDelays}, shared with the other HTTP integrations), per-attempt
 * timeouts and an overall deadline that cover the whole exchange, body included, a retry budget per client by
 * default, bodies of failed responses drained so connections are reused, and the outcome of a call (attempts,
 * time, stop reason) with its response ({@link io.github.backoff.httprules.HttpRetryOutcome}).
 *
 * <pre>{@code
 * RetryingHttpClient http = RetryingHttpClient.of(HttpClient.newHttpClient(),
 *     RetryPolicy.<HttpResponse<?>>builder().withMaxAttempts(4).withMaxElapsed(Duration.ofSeconds(20)).build());
 * HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.ofString());
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe except the builder, which is confined to one thread.
 */
package io.github.backoff.http;
