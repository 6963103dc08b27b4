package io.github.backoff.spring.boot;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Retries calls to the annotated method (or to every public method of the annotated class) under the policy
 * {@code backoff.policies.NAME}. No {@code @Enable...} is needed: the starter's auto-configuration adds the advice
 * to every bean with such a method.
 *
 * <pre>{@code
 * @Service
 * class Prices {
 *   @Retry(value = "pricing", fallback = "cached")
 *   Price price(String sku) throws IOException { return client.price(sku); }
 *
 *   private Price cached(String sku, IOException e) { return cache.get(sku); }
 * }
 * }</pre>
 *
 * <ul>
 *   <li><b>Return types.</b> A value or {@code void}: retried on the caller's thread, which sleeps between attempts
 *       ({@code Retrier.call}). {@code CompletableFuture} or {@code CompletionStage}: retried asynchronously, no
 *       thread held while waiting; cancelling the returned future cancels the pending retry and the attempt in
 *       flight ({@code Retrier.callAsync}). {@code Mono} or {@code Flux} (with backoff-reactor on the class path):
 *       retried with {@code BackoffRetry}, the method invoked again for each attempt. Each attempt calls the method
 *       itself again.
 *   <li><b>When retries stop</b> the call fails with the core's {@code RetryException} (its {@code reason()} says
 *       why, its cause is the last failure) unless a fallback handles it.
 *   <li><b>Fallback.</b> A method of the same class named {@link #fallback()}, with the same parameters plus a last
 *       one of a {@link Throwable} type, returning the same type. With several, the one whose exception parameter is
 *       the closest type to the {@code RetryException} or to its cause (the last failure) is called with it; if none
 *       matches, the failure propagates.
 *   <li><b>Proxies.</b> The advice is applied by a Spring AOP proxy, so only calls through the proxy are retried: a
 *       call from a method of the same object ({@code this.price(...)}) is not, nor a call to a private or final
 *       method.
 * </ul>
 *
 * <p>A policy name that is not defined, or a fallback that cannot be found, stops the application at start-up.
 * The advice is thread-safe: one annotated bean serves concurrent calls, each its own execution.
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface Retry {
  /** The name of the policy under {@code backoff.policies}. */
  String value();

  /** The name of the fallback method in the same class; empty for none. */
  String fallback() default "";
}
