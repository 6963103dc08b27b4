package io.github.backoff.spring.boot;

import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.micrometer.BackoffMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;
import org.springframework.core.Ordered;

/**
 * Binds Micrometer metrics ({@link BackoffMetrics}: {@code backoff.calls}, {@code backoff.attempts},
 * {@code backoff.retry.delay}, {@code backoff.budget.*}) to every policy of the {@code backoff.policies.*}
 * properties, tagged with the policy's name. {@link BackoffMetricsAutoConfiguration} registers one when Micrometer,
 * backoff-micrometer and a {@link MeterRegistry} bean are present; a bean of this type of the application's own
 * replaces it.
 *
 * <pre>{@code
 * @Bean
 * BackoffMetricsCustomizer backoffMetrics(MeterRegistry registry) {   // e.g. to bind to one registry of several
 *   return new BackoffMetricsCustomizer(registry);
 * }
 * }</pre>
 *
 * <p>It runs last among the customizers ({@link Ordered#LOWEST_PRECEDENCE}), so that the budget gauges see a
 * budget another customizer sets. Each policy's meters are created once, at start-up. Thread-safe.
 */
public final class BackoffMetricsCustomizer implements BackoffPolicyCustomizer, Ordered {
  private final MeterRegistry registry;

  /**
   * Metrics in {@code registry}.
   *
   * @param registry the registry the meters are created in
   * @throws NullPointerException if {@code registry} is null
   */
  public BackoffMetricsCustomizer(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
  }

  @Override
  public void customize(String name, RetryPolicyBuilder<Object> builder) {
    BackoffMetrics.bind(registry, name, builder);
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  @Override
  public String toString() {
    return "BackoffMetricsCustomizer[" + registry.getClass().getSimpleName() + "]";
  }
}
