package io.github.backoff.spring.boot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a {@link BackoffConfigurationException} that stopped the application in Spring Boot's own start-up
 * failure format (a description and an action), instead of a stack trace:
 * <pre>
 * Description:
 *
 * Invalid value 'fast' for property 'backoff.policies.orders.strategy'.
 *
 * Reason: unknown strategy or preset
 *
 * Action:
 *
 * Update your application's configuration: 'backoff.policies.orders.strategy' must be one of none, constant, ...
 * </pre>
 *
 * <p>Registered in {@code META-INF/spring.factories}; Spring Boot creates it. Stateless and thread-safe.
 *
 * <pre>{@code
 * FailureAnalysis analysis = new BackoffFailureAnalyzer().analyze(startupFailure);
 * }</pre>
 */
public final class BackoffFailureAnalyzer extends AbstractFailureAnalyzer<BackoffConfigurationException> {
  /** Created by Spring Boot through {@code spring.factories}. */
  public BackoffFailureAnalyzer() {}

  @Override
  protected FailureAnalysis analyze(Throwable rootFailure, BackoffConfigurationException cause) {
    String description = "Invalid value '" + cause.value() + "' for " + quoted(cause.property()) + ".";
    if (cause.reason() != null) {
      description += "\n\nReason: " + cause.reason();
    }
    String action = "Update your application's configuration: " + quoted(cause.property()) + " must be "
        + cause.allowed() + ".";
    return new FailureAnalysis(description, action, cause);
  }

  private static String quoted(String property) {
    return property.startsWith("backoff.") ? "property '" + property + "'" : property;
  }
}
