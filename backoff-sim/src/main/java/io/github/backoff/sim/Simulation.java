package io.github.backoff.sim;

import io.github.backoff.sim.run.Runner;
import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Reporter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * The one pipeline of every model, as the command lines use it: options → {@link Study} (the model) →
 * {@link Results} ({@code Runner}) → summary and files (the study's {@link io.github.backoff.sim.spi.Reporter}).
 *
 * <p>Stateless and thread-safe.
 *
 * <pre>{@code
 * Study study = Simulation.study(ModelRegistry.defaults(), "occ",
 *     Settings.of(Map.of("clients", "10..50:10", "out", "sim-out")), StrategyLookup.NONE);
 * Simulation.Outcome outcome = Simulation.run(study, ProgressListener.NONE);
 * System.out.print(outcome.summary());
 * }</pre>
 */
public final class Simulation {
  private Simulation() {}

  /**
   * The study of {@code model} for {@code settings}.
   *
   * @throws IllegalArgumentException if the model is unknown, an option belongs to other models only
   *     ({@code "rate: applies to --model overload only"}) or to none, or the model rejects a value
   */
  public static Study study(ModelRegistry registry, String model, Settings settings, StrategyLookup strategies) {
    Objects.requireNonNull(settings, "settings");
    Model m = registry.get(model);
    for (String name : settings.asMap().keySet()) {
      if (Settings.COMMON.contains(name) || m.parameters().stream().anyMatch(p -> p.name().equals(name))) {
        continue;
      }
      List<String> takers = registry.modelsTaking(name);
      if (takers.isEmpty()) {
        throw new IllegalArgumentException(name + ": unknown option");
      }
      throw new IllegalArgumentException(name + ": applies to --model " + String.join(" or ", takers) + " only");
    }
    return m.study(settings, Objects.requireNonNull(strategies, "strategies"));
  }

  /**
   * Runs {@code study} and returns what it measured, writing nothing.
   *
   * @throws NullPointerException if an argument is null
   * @throws CancellationException if the calling thread is interrupted
   */
  public static Results measure(Study study, ProgressListener progress) {
    return Runner.run(Objects.requireNonNull(study, "study"), Objects.requireNonNull(progress, "progress"));
  }

  /**
   * Runs {@code study} and writes its reports into {@code study.out()}.
   *
   * @throws IOException if a report cannot be written
   * @throws CancellationException if the calling thread is interrupted
   */
  public static Outcome run(Study study, ProgressListener progress) throws IOException {
    study.reporter().prepareInBackground();
    Results results = measure(study, progress);
    study.reporter().write(results, study.out());
    List<Path> files = study.reporter().files(results).stream().map(study.out()::resolve).toList();
    return new Outcome(results, study.reporter().summary(results), files);
  }

  /**
   * What a run produced.
   *
   * @param results what was measured
   * @param summary the terminal summary
   * @param files the report files written
   */
  public record Outcome(Results results, String summary, List<Path> files) {
    /** Copies {@code files}. */
    public Outcome {
      Objects.requireNonNull(results, "results");
      Objects.requireNonNull(summary, "summary");
      files = List.copyOf(files);
    }
  }
}
