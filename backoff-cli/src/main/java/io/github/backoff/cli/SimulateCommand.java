package io.github.backoff.cli;

import io.github.backoff.preset.Preset;
import io.github.backoff.sim.ModelKind;
import io.github.backoff.sim.OverloadConfig;
import io.github.backoff.sim.OverloadResult;
import io.github.backoff.sim.OverloadSimulator;
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
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
            + "so --base 5 and --base 5ms are the same.",
        "",
        "--model overload: requests arrive at --rate per second at a server of --capacity per second with a "
            + "--queue; clients time out after --timeout seconds and retry per each of --policies; from "
            + "--outage-start for --outage-length seconds the capacity is --outage-capacity x capacity. Time unit: "
            + "1 s; --base and --cap stay in ms of core delay. Writes DIR/timeseries.csv, DIR/summary.csv, "
            + "DIR/runs.csv, DIR/goodput.png, DIR/overload.png and DIR/report.html; prints amplification, requests "
            + "lost and recovery time per policy."},
    footer = {"", "Examples:",
        "  backoff simulate",
        "  backoff simulate --model single-server --clients 10..100:10 --runs 50",
        "  backoff simulate --strategies full-jitter,decorrelated-jitter,google-drive --out /tmp/sim",
        "  backoff simulate --model overload --out /tmp/storm",
        "  backoff simulate --model overload --rate 900 --policies retries,ratio --out /tmp/storm"})
final class SimulateCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "occ",
      description = "occ (optimistic concurrency, the study), single-server, or overload (an open system with an "
          + "outage: see the overload options). Default ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--clients", paramLabel = "LIST",
      description = "Client counts: N, A..B or A..B:STEP, comma-separated. Default " + SimulationConfig.DEFAULT_CLIENTS
          + ". Not for overload.")
  String clients;

  @Option(names = "--strategies", paramLabel = "LIST",
      description = "Comma-separated strategy or preset names. Default: the study's five (overload: full-jitter).")
  String strategies;

  @Option(names = "--runs", paramLabel = "R",
      description = "Runs per point (overload: per policy and strategy). Default 100 (overload: 5).")
  Integer runs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed. Default 42.")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads. Default: all cores.")
  Integer threads;

  @Option(names = "--base", paramLabel = "D", converter = Units.class,
      description = "Base wait in ms (or a duration such as 100ms). Default 5 (overload: 50).")
  Double base;

  @Option(names = "--cap", paramLabel = "D", converter = Units.class,
      description = "Largest wait in ms (or a duration). Default 2000.")
  Double cap;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "simulation",
      description = "Output directory. Default ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
  boolean quiet;

  @Option(names = "--rate", paramLabel = "N", description = "overload: requests arriving per second. Default 800.")
  Double rate;

  @Option(names = "--capacity", paramLabel = "N",
      description = "overload: requests the server completes per second. Default 1000.")
  Double capacity;

  @Option(names = "--queue", paramLabel = "N", description = "overload: most requests waiting. Default 2000.")
  Integer queue;

  @Option(names = "--timeout", paramLabel = "T", converter = Seconds.class,
      description = "overload: client timeout in seconds (or a duration such as 500ms). Default 1.")
  Double timeout;

  @Option(names = "--outage-start", paramLabel = "T", converter = Seconds.class,
      description = "overload: when the capacity drops, in seconds. Default 30.")
  Double outageStart;

  @Option(names = "--outage-length", paramLabel = "T", converter = Seconds.class,
      description = "overload: how long it stays down, in seconds (0: no outage). Default 10.")
  Double outageLength;

  @Option(names = "--outage-capacity", paramLabel = "F",
      description = "overload: capacity during the outage as a fraction of --capacity, 0 (down) to 1. Default 0.")
  Double outageCapacity;

  @Option(names = "--horizon", paramLabel = "T", converter = Seconds.class,
      description = "overload: length of each run in whole seconds. Default 180.")
  Double horizon;

  @Option(names = "--policies", paramLabel = "LIST",
      description = "overload: retry policies to compare: no-retry, retries, token-bucket, retry-quota, ratio. "
          + "Default: all five.")
  String policies;

  @Option(names = "--max-attempts", paramLabel = "N",
      description = "overload: attempts per request, the first included, for policies that retry. Default 4.")
  Integer maxAttempts;

  @Option(names = "--drop-expired",
      description = "overload: the server discards queued requests whose client gave up (deadline propagation).")
  boolean dropExpired;

  @Override
  public Integer call() throws IOException {
    if (ModelKind.parse(model) == ModelKind.OVERLOAD) {
      return overload();
    }
    rejectOverloadOptions();
    SimulationConfig config = config();
    prepare(out);
    SimulationResult result = Simulator.run(config, progress());
    return printed(result.summary(), List.of("results.csv", "work.png", "completion.png", "report.html"),
        result.events(), result.elapsed(), result.eventsPerSecond());
  }

  private SimulationConfig config() {
    double b0 = base == null ? SimulationConfig.DEFAULT_BASE : base;
    double c0 = cap == null ? SimulationConfig.DEFAULT_CAP : cap;
    SimulationConfig.Builder b = SimulationConfig.builder().model(model).seed(seed).base(b0).cap(c0).out(out);
    if (clients != null) {
      b.clients(clients);
    }
    if (runs != null) {
      b.runs(runs);
    }
    if (threads != null) {
      b.threads(threads);
    }
    if (strategies != null) {
      registerExtras(b0, c0, b::register);
      b.strategies(strategies);
    }
    return b.build();
  }

  /** Registers the named strategies beyond the study's (presets, other core strategies) with {@code register}. */
  private void registerExtras(double b0, double c0, java.util.function.BiConsumer<String, Backoff> register) {
    for (String raw : strategies.split(",")) {
      String name = raw.strip();
      if (!StrategyRegistry.STUDY_NAMES.contains(name)) {
        Backoff extra = extra(name, b0, c0);
        if (extra != null) {
          register.accept(name, extra);
        }
      }
    }
  }

  /** {@code --model overload}: builds its configuration, runs it, prints the summary. */
  private int overload() throws IOException {
    if (clients != null) {
      throw new IllegalArgumentException("clients: does not apply to --model overload (it has an arrival rate, "
          + "--rate)");
    }
    OverloadConfig.Builder b = OverloadConfig.builder().seed(seed).out(out).dropExpired(dropExpired);
    OverloadConfig defaults = OverloadConfig.defaults();
    double b0 = base == null ? defaults.base() : base;
    double c0 = cap == null ? defaults.cap() : cap;
    b.base(b0).cap(c0);
    if (rate != null) {
      b.rate(rate);
    }
    if (capacity != null) {
      b.capacity(capacity);
    }
    if (queue != null) {
      b.queue(queue);
    }
    if (timeout != null) {
      b.timeout(timeout);
    }
    if (outageStart != null || outageLength != null || outageCapacity != null) {
      b.outage(outageStart != null ? outageStart : defaults.outageStart(),
          outageLength != null ? outageLength : defaults.outageLength(),
          outageCapacity != null ? outageCapacity : defaults.outageCapacity());
    }
    if (horizon != null) {
      if (horizon != Math.rint(horizon) || horizon < 1 || horizon > 1_000_000) {
        throw new IllegalArgumentException("horizon: must be whole seconds in [1, 1000000]: " + horizon);
      }
      b.horizon(horizon.intValue());
    }
    if (policies != null) {
      b.policies(policies);
    }
    if (maxAttempts != null) {
      b.maxAttempts(maxAttempts);
    }
    if (runs != null) {
      b.runs(runs);
    }
    if (threads != null) {
      b.threads(threads);
    }
    if (strategies != null) {
      registerExtras(b0, c0, b::register);
      b.strategies(strategies);
    }
    OverloadConfig config = b.build();
    prepare(out);
    OverloadResult result = OverloadSimulator.run(config, progress());
    return printed(result.summary(), List.of("timeseries.csv", "summary.csv", "runs.csv", "goodput.png",
        "overload.png", "report.html"), result.events(), result.elapsed(), result.eventsPerSecond());
  }

  /** A progress bar on standard error when it is a terminal and not {@code --quiet}. */
  private ProgressListener progress() {
    return !quiet && System.console() != null ? new ProgressBar(System.err) : ProgressListener.NONE;
  }

  /** Prints the summary, the files written to {@code --out} and the speed; returns the exit code. */
  private int printed(String summary, List<String> files, long events, Duration elapsed, double eventsPerSecond) {
    List<String> paths = files.stream().map(f -> out.resolve(f).toString()).collect(Collectors.toList());
    PrintWriter printer = spec.commandLine().getOut();
    printer.print(summary);
    printer.printf(Locale.ROOT, "%nwrote %s and %s%n%,d events in %.2f s (%.1f M events/s)%n",
        String.join(", ", paths.subList(0, paths.size() - 1)), paths.get(paths.size() - 1), events,
        elapsed.toNanos() / 1e9, eventsPerSecond / 1e6);
    printer.flush();
    return BackoffCommand.OK;
  }

  /** The overload model's options, given to another model, are a mistake worth saying so. */
  private void rejectOverloadOptions() {
    Object[][] options = {{"rate", rate}, {"capacity", capacity}, {"queue", queue}, {"timeout", timeout},
        {"outage-start", outageStart}, {"outage-length", outageLength}, {"outage-capacity", outageCapacity},
        {"horizon", horizon}, {"policies", policies}, {"max-attempts", maxAttempts},
        {"drop-expired", dropExpired ? Boolean.TRUE : null}};
    for (Object[] option : options) {
      if (option[1] != null) {
        throw new IllegalArgumentException(option[0] + ": applies to --model overload only");
      }
    }
  }

  /** A preset as it is (1 unit = 1 ms), or a core strategy with the simulation's base and cap; null if unknown. */
  private static Backoff extra(String name, double base, double cap) {
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

  /** Seconds: a plain number, or a duration such as {@code 500ms} or {@code 2m}. */
  static final class Seconds implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      String text = value.strip();
      if (text.matches("[0-9]+(\\.[0-9]+)?|\\.[0-9]+")) {
        return Double.parseDouble(text);
      }
      if (text.startsWith("-")) {
        throw new TypeConversionException("'" + value + "' is negative: must be >= 0");
      }
      return new DurationConverter().convert(text).toNanos() / 1e9;
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
