/**
 * Backoff for Vert.x 5: {@link io.github.backoff.vertx.VertxRetrier} retries an operation that returns a Vert.x
 * {@code Future}, waiting on the event loop's timer ({@code vertx.setTimer}), never blocking it;
 * {@link io.github.backoff.vertx.RetryingWebClient} sends {@code WebClient} requests with the HTTP rules every Backoff
 * client shares.
 *
 * <pre>{@code
 * VertxRetrier<String> retrier = VertxRetrier.of(vertx, policy);
 * Future<String> value = retrier.execute(() -> fetch());
 * }</pre>
 */
package io.github.backoff.vertx;
