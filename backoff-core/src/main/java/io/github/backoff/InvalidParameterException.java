package io.github.backoff;

/**
 * A parameter given to a Backoff factory or builder is invalid: an {@link IllegalArgumentException} that also says
 * which parameter it was ({@link #parameter()}, as the method's Javadoc names it, e.g. {@code maxAttempts} or
 * {@code truncate-after}) and the value given ({@link #value()}), so a host that reads configuration (a Spring Boot
 * starter, a command line) can point at the user's own key without reading the message. The message is the same
 * as before this type existed, e.g. {@code "maxAttempts must be >= 1: 0"}.
 *
 * <pre>{@code
 * try {
 *   RetryPolicy.builder().withMaxAttempts(attempts);
 * } catch (InvalidParameterException e) {
 *   System.err.println("bad " + e.parameter() + " (" + e.value() + "): " + e.getMessage());
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe (the value is the caller's object, not copied).
 */
public final class InvalidParameterException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String parameter;
  private final transient Object value;

  /**
   * An invalid {@code value} of {@code parameter}, described by {@code message}.
   *
   * @throws NullPointerException if {@code parameter} is null
   */
  public InvalidParameterException(String parameter, Object value, String message) {
    super(message);
    if (parameter == null) {
      throw new NullPointerException("parameter");
    }
    this.parameter = parameter;
    this.value = value;
  }

  /** The parameter's name, as the factory or builder method's documentation spells it. */
  public String parameter() {
    return parameter;
  }

  /** The value that was given (a {@code Duration}, a number, a name), or {@code null}. */
  public Object value() {
    return value;
  }
}
