package io.github.backoff.spring.boot;

import io.github.backoff.spring.web.RetryingRequestInterceptor;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.core.Ordered;
import org.springframework.web.client.RestTemplate;

/**
 * Puts one {@link RetryingRequestInterceptor}, built on a named policy, first in the interceptors of every
 * {@code RestTemplate} a Spring Boot {@code RestTemplateBuilder} builds: the retry is the outermost interceptor, so
 * the others run again on every attempt. {@link BackoffHttpClientsAutoConfiguration} registers one for
 * {@code backoff.http.resttemplate.policy}; a bean of this type of the application's own replaces it.
 *
 * <pre>{@code
 * @Bean
 * RestTemplate payments(RestTemplateBuilder builder) {   // retried under backoff.http.resttemplate.policy
 *   return builder.rootUri("https://payments.example").build();
 * }
 * }</pre>
 *
 * <p>The one interceptor is shared by every template, and so is its budget. It runs last among the customizers
 * ({@link Ordered#LOWEST_PRECEDENCE}). Immutable and thread-safe.
 */
public final class BackoffRestTemplateCustomizer extends HttpClientCustomizer<RetryingRequestInterceptor>
    implements RestTemplateCustomizer {

  /**
   * A customizer that adds {@code interceptor}.
   *
   * @param policyName the name of the policy under {@code backoff.policies} the interceptor was built on
   * @param interceptor the interceptor added to every template
   * @throws NullPointerException if an argument is null
   */
  public BackoffRestTemplateCustomizer(String policyName, RetryingRequestInterceptor interceptor) {
    super(policyName, interceptor, "interceptor");
  }

  @Override
  public void customize(RestTemplate restTemplate) {
    // The live list, changed in place: setInterceptors would re-sort it by order and could move the retry inward.
    if (!restTemplate.getInterceptors().contains(retry)) {
      restTemplate.getInterceptors().add(0, retry);
    }
  }

  /**
   * The interceptor added to every template.
   *
   * @return the interceptor
   */
  public RetryingRequestInterceptor interceptor() {
    return retry;
  }
}
