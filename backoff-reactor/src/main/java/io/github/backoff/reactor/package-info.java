/**
 * Retries for Reactor's {@code Mono} and {@code Flux}: {@link io.github.backoff.reactor.BackoffRetry} gives
 * {@code retryWhen} every Backoff strategy, limit, condition, budget and event, with the waits on a Reactor
 * {@code Scheduler} (so {@code StepVerifier.withVirtualTime} drives them in tests).
 *
 * <pre>{@code
 * Mono<String> body = webClient.get().uri(uri).retrieve().bodyToMono(String.class)
 *     .retryWhen(BackoffRetry.of(policy));
 * }</pre>
 *
 * <p>Every type here is immutable and thread-safe except the builder, which is confined to one thread.
 */
package io.github.backoff.reactor;
