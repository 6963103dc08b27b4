package io.github.backoff.sim.sweep;

import io.github.backoff.sim.spi.Model;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.util.List;

/**
 * The client sweeps {@code occ} and {@code single-server} as registered models: their one parameter is
 * {@code clients}; the study is a {@link SimulationConfig}'s.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * Study study = SweepModel.OCC.study(Settings.of(Map.of("clients", "10,20")), StrategyLookup.NONE);
 * }</pre>
 */
public final class SweepModel implements Model {
  /** {@code occ}. */
  public static final SweepModel OCC = new SweepModel(ModelKind.OCC,
      "the AWS study: N clients each make one optimistic-concurrency write to one row");
  /** {@code single-server}. */
  public static final SweepModel SINGLE_SERVER = new SweepModel(ModelKind.SINGLE_SERVER,
      "N clients each need one request served by a server that rejects requests while busy");
  private static final List<Parameter> PARAMETERS = List.of(new Parameter("clients", "LIST",
      "Client counts: N, A..B or A..B:STEP, comma-separated. Default " + SimulationConfig.DEFAULT_CLIENTS
          + ". occ and single-server.", Parameter.Kind.TEXT));

  private final ModelKind kind;
  private final String description;

  private SweepModel(ModelKind kind, String description) {
    this.kind = kind;
    this.description = description;
  }

  @Override
  public String name() {
    return kind.id();
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public List<Parameter> parameters() {
    return PARAMETERS;
  }

  @Override
  public Study study(Settings settings, StrategyLookup strategies) {
    return new SweepStudy(config(settings, strategies));
  }

  /** The configuration the options describe. */
  SimulationConfig config(Settings settings, StrategyLookup strategies) {
    SimulationConfig.Builder b = SimulationConfig.builder().model(kind).common(settings, strategies);
    settings.text("clients").ifPresent(b::clients);
    return b.build();
  }
}
