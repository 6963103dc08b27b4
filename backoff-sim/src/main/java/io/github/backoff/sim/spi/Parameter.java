package io.github.backoff.sim.spi;

import java.util.Objects;

/**
 * An option a model takes beyond the common ones (runs, seed, threads, strategies, base, cap, out): the
 * command lines ({@code backoff simulate}, {@code SimulationMain}) offer every registered model's parameters as
 * {@code --name VALUE} options (a {@link Kind#FLAG} takes no value) and hand them over in {@link Settings}, so a
 * new model's options need no change to either.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Parameter load = new Parameter("load", "F", "hedging: offered load as a fraction of capacity. Default 0.5.",
 *     Parameter.Kind.NUMBER);
 * }</pre>
 *
 * @param name the option's name without dashes: lower-case words joined by {@code -}
 * @param label the value's placeholder in help ({@code N}, {@code T}, {@code LIST}); ignored for a flag
 * @param description one help line, with the default
 * @param kind how the command line reads the value
 */
public record Parameter(String name, String label, String description, Kind kind) {

  /** How a command line reads the value before the model sees it as text. */
  public enum Kind {
    /** Any text, such as a list. */
    TEXT,
    /** A whole number. */
    INTEGER,
    /** A number. */
    NUMBER,
    /** A time the model reads in seconds, written as a duration in the core's one grammar ({@code 500ms}). */
    SECONDS,
    /** A time the model reads in milliseconds of core delay, written as a duration ({@code 25ms}). */
    MILLIS,
    /** A share, written as a percentage in the core's one grammar ({@code 50%}); the model reads a fraction. */
    PERCENT,
    /** An option without a value: present means {@code true}. */
    FLAG
  }

  /**
   * Checks the fields.
   *
   * @throws IllegalArgumentException if the name is not lower-case words joined by {@code -}
   */
  public Parameter {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(kind, "kind");
    if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
      throw new IllegalArgumentException("parameter name must be lower-case words joined by '-': '" + name + "'");
    }
  }
}
