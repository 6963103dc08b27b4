package io.github.backoff.spring.boot;

import io.github.backoff.spring.web.RetryingRequestInterceptor;
import java.util.Objects;
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
public final class BackoffRestClientCustomizer implements RestClientCustomizer, Ordered {
  private final String policyName;
  private final RetryingRequestInterceptor interceptor;

  /**
   * A customizer that adds {@code interceptor}.
   *
   * @param policyName the name of the policy under {@code backoff.policies} the interceptor was built on
   * @param interceptor the interceptor added to every builder
   * @throws NullPointerException if an argument is null
   */
  public BackoffRestClientCustomizer(String policyName, RetryingRequestInterceptor interceptor) {
    this.policyName = Objects.requireNonNull(policyName, "policyName");
    this.interceptor = Objects.requireNonNull(interceptor, "interceptor");
  }

  @Override
  public void customize(RestClient.Builder builder) {
    builder.requestInterceptors(interceptors -> {
      if (!interceptors.contains(interceptor)) {
        interceptors.add(0, interceptor);
      }
    });
  }

  /**
   * The name of the policy the interceptor was built on: its metrics and {@code /actuator/retries} counts include
   * these calls.
   *
   * @return the policy's name
   */
  public String policyName() {
    return policyName;
  }

  /**
   * The interceptor added to every builder, to add to a {@code RestClient} built without Spring Boot's builder.
   *
   * @return the interceptor
   */
  public RetryingRequestInterceptor interceptor() {
    return interceptor;
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  @Override
  public String toString() {
    return "BackoffRestClientCustomizer[" + policyName + "]";
  }
}
