package io.github.backoff.sim;

import io.github.backoff.sim.spi.Metric;
import io.github.backoff.sim.spi.Study;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A {@link Study} whose shared settings come from a {@link StudyConfig}: the model's name, its metrics, what its
 * series and x-axis are called, the runs, the threads, the output directory and the parameter row are answered
 * here, so a model's study says only what is its own (its points, its trial, its reports).
 *
 * <p>Immutable and thread-safe if the subclass is.
 *
 * <pre>{@code
 * final class MyStudy extends ConfiguredStudy {
 *   MyStudy(MyConfig config) {
 *     super(config, "my-model", METRICS, "strategy", "load");
 *   }
 *   // points(), newTrial(), reporter()
 * }
 * }</pre>
 */
public abstract class ConfiguredStudy implements Study {
  private final StudyConfig config;
  private final String model;
  private final List<Metric> metrics;
  private final String seriesName;
  private final String xName;

  /**
   * A study of {@code config}.
   *
   * @param xName the x-axis parameter's name, or {@code null} if the points have none
   */
  protected ConfiguredStudy(StudyConfig config, String model, List<Metric> metrics, String seriesName,
      String xName) {
    this.config = Objects.requireNonNull(config, "config");
    this.model = Objects.requireNonNull(model, "model");
    this.metrics = List.copyOf(metrics);
    this.seriesName = Objects.requireNonNull(seriesName, "seriesName");
    this.xName = xName;
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public List<Metric> metrics() {
    return metrics;
  }

  @Override
  public String seriesName() {
    return seriesName;
  }

  @Override
  public String xName() {
    return xName;
  }

  @Override
  public int runs() {
    return config.runs();
  }

  @Override
  public int threads() {
    return config.threads();
  }

  /** One row, {@code config}, with the configuration's text. */
  @Override
  public List<String[]> parameterRows() {
    return List.<String[]>of(new String[] {"config", config.toString()});
  }

  @Override
  public Path out() {
    return config.out();
  }
}
