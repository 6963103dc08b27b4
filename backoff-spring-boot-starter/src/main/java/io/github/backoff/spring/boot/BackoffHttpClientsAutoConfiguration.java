package io.github.backoff.spring.boot;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOptionsBuilder;
import io.github.backoff.spring.web.RetryingExchangeFilter;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Retries for the HTTP clients Spring Boot builds, each under a named policy of {@code backoff.policies}: with
 * backoff-spring-web on the class path, {@code backoff.http.restclient.policy} puts a
 * {@link RetryingRequestInterceptor} on every {@code RestClient.Builder} ({@link BackoffRestClientCustomizer}),
 * {@code backoff.http.resttemplate.policy} on every {@code RestTemplate} a {@code RestTemplateBuilder} builds
 * ({@link BackoffRestTemplateCustomizer}), and {@code backoff.http.webclient.policy} a {@link RetryingExchangeFilter}
 * on every {@code WebClient.Builder} ({@link BackoffWebClientCustomizer}), through Spring Boot's own customizers: the
 * application's builders are customized, never replaced. The HTTP options ({@code backoff.http.retryable-statuses},
 * {@code max-retry-after}, {@code retry-after-millis-header}, {@code retryable-methods}, {@code default-budget}) are
 * shared by the three.
 *
 * <pre>{@code
 * backoff.policies.remote.strategy=full-jitter
 * backoff.policies.remote.max-attempts=4
 * backoff.http.restclient.policy=remote
 * backoff.http.webclient.policy=remote
 * }</pre>
 *
 * <p>The policy is the {@link Retriers} bean's, so its listeners (the counts of {@code /actuator/retries}, the
 * Micrometer metrics tagged with its name) see these calls too. An unset key adds nothing; a name that is not a
 * policy, or a bad option, stops the start-up with the key, the value and what is allowed
 * ({@link BackoffFailureAnalyzer}). A customizer bean of the application's own, of the same type, replaces the
 * starter's. Stateless.
 */
@AutoConfiguration(after = BackoffAutoConfiguration.class)
@ConditionalOnClass(name = "io.github.backoff.spring.web.RetryingRequestInterceptor")
@ConditionalOnBean(Retriers.class)
public final class BackoffHttpClientsAutoConfiguration {
  static final String PREFIX = "backoff.http";

  /** Created by Spring. */
  public BackoffHttpClientsAutoConfiguration() {}

  /** {@code RestClient}, with Spring Boot's {@code spring-boot-restclient}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"org.springframework.web.client.RestClient",
      "org.springframework.boot.restclient.RestClientCustomizer"})
  @ConditionalOnProperty(prefix = PREFIX + ".restclient", name = "policy")
  static class RestClientConfiguration {
    @Bean
    @ConditionalOnMissingBean
    BackoffRestClientCustomizer backoffRestClientCustomizer(Retriers retriers, BackoffProperties properties) {
      String name = properties.getHttp().getRestclient().getPolicy();
      return new BackoffRestClientCustomizer(name, RetryingRequestInterceptor.of(
          policy(retriers, PREFIX + ".restclient.policy", name), options(properties.getHttp())));
    }
  }

  /** {@code RestTemplate}, with Spring Boot's {@code spring-boot-restclient}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"org.springframework.web.client.RestTemplate",
      "org.springframework.boot.restclient.RestTemplateCustomizer"})
  @ConditionalOnProperty(prefix = PREFIX + ".resttemplate", name = "policy")
  static class RestTemplateConfiguration {
    @Bean
    @ConditionalOnMissingBean
    BackoffRestTemplateCustomizer backoffRestTemplateCustomizer(Retriers retriers, BackoffProperties properties) {
      String name = properties.getHttp().getResttemplate().getPolicy();
      return new BackoffRestTemplateCustomizer(name, RetryingRequestInterceptor.of(
          policy(retriers, PREFIX + ".resttemplate.policy", name), options(properties.getHttp())));
    }
  }

  /** {@code WebClient}, with Spring WebFlux and Spring Boot's {@code spring-boot-webclient}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"org.springframework.web.reactive.function.client.WebClient",
      "org.springframework.boot.webclient.WebClientCustomizer", "reactor.core.publisher.Mono"})
  @ConditionalOnProperty(prefix = PREFIX + ".webclient", name = "policy")
  static class WebClientConfiguration {
    @Bean
    @ConditionalOnMissingBean
    BackoffWebClientCustomizer backoffWebClientCustomizer(Retriers retriers, BackoffProperties properties) {
      String name = properties.getHttp().getWebclient().getPolicy();
      return new BackoffWebClientCustomizer(name, RetryingExchangeFilter.of(
          policy(retriers, PREFIX + ".webclient.policy", name), options(properties.getHttp())));
    }
  }

  /** The named policy, or a start-up failure naming {@code key} and the policies there are. */
  static RetryPolicy<Object> policy(Retriers retriers, String key, String name) {
    return retriers.policyFor(key, name);
  }

  /** The options of {@code http}, each checked by the core and a failure named by its key. */
  static HttpRetryOptions options(BackoffProperties.Http http) {
    HttpRetryOptionsBuilder b = HttpRetryOptions.builder();
    List<Integer> statuses = http.getRetryableStatuses();
    if (statuses != null) {
      set("retryable-statuses", String.join(",", statuses.stream().map(String::valueOf).toList()),
          () -> b.withRetryableStatuses(statuses.stream().mapToInt(Integer::intValue).toArray()));
    }
    List<String> methods = http.getRetryableMethods();
    if (methods != null) {
      set("retryable-methods", String.join(",", methods),
          () -> b.withRetryableMethods(methods.toArray(String[]::new)));
    }
    if (http.getMaxRetryAfter() != null) {
      set("max-retry-after", String.valueOf(http.getMaxRetryAfter()),
          () -> b.withMaxRetryAfter(http.getMaxRetryAfter()));
    }
    if (http.getRetryAfterMillisHeader() != null) {
      set("retry-after-millis-header", http.getRetryAfterMillisHeader(),
          () -> b.withRetryAfterMillisHeader(http.getRetryAfterMillisHeader()));
    }
    if (!http.isDefaultBudget()) {
      b.withoutBudget();
    }
    return b.build();
  }

  private static void set(String key, String value, Runnable setter) {
    try {
      setter.run();
    } catch (IllegalArgumentException e) {
      throw new BackoffConfigurationException(PREFIX + "." + key, value, "a valid value (" + e.getMessage() + ")",
          e.getMessage(), e);
    }
  }
}
