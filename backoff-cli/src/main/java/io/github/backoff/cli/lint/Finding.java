package io.github.backoff.cli.lint;

/**
 * One thing a linter found: the field it is about (a path such as {@code methodConfig[0].retryPolicy.maxAttempts}),
 * what is wrong, and whether it is a problem (exit code 1) or a note that holds for some versions only.
 *
 * @param field the path of the field, or {@code (root)}
 * @param message what is wrong and what the client does with it
 * @param note whether it is a note rather than a problem
 */
public record Finding(String field, String message, boolean note) {
  /** The one line {@code backoff lint} prints: {@code field: message}, a note's prefixed {@code note: }. */
  public String line() {
    return (note ? "note: " : "") + field + ": " + message;
  }
}
