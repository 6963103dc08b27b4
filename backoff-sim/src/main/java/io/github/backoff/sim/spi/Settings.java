package io.github.backoff.sim.spi;

import io.github.backoff.DurationSpec;
import io.github.backoff.PercentSpec;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The options given for one simulation, by parameter name (without dashes), as text: the common ones
 * ({@link #COMMON}) and the model's own {@link Parameter}s. A model reads them with the typed getters, which
 * throw an {@link IllegalArgumentException} whose message starts with the parameter's name, so a command line can
 * print it as is. An absent option means "the model's default".
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Settings settings = Settings.of(Map.of("clients", "10..50:10", "runs", "20"));
 * int runs = settings.integer("runs").orElse(100);
 * }</pre>
 */
public final class Settings {
  /** The options every model takes. */
  public static final java.util.List<String> COMMON =
      java.util.List.of("strategies", "runs", "seed", "threads", "base", "cap", "out");

  private final Map<String, String> values;
  private final Map<String, String> given;

  private Settings(Map<String, String> values) {
    this(values, Map.of());
  }

  private Settings(Map<String, String> values, Map<String, String> given) {
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
  }

  /** No options: every setting at the model's default. */
  public static Settings none() {
    return new Settings(Map.of());
  }

  /** The given options (copied); a flag's value is {@code "true"}. */
  public static Settings of(Map<String, String> values) {
    values.forEach((k, v) -> {
      Objects.requireNonNull(k, "name");
      Objects.requireNonNull(v, k);
    });
    return new Settings(values);
  }

  /** These settings plus {@code name = value}. */
  public Settings with(String name, String value) {
    Map<String, String> copy = new LinkedHashMap<>(values);
    copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(value, name));
    return new Settings(copy, given);
  }

  /**
   * These settings, remembering that the user wrote option {@code name} as {@code text} (say {@code 10ms}, which a
   * command line hands over as the value {@code 10}), so reports can show it as given.
   */
  public Settings withGiven(String name, String text) {
    Map<String, String> copy = new LinkedHashMap<>(given);
    copy.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(text, name));
    return new Settings(values, copy);
  }

  /** The option as the user wrote it, if a command line said so ({@link #withGiven}), else its value; null if absent. */
  public String given(String name) {
    return given.getOrDefault(name, values.get(name));
  }

  /** The options given, by name, in the order given. */
  public Map<String, String> asMap() {
    return values;
  }

  /** Whether the option was given. */
  public boolean has(String name) {
    return values.containsKey(name);
  }

  /** The option as text. */
  public Optional<String> text(String name) {
    return Optional.ofNullable(values.get(name));
  }

  /**
   * The option as a whole number.
   *
   * @throws IllegalArgumentException {@code "NAME: not a whole number: 'VALUE'"}
   */
  public Optional<Integer> integer(String name) {
    return parsed(name, "not a whole number", Integer::parseInt);
  }

  /**
   * The option as a {@code long}.
   *
   * @throws IllegalArgumentException {@code "NAME: not a whole number: 'VALUE'"}
   */
  public Optional<Long> longValue(String name) {
    return parsed(name, "not a whole number", Long::parseLong);
  }

  /**
   * The option as a number.
   *
   * @throws IllegalArgumentException {@code "NAME: not a number: 'VALUE'"}
   */
  public Optional<Double> number(String name) {
    return parsed(name, "not a number", Double::parseDouble);
  }

  /**
   * The option as a duration in the core's one grammar ({@link DurationSpec}: {@code 500ms}, {@code 1.5s},
   * {@code 1m30s}, {@code PT20S}; a bare number other than 0 is refused), in seconds.
   *
   * @throws IllegalArgumentException {@code "NAME: "} and the grammar's message
   */
  public Optional<Double> seconds(String name) {
    return duration(name).map(d -> d.toNanos() / 1e9);
  }

  /**
   * The option as a duration in the core's one grammar, in milliseconds (the unit of {@code base} and {@code cap}).
   *
   * @throws IllegalArgumentException {@code "NAME: "} and the grammar's message
   */
  public Optional<Double> millis(String name) {
    return duration(name).map(d -> d.toNanos() / 1e6);
  }

  private Optional<Duration> duration(String name) {
    return text(name).map(v -> {
      try {
        return DurationSpec.parse(v);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
      }
    });
  }

  /**
   * The option as a share in the core's one grammar ({@link PercentSpec}: {@code 50%}), as a fraction.
   *
   * @throws IllegalArgumentException {@code "NAME: "} and the grammar's message
   */
  public Optional<Double> percent(String name) {
    return text(name).map(v -> {
      try {
        return PercentSpec.parse(v);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
      }
    });
  }

  /** The option parsed from its trimmed text; {@code "NAME: PROBLEM: 'VALUE'"} if it does not parse. */
  private <T> Optional<T> parsed(String name, String problem, Function<String, T> parse) {
    return text(name).map(v -> {
      try {
        return parse.apply(v.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(name + ": " + problem + ": '" + v + "'");
      }
    });
  }

  /** Whether the flag was given (and not as {@code false}). */
  public boolean flag(String name) {
    return text(name).map(v -> !v.equalsIgnoreCase("false")).orElse(false);
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
