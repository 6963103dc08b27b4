package io.github.backoff.sim.spi;

import java.util.List;

/**
 * A simulation model as the command lines, the runner and the report layer see it: a name, its own
 * {@link Parameter}s, and a {@link Study} built from {@link Settings}. Register it by name
 * ({@code ModelRegistry.defaults().with(model)}); nothing else needs to know about it.
 *
 * <p>Implementations are immutable and thread-safe.
 *
 * <pre>{@code
 * Model model = registry.get("occ");
 * Study study = model.study(Settings.of(Map.of("clients", "10..50:10")), StrategyLookup.NONE);
 * }</pre>
 */
public interface Model {
  /** The name used by {@code --model} and in reports. */
  String name();

  /** One line for help. */
  String description();

  /** The model's own options, beyond {@link Settings#COMMON}. */
  List<Parameter> parameters();

  /**
   * A study from the given options; absent options take the model's defaults.
   *
   * @throws IllegalArgumentException with a message starting with the parameter's name if an option is invalid
   */
  Study study(Settings settings, StrategyLookup strategies);
}
