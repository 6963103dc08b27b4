package io.github.backoff.spring.boot;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code /actuator/retries} endpoint ({@link RetriesEndpoint}), when Spring Boot Actuator is on the class path
 * and the endpoint is available (enabled and exposed).
 *
 * <pre>{@code
 * management.endpoints.web.exposure.include=health,retries
 * }</pre>
 *
 * <p>Stateless.
 */
@AutoConfiguration(after = BackoffAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
public final class BackoffEndpointAutoConfiguration {
  /** Created by Spring. */
  public BackoffEndpointAutoConfiguration() {}

  /** The endpoint over the application's {@link Retriers}. */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBean(Retriers.class)
  @ConditionalOnAvailableEndpoint(RetriesEndpoint.class)
  public RetriesEndpoint retriesEndpoint(Retriers retriers) {
    return new RetriesEndpoint(retriers);
  }
}
