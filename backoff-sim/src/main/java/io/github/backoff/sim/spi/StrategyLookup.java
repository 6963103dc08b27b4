package io.github.backoff.sim.spi;

import io.github.backoff.strategy.Backoff;

/**
 * Finds a strategy by name beyond the five study strategies every model knows (a preset, another core strategy),
 * given the study's base and cap in milliseconds of core delay; the command line supplies one, so every model
 * accepts the same strategy names.
 *
 * <p>Implementations are stateless and thread-safe.
 *
 * <pre>{@code
 * StrategyLookup presets = (name, base, cap) ->
 *     Preset.names().contains(name) ? Preset.byName(name).backoff() : null;
 * }</pre>
 */
@FunctionalInterface
public interface StrategyLookup {
  /** Knows no strategy beyond the study's. */
  StrategyLookup NONE = (name, base, cap) -> null;

  /** The strategy named {@code name}, or {@code null} if unknown (the model then reports the name as unknown). */
  Backoff find(String name, double baseMillis, double capMillis);
}
