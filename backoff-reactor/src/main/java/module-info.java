/**
 * Backoff for Project Reactor: {@link io.github.backoff.reactor.BackoffRetry} is a {@code reactor.util.retry.Retry}
 * for {@code Mono.retryWhen} and {@code Flux.retryWhen} whose decisions come from backoff-core's decision core.
 */
module io.github.backoff.reactor {
  requires transitive io.github.backoff;
  requires transitive reactor.core;
  requires transitive org.reactivestreams;

  exports io.github.backoff.reactor;
}
