package io.github.backoff.spring.boot;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer metrics for every named policy, wired automatically: when Micrometer ({@code micrometer-core}) and
 * backoff-micrometer are on the class path and the application has a {@link MeterRegistry} bean (Spring Boot
 * Actuator makes one), each policy of {@code backoff.policies.*} gets {@code backoff.calls},
 * {@code backoff.attempts}, {@code backoff.retry.delay} and, with a budget, {@code backoff.budget.*}, tagged
 * {@code name} = the policy's name ({@link BackoffMetricsCustomizer}). A {@link BackoffMetricsCustomizer} bean of the
 * application's own replaces the starter's.
 *
 * <pre>{@code
 * // pom.xml: io.github.backoff:backoff-micrometer next to the starter, and Actuator (or any MeterRegistry bean)
 * // then, for backoff.policies.payments.*: backoff_calls_total{name="payments",outcome="success",reason="none"}
 * }</pre>
 *
 * <p>Runs after Spring Boot's metrics auto-configuration (3.x and 4.x names), so that its registry is seen.
 * Stateless.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass(name = {"io.micrometer.core.instrument.MeterRegistry",
    "io.github.backoff.micrometer.BackoffMetrics"})
public final class BackoffMetricsAutoConfiguration {
  /** Created by Spring. */
  public BackoffMetricsAutoConfiguration() {}

  /**
   * Binds every named policy's metrics to the application's registry.
   *
   * @param registry the application's registry (Spring Boot's composite one, if there are several)
   * @return the customizer the {@link Retriers} bean applies to each policy
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(MeterRegistry.class)
  public BackoffMetricsCustomizer backoffMetricsCustomizer(MeterRegistry registry) {
    return new BackoffMetricsCustomizer(registry);
  }
}
