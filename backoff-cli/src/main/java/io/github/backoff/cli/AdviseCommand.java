package io.github.backoff.cli;

import io.github.backoff.sim.advise.Advice;
import io.github.backoff.sim.advise.AdviceProgress;
import io.github.backoff.sim.advise.Advisor;
import io.github.backoff.sim.advise.Scenario;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code backoff advise}: the retry policy for a scenario, found by simulation. Parsing and wiring only: the
 * scenario, the search and the report are {@code backoff-sim}'s ({@link Scenario}, {@link Advisor},
 * {@link Advice#report()}).
 *
 * <p>Exit codes: 0 a policy meets the constraints, 1 none does (the binding constraint is printed), 2 bad usage
 * (a bad scenario: one line naming the key and the value).
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "advise",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Recommends a retry policy for a scenario by simulation: searches strategies, base, cap, multiplier, attempt "
            + "limits and budgets, and checks the best on fresh seeds beside the presets.",
        "",
        "A scenario is a .properties file (see docs/advise.md and docs/scenarios/): the clients (a burst at once, on "
            + "the occ or single-server model, or a steady rate, on the overload model), the service (capacity, "
            + "queue, queueing or throttling, an outage), the client timeout, and an objective with constraints such "
            + "as objective=min attempts and constraints=completion_p99<=5s, amplification<=1.5, max_attempts<=4. "
            + "Options below override the file's keys.",
        "",
        "Search: successive halving with racing on common random numbers (every candidate on the same seeds), then "
            + "the finalists, the Pareto front and the presets on fresh seeds, with 95 %% t-intervals. Prints the "
            + "ranking and the recommended policy as Java code, Spring Boot properties and backoff exec flags; writes "
            + "DIR/report.html (with the Pareto front of requests against completion), DIR/candidates.csv, "
            + "DIR/search.csv and DIR/pareto.png. A progress bar on standard error on a terminal.",
        "",
        "Exit status 0 when a policy meets the constraints, 1 when none does (the constraint that binds, and by how "
            + "much, is printed), 2 for a bad scenario."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:a policy meets the constraints", "1:no candidate meets the constraints",
        "2:bad usage or a bad scenario (one line)"},
    footer = {"", "Examples:",
        "  backoff advise --scenario docs/scenarios/aws-contention.properties",
        "  backoff advise --scenario docs/scenarios/outage-80.properties --rate 450 --out /tmp/advice",
        "  backoff advise --scenario docs/scenarios/throttling.properties --objective 'min attempts' "
            + "--constraint 'lost<=2%%'"})
final class AdviseCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--scenario", paramLabel = "FILE", required = true,
      description = "The scenario, a .properties file.")
  Path scenario;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "advice",
      description = "Output directory. Default ${DEFAULT-VALUE}.")
  Path out;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "Seed. Default 42.")
  long seed;

  @Option(names = "--threads", paramLabel = "T", description = "Worker threads. Default: all cores.")
  Integer threads;

  @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
  boolean quiet;

  @Option(names = "--clients", paramLabel = "N", description = "Overrides clients.count (burst).")
  String clients;

  @Option(names = "--rate", paramLabel = "R", description = "Overrides clients.rate (steady), requests per second.")
  String rate;

  @Option(names = "--capacity", paramLabel = "R",
      description = "Overrides service.capacity (steady), requests per second.")
  String capacity;

  @Option(names = "--objective", paramLabel = "GOAL",
      description = "Overrides objective: min METRIC or max METRIC, e.g. 'min attempts'.")
  String objective;

  @Option(names = "--constraint", paramLabel = "C",
      description = "A constraint such as completion_p99<=5s; repeat for more. Replaces the file's constraints.")
  List<String> constraints;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "Overrides any key of the scenario, e.g. --set search.final_reps=20; repeatable.")
  Map<String, String> set;

  @Override
  public Integer call() throws IOException {
    Scenario s = scenario();
    prepare(out);
    Advisor.Builder advisor = Advisor.builder().seed(seed)
        .progress(!quiet && System.console() != null ? AdviceProgress.bar(System.err) : AdviceProgress.NONE);
    if (threads != null) {
      advisor.threads(threads);
    }
    Advice advice = advisor.build().advise(s, s.objective());
    List<Path> files = advice.write(out);
    PrintWriter printer = spec.commandLine().getOut();
    printer.print(advice.summary());
    printer.printf("%nwrote %s%n", files.stream().map(Path::toString).collect(Collectors.joining(", ")));
    printer.flush();
    return advice.met() ? BackoffCommand.OK : BackoffCommand.FAILED;
  }

  /**
   * The scenario file with the options' overrides; nothing is run.
   *
   * @throws IllegalArgumentException naming the key and the value if the scenario is bad
   */
  Scenario scenario() {
    Map<String, String> overrides = new LinkedHashMap<>();
    if (set != null) {
      overrides.putAll(set);
    }
    put(overrides, "clients.count", clients);
    put(overrides, "clients.rate", rate);
    put(overrides, "service.capacity", capacity);
    put(overrides, "objective", objective);
    if (constraints != null) {
      overrides.put("constraints", String.join(",", constraints));
    }
    Scenario s = Scenario.load(scenario);
    return overrides.isEmpty() ? s : s.with(overrides);
  }

  private static void put(Map<String, String> map, String key, String value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  /** Fails before any work if the output directory cannot be written, as {@code simulate} does. */
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
