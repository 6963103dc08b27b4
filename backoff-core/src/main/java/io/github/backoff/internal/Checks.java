package io.github.backoff.internal;

import io.github.backoff.InvalidParameterException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;

/**
 * Precondition checks with formatted messages that name the parameter and the value.
 *
 * <p>{@link NullPointerException} for nulls, {@link IllegalArgumentException} for bad values and
 * {@link IllegalStateException} for conflicting options. A bad value of a named parameter is an
 * {@link InvalidParameterException} ({@link #requireParameter}, {@link #atLeast}, {@link #nonNegativeNanos},
 * {@link #positiveNanos}), so that hosts map it to their own key without reading the message. Not part of the API.
 */
public final class Checks {
  private Checks() {}

  public static <T> T requireNonNull(T value, String name) {
    return Objects.requireNonNull(value, name);
  }

  /** Throws {@link IllegalArgumentException} with {@code String.format(template, args)} unless {@code condition}. */
  public static void requireArgument(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(template, args));
    }
  }

  /**
   * Throws {@link InvalidParameterException} for {@code parameter} and {@code value}, with
   * {@code String.format(template, args)}, unless {@code condition}.
   */
  public static void requireParameter(boolean condition, String parameter, Object value, String template,
      Object... args) {
    if (!condition) {
      throw new InvalidParameterException(parameter, value, String.format(template, args));
    }
  }

  /** Throws {@link IllegalStateException} with {@code String.format(template, args)} unless {@code condition}. */
  public static void requireState(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalStateException(String.format(template, args));
    }
  }

  /** Returns {@code value} in nanoseconds, saturated, after checking it is non-null and not negative. */
  public static long nonNegativeNanos(Duration value, String name) {
    requireNonNull(value, name);
    requireParameter(!value.isNegative(), name, value, "%s must not be negative: %s", name, Durations.format(value));
    return Durations.toNanosSaturated(value);
  }

  /** Returns {@code value} in nanoseconds, saturated, after checking it is non-null and strictly positive. */
  public static long positiveNanos(Duration value, String name) {
    requireNonNull(value, name);
    requireParameter(!value.isNegative() && !value.isZero(), name, value, "%s must be positive: %s", name,
        Durations.format(value));
    return Durations.toNanosSaturated(value);
  }

  /**
   * Returns {@code executor} after checking it is non-null and, if it is an {@link ExecutorService}, not shut down
   * (it would refuse every task).
   */
  public static <E extends Executor> E usableExecutor(E executor, String name) {
    requireNonNull(executor, name);
    requireParameter(!(executor instanceof ExecutorService) || !((ExecutorService) executor).isShutdown(), name,
        executor, "%s must not be shut down: %s", name, executor);
    return executor;
  }

  public static int atLeast(int value, int min, String name) {
    requireParameter(value >= min, name, value, "%s must be >= %d: %d", name, min, value);
    return value;
  }
}
