package io.github.backoff.spring.boot;

import io.github.backoff.spring.web.RetryingRequestInterceptor;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.core.Ordered;
import org.springframework.web.client.RestClient;

/**
 * Puts one {@link RetryingRequestInterceptor}, built on a named policy, first in the interceptors of every
 * {@code RestClient.Builder} Spring Boot creates: the retry is the outermost interceptor, so the others (the
 * application's authentication, logging) run again on every attempt. {@link BackoffHttpClientsAutoConfiguration}
 * registers one for {@code backoff.http.restclient.policy}; a bean of this type of the application's own replaces it.
 *
 * <pre>{@code
 * @Bean
 * BackoffRestClientCustomizer backoffRestClientCustomizer(Retriers retriers) {   // e.g. other HTTP options
 *   return new BackoffRestClientCustomizer("payments",
 *       RetryingRequestInterceptor.builder(retriers.policy("payments")).withRetryableStatuses(503).build());
 * }
 * }</pre>
 *
 * <p>The one interceptor is shared by every builder, and so is its budget. It runs last among the customizers
 * ({@link Ordered#LOWEST_PRECEDENCE}), so that an interceptor another customizer adds still runs inside the retry.
 * Immutable and thread-safe.
 */
public final class BackoffRestClientCustomizer extends HttpClientCustomizer<RetryingRequestInterceptor>
    implements RestClientCustomizer {

  /**
   * A customizer that adds {@code interceptor}.
   *
   * @param policyName the name of the policy under {@code backoff.policies} the interceptor was built on
   * @param interceptor the interceptor added to every builder
   * @throws NullPointerException if an argument is null
   */
  public BackoffRestClientCustomizer(String policyName, RetryingRequestInterceptor interceptor) {
    super(policyName, interceptor, "interceptor");
  }

  @Override
  public void customize(RestClient.Builder builder) {
    builder.requestInterceptors(interceptors -> {
      if (!interceptors.contains(retry)) {
        interceptors.add(0, retry);
      }
    });
  }

  /**
   * The interceptor added to every builder, to add to a {@code RestClient} built without Spring Boot's builder.
   *
   * @return the interceptor
   */
  public RetryingRequestInterceptor interceptor() {
    return retry;
  }
}
