package io.github.backoff.spring.boot;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * Backoff's auto-configuration: the {@link Retriers} bean built from the {@code backoff.*} properties (validated at
 * start-up), the {@link Retry @Retry} advice, and {@code Mono}/{@code Flux} support when Reactor and backoff-reactor
 * are on the class path. A {@link Retriers} bean of the application's own replaces the starter's.
 *
 * <pre>{@code
 * // nothing to enable: add the starter, define backoff.policies.NAME.*, annotate
 * @Retry("payments") Receipt pay(Order order) { ... }
 * }</pre>
 *
 * <p>Listed in {@code META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports}; never
 * reached by component scanning. Stateless.
 */
@AutoConfiguration
@EnableConfigurationProperties(BackoffProperties.class)
public final class BackoffAutoConfiguration {
  /** Created by Spring. */
  public BackoffAutoConfiguration() {}

  /** Every policy and budget of {@code properties}, with each customizer applied. */
  @Bean
  @ConditionalOnMissingBean
  public Retriers backoffRetriers(BackoffProperties properties, ObjectProvider<BackoffPolicyCustomizer> customizers,
      ApplicationContext context) {
    return Retriers.of(properties, customizers.orderedStream().toList(), context.getClassLoader(),
        key -> written(context.getEnvironment(), key));
  }

  /** The value of {@code key} as the configuration spells it ({@code 1s}, not {@code PT1S}), or null. */
  private static String written(Environment environment, String key) {
    if (!ConfigurationPropertyName.isValid(key)) {
      return null;
    }
    ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
    for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
      ConfigurationProperty property = source.getConfigurationProperty(name);
      if (property != null && property.getValue() != null) {
        return property.getValue().toString();
      }
    }
    return null;
  }

  /**
   * Reads the {@code backoff.*} durations in the core's one grammar (a bare number is refused); static, as a
   * binding converter must be, since properties are bound before this configuration is.
   */
  @Bean
  @ConfigurationPropertiesBinding
  static DurationPropertyConverter backoffDurationPropertyConverter() {
    return new DurationPropertyConverter();
  }

  /** Refuses a {@code backoff.*} duration not in the one grammar that Spring Boot's own reading would accept. */
  @Bean
  static DurationPropertyCheck backoffDurationPropertyCheck() {
    return new DurationPropertyCheck();
  }

  /** The {@link Retry @Retry} advice: static, as a post-processor must be, and resolving its beans lazily. */
  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static RetryAnnotationPostProcessor backoffRetryAnnotationPostProcessor(ObjectProvider<Retriers> retriers,
      ObjectProvider<ReactorRetries> reactor) {
    return new RetryAnnotationPostProcessor(
        new RetryAnnotationInterceptor(retriers::getObject, reactor::getIfAvailable));
  }

  /** {@code Mono} and {@code Flux} under {@link Retry @Retry}, through backoff-reactor. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"reactor.core.publisher.Mono", "io.github.backoff.reactor.BackoffRetry"})
  static class ReactorConfiguration {
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static ReactorRetries backoffReactorRetries() {
      return new ReactorRetries();
    }
  }
}
