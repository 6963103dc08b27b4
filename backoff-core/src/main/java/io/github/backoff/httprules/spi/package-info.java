/**
 * What an HTTP client integration implements or calls to retry its client's calls by the rules of
 * {@link io.github.backoff.httprules} (as Failsafe keeps its extension points in {@code dev.failsafe.spi}); users of
 * the clients need none of it. A new client is glue on these types: it reads its response type
 * ({@link io.github.backoff.httprules.spi.HttpResponseReader}), builds its options with the shared setters
 * ({@link io.github.backoff.httprules.spi.HttpRetryBuilder}), runs each call through the shared machinery
 * ({@link io.github.backoff.httprules.spi.HttpRetryCalls}: the derived policy and retriers, whether a request may be
 * retried, each attempt's limit, the outcome), and cuts its own timeouts per attempt
 * ({@link io.github.backoff.httprules.spi.AttemptDeadline}).
 *
 * <pre>{@code
 * HttpRetryCalls calls = HttpRetryCalls.create(policy, options,
 *     HttpResponseReader.of(Response.class, Response::code, Response::header));
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe, except {@code HttpRetryBuilder}, confined to one thread.
 */
package io.github.backoff.httprules.spi;
