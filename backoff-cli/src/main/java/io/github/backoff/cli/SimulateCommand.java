package io.github.backoff.cli;

import io.github.backoff.preset.Preset;
import io.github.backoff.sim.ProgressBar;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.SimulationConfig;
import io.github.backoff.sim.SimulationResult;
import io.github.backoff.sim.Simulator;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code backoff simulate}: the competing-clients simulator. Parsing and wiring only: the configuration, the run
 * and the reports are {@code backoff-sim}'s ({@link SimulationConfig}, {@link Simulator}); strategies beyond the
 * study's come from the core's {@link Preset} and {@link BackoffSpec}.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "simulate",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Simulates N clients competing for one service and reports work (calls made) and completion time per "
            + "strategy: the AWS study \"Exponential Backoff And Jitter\" (model occ) or a one-at-a-time server.",
        "",
        "With no options it runs the study: model occ, clients 10..190:10, strategies none, exponential, "
            + "full-jitter, equal-jitter, decorrelated-jitter, 100 runs each, base 5, cap 2000.",
        "Writes DIR/results.csv, DIR/work.png, DIR/completion.png and DIR/report.html; prints a summary.",
        "Time is in simulator units (one network hop takes Normal(10, 2) units); 1 unit = 1 ms of a core strategy, "
            + "so --base 5 and --base 5ms are the same."},
    footer = {"", "Examples:",
        "  backoff simulate",
        "  backoff simulate --model single-server --clients 10..100:10 --runs 50",
        "  backoff simulate --strategies full-jitter,decorrelated-jitter,google-drive --out /tmp/sim"})
final class SimulateCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "occ",
      description = "occ (optimistic concurrency, the study) or single-server. Default ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--clients", paramLabel = "LIST", defaultValue = SimulationConfig.DEFAULT_CLIENTS,
      description = "Client counts: N, A..B or A..B:STEP, comma-separated. Default ${DEFAULT-VALUE}.")
  String clients;

  @Option(names = "--strategies", paramLabel = "LIST",
      description = "Comma-separated strategy or preset names. Default: the study's five.")
  String strategies;

  @Option(names = "--runs", paramLabel = "R", defaultValue = "100", description = "Runs per point. Default 100.")
  int runs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed. Default 42.")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads. Default: all cores.")
  Integer threads;

  @Option(names = "--base", paramLabel = "D", defaultValue = "5", converter = Units.class,
      description = "Base wait in units (or a duration, 1 unit = 1 ms). Default 5.")
  double base;

  @Option(names = "--cap", paramLabel = "D", defaultValue = "2000", converter = Units.class,
      description = "Largest wait in units (or a duration). Default 2000.")
  double cap;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "simulation",
      description = "Output directory. Default ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws IOException {
    SimulationConfig config = config();
    prepare(out);
    ProgressListener progress = !quiet && System.console() != null ? new ProgressBar(System.err)
        : ProgressListener.NONE;
    SimulationResult result = Simulator.run(config, progress);
    PrintWriter printer = spec.commandLine().getOut();
    printer.print(result.summary());
    printer.printf(Locale.ROOT, "%nwrote %s, %s, %s and %s%n%,d events in %.2f s (%.1f M events/s)%n",
        out.resolve("results.csv"), out.resolve("work.png"), out.resolve("completion.png"),
        out.resolve("report.html"), result.events(), result.elapsed().toNanos() / 1e9,
        result.eventsPerSecond() / 1e6);
    printer.flush();
    return BackoffCommand.OK;
  }

  private SimulationConfig config() {
    SimulationConfig.Builder b = SimulationConfig.builder().model(model).clients(clients).runs(runs).seed(seed)
        .base(base).cap(cap).out(out);
    if (threads != null) {
      b.threads(threads);
    }
    if (strategies != null) {
      for (String raw : strategies.split(",")) {
        String name = raw.strip();
        if (!StrategyRegistry.STUDY_NAMES.contains(name)) {
          Backoff extra = extra(name);
          if (extra != null) {
            b.register(name, extra);
          }
        }
      }
      b.strategies(strategies);
    }
    return b.build();
  }

  /** A preset as it is (1 unit = 1 ms), or a core strategy with the simulation's base and cap; null if unknown. */
  private Backoff extra(String name) {
    if (Preset.names().contains(name)) {
      return Preset.byName(name).backoff();
    }
    if (!BackoffSpec.isKnown(name)) {
      return null; // the sim's validation reports it, naming the known strategies
    }
    BackoffSpec s = BackoffSpec.of(name);
    if (name.equals("none")) {
      return s.toBackoff();
    }
    s = s.withBase(SimulationConfig.units(base));
    try {
      return s.withCap(SimulationConfig.units(cap)).toBackoff();
    } catch (IllegalArgumentException capDoesNotApply) {
      return s.toBackoff(); // e.g. constant takes no cap: run it as named
    }
  }

  /** Fails before any work if the output directory cannot be written, so a long run is not wasted. */
  private void prepare(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "cannot create --out directory " + dir + ": " + e);
    }
    if (!Files.isWritable(dir)) {
      throw new ParameterException(spec.commandLine(), "cannot write to --out directory " + dir);
    }
  }

  /** Simulator time units: a plain number, or a duration at 1 unit = 1 ms. */
  static final class Units implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      String text = value.strip();
      if (text.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+")) {
        return Double.parseDouble(text);
      }
      if (text.startsWith("-")) {
        throw new TypeConversionException("'" + value + "' is negative: must be >= 0");
      }
      return new DurationConverter().convert(text).toNanos() / (double) SimulationConfig.TIME_UNIT.toNanos();
    }
  }
}
