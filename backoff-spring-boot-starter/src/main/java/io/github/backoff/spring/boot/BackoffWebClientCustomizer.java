package io.github.backoff.spring.boot;

import io.github.backoff.spring.web.RetryingExchangeFilter;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.core.Ordered;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Puts one {@link RetryingExchangeFilter}, built on a named policy, first in the filters of every
 * {@code WebClient.Builder} Spring Boot creates: the retry is the outermost filter, so the others run again on every
 * attempt. {@link BackoffHttpClientsAutoConfiguration} registers one for {@code backoff.http.webclient.policy}; a
 * bean of this type of the application's own replaces it.
 *
 * <pre>{@code
 * @Bean
 * WebClient payments(WebClient.Builder builder) {   // retried under backoff.http.webclient.policy
 *   return builder.baseUrl("https://payments.example").build();
 * }
 * }</pre>
 *
 * <p>The one filter is shared by every builder, and so is its budget. It runs last among the customizers
 * ({@link Ordered#LOWEST_PRECEDENCE}). Immutable and thread-safe.
 */
public final class BackoffWebClientCustomizer extends HttpClientCustomizer<RetryingExchangeFilter>
    implements WebClientCustomizer {

  /**
   * A customizer that adds {@code filter}.
   *
   * @param policyName the name of the policy under {@code backoff.policies} the filter was built on
   * @param filter the filter added to every builder
   * @throws NullPointerException if an argument is null
   */
  public BackoffWebClientCustomizer(String policyName, RetryingExchangeFilter filter) {
    super(policyName, filter, "filter");
  }

  @Override
  public void customize(WebClient.Builder builder) {
    builder.filters(filters -> {
      if (!filters.contains(retry)) {
        filters.add(0, retry); // the first filter is the outermost
      }
    });
  }

  /**
   * The filter added to every builder.
   *
   * @return the filter
   */
  public RetryingExchangeFilter filter() {
    return retry;
  }
}
