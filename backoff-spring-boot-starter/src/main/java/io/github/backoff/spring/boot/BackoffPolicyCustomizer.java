package io.github.backoff.spring.boot;

import io.github.backoff.RetryPolicyBuilder;

/**
 * Adjusts every policy built from the {@code backoff.policies.*} properties before it is built: add a listener
 * (metrics, tracing, logging), a condition, a delay override. Every bean of this type is applied, in
 * {@link org.springframework.core.Ordered} order, after the properties and the starter's own counting listener.
 *
 * <p>This is the hook for metrics: a Micrometer binding is a customizer that adds its listener to each policy (the
 * starter registers one, {@link BackoffMetricsCustomizer}, when Micrometer and backoff-micrometer are present).
 *
 * <pre>{@code
 * @Bean
 * BackoffPolicyCustomizer logRetries() {
 *   return (name, builder) -> builder.onEvent(LoggingRetryListener.create());
 * }
 * }</pre>
 *
 * <p>The builder starts from the properties' values as a builder from {@code RetryPolicy.toBuilder()} does: a
 * customizer may replace each (e.g. {@code withMaxAttempts}) once; a second customizer setting the same option is
 * refused with {@link IllegalStateException} at start-up, naming the option (see {@link RetryPolicyBuilder}).
 *
 * <p>Called once per policy at start-up, on the thread that creates the {@link Retriers} bean; implementations
 * need not be thread-safe, but the listeners they add must be.
 */
@FunctionalInterface
public interface BackoffPolicyCustomizer {
  /**
   * Adjusts the builder of policy {@code name}.
   *
   * @param name the policy's name, as under {@code backoff.policies}
   * @param builder the builder, with the properties applied
   */
  void customize(String name, RetryPolicyBuilder<Object> builder);
}
