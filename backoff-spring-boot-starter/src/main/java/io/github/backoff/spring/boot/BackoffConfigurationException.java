package io.github.backoff.spring.boot;

import java.util.Objects;

/**
 * A {@code backoff.*} property, or a {@link Retry @Retry} annotation, that cannot be used: thrown while the
 * application starts, and turned by {@link BackoffFailureAnalyzer} into Spring Boot's start-up failure report with
 * the key, the value and what is allowed.
 *
 * <pre>{@code
 * throw new BackoffConfigurationException("backoff.policies.orders.max-attempts", "0", "an integer >= 1", null);
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class BackoffConfigurationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String property;
  private final String value;
  private final String allowed;
  private final String reason;

  /**
   * An invalid {@code value} of {@code property}; {@code allowed} says what would be accepted.
   *
   * @throws NullPointerException if {@code property} or {@code allowed} is null
   */
  public BackoffConfigurationException(String property, String value, String allowed, Throwable cause) {
    this(property, value, allowed, null, cause);
  }

  /** As the public constructor, with the reason in the user's words (keys as in application.properties). */
  BackoffConfigurationException(String property, String value, String allowed, String reason, Throwable cause) {
    super("Invalid value '" + value + "' for " + Objects.requireNonNull(property, "property") + ": "
        + Objects.requireNonNull(allowed, "allowed"), cause);
    this.property = property;
    this.value = value;
    this.allowed = allowed;
    this.reason = reason != null ? reason : cause != null ? cause.getMessage() : null;
  }

  /** The property key (e.g. {@code backoff.policies.orders.strategy}) or the annotated method. */
  public String property() {
    return property;
  }

  /** The value that was given, as text. */
  public String value() {
    return value;
  }

  /** Why the value was rejected, if a check of the core said so; else null. */
  String reason() {
    return reason;
  }

  /** What is allowed instead. */
  public String allowed() {
    return allowed;
  }
}
