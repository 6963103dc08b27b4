package io.github.backoff.sim;

import io.github.backoff.NameSuggester;
import io.github.backoff.sim.hedging.HedgingSimModel;
import io.github.backoff.sim.overload.OverloadSimModel;
import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.sweep.SweepModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The models by name, as {@code --model} knows them: {@code occ}, {@code single-server}, {@code overload} and
 * {@code hedging}
 * ({@link #defaults()}), plus whatever is {@linkplain #with registered}. The command lines offer the options of
 * every registered model, so registering a model here is all it takes to run it from them.
 *
 * <p>Immutable and thread-safe: {@link #with} returns a new registry.
 *
 * <pre>{@code
 * ModelRegistry registry = ModelRegistry.defaults().with(new HedgingEngine());
 * Model model = registry.get("hedging");
 * }</pre>
 */
public final class ModelRegistry {
  private static final ModelRegistry DEFAULTS = new ModelRegistry(Map.of())
      .with(SweepModel.OCC).with(SweepModel.SINGLE_SERVER).with(OverloadSimModel.INSTANCE)
      .with(HedgingSimModel.INSTANCE);

  private final Map<String, Model> models;

  private ModelRegistry(Map<String, Model> models) {
    this.models = Collections.unmodifiableMap(new LinkedHashMap<>(models));
  }

  /** The built-in models: {@code occ}, {@code single-server}, {@code overload}, {@code hedging}. */
  public static ModelRegistry defaults() {
    return DEFAULTS;
  }

  /**
   * This registry plus {@code model} (replacing one of the same name).
   *
   * @throws IllegalArgumentException if a parameter of the model has a common option's name
   */
  public ModelRegistry with(Model model) {
    Objects.requireNonNull(model, "model");
    for (Parameter p : model.parameters()) {
      if (io.github.backoff.sim.spi.Settings.COMMON.contains(p.name()) || p.name().equals("model")) {
        throw new IllegalArgumentException("model " + model.name() + ": parameter '" + p.name()
            + "' is a common option");
      }
    }
    Map<String, Model> copy = new LinkedHashMap<>(models);
    copy.put(model.name(), model);
    return new ModelRegistry(copy);
  }

  /**
   * The model named {@code name} (case-insensitive, spaces around ignored).
   *
   * @throws IllegalArgumentException naming the value and the known models if there is none
   */
  public Model get(String name) {
    Model model = name == null ? null : models.get(name.trim().toLowerCase(Locale.ROOT));
    if (model == null) {
      throw new IllegalArgumentException("model: unknown model '" + name + "'"
          + NameSuggester.didYouMean(String.valueOf(name), models.keySet()) + " (known: "
          + String.join(", ", models.keySet()) + ")");
    }
    return model;
  }

  /** The models' names, in registration order. */
  public List<String> names() {
    return List.copyOf(models.keySet());
  }

  /** Every model's parameters, each name once (the first model to declare it describes it). */
  public List<Parameter> parameters() {
    Map<String, Parameter> all = new LinkedHashMap<>();
    for (Model m : models.values()) {
      for (Parameter p : m.parameters()) {
        all.putIfAbsent(p.name(), p);
      }
    }
    return List.copyOf(all.values());
  }

  /** The names of the models that take the parameter {@code name}. */
  public List<String> modelsTaking(String name) {
    List<String> out = new ArrayList<>();
    for (Model m : models.values()) {
      if (m.parameters().stream().anyMatch(p -> p.name().equals(name))) {
        out.add(m.name());
      }
    }
    return out;
  }
}
