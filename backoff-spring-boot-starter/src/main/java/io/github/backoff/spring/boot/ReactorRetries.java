package io.github.backoff.spring.boot;

import io.github.backoff.Retrier;
import io.github.backoff.reactor.BackoffRetry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@link Retry @Retry} for methods returning {@code Mono} or {@code Flux}, through backoff-reactor's
 * {@link BackoffRetry}: one implementation of the Reactor rules, shared with users of backoff-reactor. A bean only
 * when Reactor and backoff-reactor are on the class path, so nothing else in the starter links to them.
 * Thread-safe.
 */
final class ReactorRetries {
  /** One attempt: invokes the method again. */
  @FunctionalInterface
  interface Attempt {
    Object run() throws Throwable;
  }

  /** The fallback's result for a failure, or throws it. */
  @FunctionalInterface
  interface Fallback {
    Object apply(Throwable failure) throws Throwable;
  }

  private record Plan(BackoffRetry retry, boolean mono) {}

  private final Map<String, BackoffRetry> retries = new ConcurrentHashMap<>();

  /** The plan of a method returning {@code type} (Mono or Flux) under policy {@code name}. */
  Object plan(String name, Retrier<Object> retrier, Class<?> type) {
    BackoffRetry retry = retries.computeIfAbsent(name, n -> BackoffRetry.of(retrier.policy()));
    return new Plan(retry, Mono.class.isAssignableFrom(type));
  }

  /** A publisher that invokes the method for each attempt, retried under the plan, with the fallback if any. */
  Object retry(Object plan, Attempt attempt, Fallback fallback) {
    Plan p = (Plan) plan;
    if (p.mono) {
      Mono<Object> retried = p.retry.apply(Mono.defer(() -> cast(call(attempt))));
      return fallback == null ? retried : retried.onErrorResume(t -> cast(callFallback(fallback, t)));
    }
    Flux<Object> retried = p.retry.apply(Flux.defer(() -> cast(call(attempt))));
    return fallback == null ? retried : retried.onErrorResume(t -> cast(callFallback(fallback, t)));
  }

  @SuppressWarnings("unchecked")
  private static <P> P cast(Object publisher) {
    return (P) publisher;
  }

  private static Object call(Attempt attempt) {
    try {
      return attempt.run();
    } catch (Throwable t) {
      return sneaky(t);
    }
  }

  private static Object callFallback(Fallback fallback, Throwable failure) {
    try {
      return fallback.apply(failure);
    } catch (Throwable t) {
      return sneaky(t);
    }
  }

  /** Rethrows {@code t} unchanged, checked or not: Reactor's defer and onErrorResume turn it into an error signal. */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> Object sneaky(Throwable t) throws T {
    throw (T) t;
  }
}
