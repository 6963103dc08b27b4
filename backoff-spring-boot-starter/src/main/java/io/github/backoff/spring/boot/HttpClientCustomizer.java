package io.github.backoff.spring.boot;

import java.util.Objects;
import org.springframework.core.Ordered;

/**
 * What the starter's HTTP client customizers share: one retry (an interceptor or a filter) built on a named policy,
 * added first to every client or builder Spring Boot makes, so the retry is outermost and the others run again on
 * every attempt. The one retry is shared by every client, and so is its budget. Each customizer runs last among the
 * customizers ({@link Ordered#LOWEST_PRECEDENCE}), so that an interceptor or filter another customizer adds still
 * runs inside the retry. The subclasses add the client's own {@code customize} and name the retry's accessor after
 * what it is.
 *
 * <pre>{@code
 * BackoffRestClientCustomizer customizer = new BackoffRestClientCustomizer("payments", interceptor);
 * customizer.policyName();   // "payments"
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param <R> the retry's type: {@code RetryingRequestInterceptor} or {@code RetryingExchangeFilter}
 */
abstract sealed class HttpClientCustomizer<R> implements Ordered
    permits BackoffRestClientCustomizer, BackoffRestTemplateCustomizer, BackoffWebClientCustomizer {
  private final String policyName;
  /** The retry added to every client or builder. */
  final R retry;

  /**
   * @param retryParameter the retry's parameter name in the subclass' constructor, for the null check's message
   * @throws NullPointerException if {@code policyName} or {@code retry} is null
   */
  HttpClientCustomizer(String policyName, R retry, String retryParameter) {
    this.policyName = Objects.requireNonNull(policyName, "policyName");
    this.retry = Objects.requireNonNull(retry, retryParameter);
  }

  /**
   * The name of the policy the retry was built on: its metrics and {@code /actuator/retries} counts include these
   * calls.
   *
   * @return the policy's name
   */
  public final String policyName() {
    return policyName;
  }

  @Override
  public final int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }

  @Override
  public final String toString() {
    return getClass().getSimpleName() + "[" + policyName + "]";
  }
}
