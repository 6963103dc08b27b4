package io.github.backoff.cli;

import io.github.backoff.NameSuggester;
import io.github.backoff.preset.Preset;
import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.sim.ProgressBar;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.Simulation;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.Study;
import io.github.backoff.sim.sweep.SimulationConfig;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code backoff simulate}: the simulator. Parsing and wiring only: the models, the run and the reports are
 * {@code backoff-sim}'s ({@link ModelRegistry}, {@link Simulation}); strategies beyond the study's come from the
 * core's {@link Preset} and {@link BackoffSpec}. The common options are declared here; every registered model's
 * own {@link Parameter}s are added as options when the command is built ({@link ModelOptions}), so a new model
 * needs no change here.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "simulate",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    modelTransformer = SimulateCommand.ModelOptions.class,
    description = {
        "Simulates clients competing for one service and reports, per strategy or policy, what they cost the "
            + "service and how long the clients wait; models: " + Vocabulary.MODELS_TOKEN + ".",
        "",
        "With no options it runs the study: model occ, clients 10..190:10, strategies none, exponential, "
            + "full-jitter, equal-jitter, decorrelated-jitter, 100 runs each, cap 2s, and the study's bases: a first "
            + "wait of 10ms for the exponential ones (the study's code wrote 5 and doubled it) and 5ms for "
            + "decorrelated-jitter; --base sets one first wait for all.",
        "Writes DIR/results.csv, DIR/work.png, DIR/completion.png and DIR/report.html; prints a summary.",
        "Time is in simulator units (one network hop takes Normal(10, 2) units); 1 unit = 1 ms of a core strategy, "
            + "so --base 5ms waits 5 units.",
        "",
        "--model overload: requests arrive at --rate per second at a server of --capacity per second with a "
            + "--queue; clients time out after --timeout seconds and retry per each of --policies; from "
            + "--outage-start for --outage-length seconds the capacity is --outage-capacity x capacity. Time unit: "
            + "1 s. Writes DIR/timeseries.csv, DIR/summary.csv, "
            + "DIR/runs.csv, DIR/goodput.png, DIR/overload.png and DIR/report.html; prints amplification, requests "
            + "lost and recovery time per policy. --server throttling rejects at once above --throttle-rate instead "
            + "of queueing; policies adaptive and retry-quota-2026 follow the AWS SDKs' 2026 behaviour.",
        "",
        "--model hedging: requests at --load of --servers servers with a lognormal latency and a slow tail; "
            + "compares --modes none, fixed, percentile and budgeted hedging: p50/p99/p99.9 latency and extra load "
            + "per load level, and the load where hedging starts to hurt. Writes DIR/results.csv, one chart per "
            + "metric and DIR/report.html.",
        "",
        "Strategies: " + Vocabulary.STRATEGIES_TOKEN + ".",
        "Presets: " + Vocabulary.PRESETS_TOKEN + ".",
        Vocabulary.DURATIONS},
    footer = {"", "Examples:",
        "  backoff simulate",
        "  backoff simulate --model single-server --clients 10..100:10 --runs 50",
        "  backoff simulate --strategies full-jitter,decorrelated-jitter,google-drive --out /tmp/sim",
        "  backoff simulate --model overload --out /tmp/storm",
        "  backoff simulate --model overload --rate 900 --policies retries,ratio --out /tmp/storm",
        "  backoff simulate --model hedging --out /tmp/hedging"})
final class SimulateCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "occ", completionCandidates = ModelNames.class,
      description = "The model: ${COMPLETION-CANDIDATES} (occ: optimistic concurrency, the AWS study "
          + "\"Exponential Backoff And Jitter\"; single-server: N clients and a one-at-a-time server; overload: an "
          + "open system with an outage, see the overload options; hedging: hedged requests across load levels). Default ${DEFAULT-VALUE}.")
  String model;

  @Option(names = "--strategies", paramLabel = "LIST", completionCandidates = Vocabulary.StrategyNames.class,
      description = "Comma-separated strategy or preset names. Default: the study's five (overload: full-jitter).")
  String strategies;

  @Option(names = "--runs", paramLabel = "R",
      description = "Runs per point (overload: per policy and strategy). Default 100 (overload: 5, hedging: 3).")
  Integer runs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed. Default 42.")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads. Default: all cores.")
  Integer threads;

  @Option(names = "--base", paramLabel = "DURATION",
      description = "The first wait, as in every command (e.g. 10ms). Default: the study's, 10ms for the "
          + "exponential strategies and 5ms for decorrelated-jitter (overload: 100ms and 50ms).")
  String base;

  @Option(names = "--cap", paramLabel = "DURATION",
      description = "Largest wait (e.g. 2s). Default 2000ms.")
  String cap;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "simulation",
      description = "Output directory. Default ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws IOException {
    Study study = study();
    prepare(study.out());
    Simulation.Outcome outcome = Simulation.run(study, progress());
    return printed(outcome);
  }

  /**
   * The study the parsed options describe, defaults resolved by the model; nothing is run or written. Tests compare
   * it without and with an option at its stated default.
   *
   * @throws IllegalArgumentException if an option does not apply to the model or a value is invalid
   */
  Study study() {
    checkStrategyNames();
    return Simulation.study(ModelRegistry.defaults(), model, settings(), SimulateCommand::extra);
  }

  /** Every name {@code --strategies} accepts: the study's, the core strategies', the presets'. */
  static List<String> strategyNames() {
    Set<String> names = new LinkedHashSet<>(StrategyRegistry.STUDY_NAMES);
    names.addAll(Vocabulary.strategyAndPresetNames());
    return List.copyOf(names);
  }

  /** An unknown name in {@code --strategies}: the closest and the whole list, before any model sees it. */
  private void checkStrategyNames() {
    if (strategies == null) {
      return;
    }
    List<String> known = strategyNames();
    for (String raw : strategies.split(",")) {
      String name = raw.strip();
      if (!name.isEmpty() && !known.contains(name)) {
        throw new ParameterException(spec.commandLine(), "--strategies: "
            + NameSuggester.unknown("strategy", name, known));
      }
    }
  }

  /** The options given, common and model-specific, as the models read them. */
  private Settings settings() {
    Map<String, String> values = new LinkedHashMap<>();
    values.put("seed", Long.toString(seed));
    values.put("out", out.toString());
    put(values, "strategies", strategies);
    put(values, "runs", runs);
    put(values, "threads", threads);
    put(values, "base", base);
    put(values, "cap", cap);
    for (Parameter p : ModelRegistry.defaults().parameters()) {
      OptionSpec option = spec.findOption("--" + p.name());
      if (option == null || !spec.commandLine().getParseResult().hasMatchedOption(option)) {
        continue;
      }
      Object value = option.getValue();
      if (p.kind() == Parameter.Kind.FLAG) {
        if (Boolean.TRUE.equals(value)) {
          values.put(p.name(), "true");
        }
      } else {
        put(values, p.name(), value);
      }
    }
    Settings settings = Settings.of(values);
    for (String name : List.of("base", "cap")) { // reports show durations as given: 10ms, not 10.0
      OptionSpec option = spec.findOption("--" + name);
      if (option != null && spec.commandLine().getParseResult().hasMatchedOption(option)) {
        List<String> given = option.originalStringValues();
        settings = settings.withGiven(name, given.get(given.size() - 1));
      }
    }
    return settings;
  }

  private static void put(Map<String, String> values, String name, Object value) {
    if (value != null) {
      values.put(name, value.toString());
    }
  }

  /** A progress bar on standard error when it is a terminal and not {@code --quiet}. */
  private ProgressListener progress() {
    return !quiet && System.console() != null ? new ProgressBar(System.err) : ProgressListener.NONE;
  }

  /** Prints the summary, the files written to {@code --out} and the speed; returns the exit code. */
  private int printed(Simulation.Outcome outcome) {
    List<String> paths = outcome.files().stream().map(Path::toString).collect(Collectors.toList());
    Results results = outcome.results();
    PrintWriter printer = spec.commandLine().getOut();
    printer.print(outcome.summary());
    printer.printf(Locale.ROOT, "%nwrote %s and %s%n%,d events in %.2f s (%.1f M events/s)%n",
        String.join(", ", paths.subList(0, paths.size() - 1)), paths.get(paths.size() - 1), results.events(),
        results.elapsed().toNanos() / 1e9, results.eventsPerSecond() / 1e6);
    printer.flush();
    return BackoffCommand.OK;
  }

  /**
   * Adds every registered model's {@link Parameter}s to the command as options: {@code --NAME VALUE} (a flag takes
   * none); times and shares pass as written, for the model to read in the core's one grammar.
   */
  static final class ModelOptions implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec commandSpec) {
      for (Parameter p : ModelRegistry.defaults().parameters()) {
        if (commandSpec.findOption("--" + p.name()) != null) {
          continue;
        }
        OptionSpec.Builder option = OptionSpec.builder("--" + p.name())
            .description(p.description().replace("%", "%%")); // picocli formats descriptions: "100%" is no format
        switch (p.kind()) {
          case FLAG -> option.arity("0").type(boolean.class);
          case INTEGER -> option.paramLabel(p.label()).type(Integer.class);
          case NUMBER -> option.paramLabel(p.label()).type(Double.class);
          // Times and shares go to the model as written: it reads them in the core's one grammar.
          case SECONDS, MILLIS, PERCENT -> option.paramLabel(p.label()).type(String.class);
          case TEXT -> option.paramLabel(p.label()).type(String.class);
          default -> throw new IllegalStateException("unknown kind " + p.kind());
        }
        commandSpec.addOption(option.build());
      }
      return commandSpec;
    }
  }

  /** The registered models' names, for {@code --model}'s help. */
  static final class ModelNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return ModelRegistry.defaults().names().iterator();
    }
  }

  /** A preset as it is (1 unit = 1 ms), or a core strategy with the simulation's base and cap; null if unknown. */
  static Backoff extra(String name, double base, double cap) {
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
}
