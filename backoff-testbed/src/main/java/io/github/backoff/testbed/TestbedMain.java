package io.github.backoff.testbed;

import io.github.backoff.preset.Preset;
import io.github.backoff.sim.StrategyRegistry;
import io.github.backoff.sim.advise.Scenario;
import io.github.backoff.sim.internal.ScenarioSystems;
import io.github.backoff.sim.overload.NetworkLatency;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSystem;
import io.github.backoff.sim.overload.OverloadSimModel;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;

/**
 * The simulator against the testbed, from the command line: the options of {@code backoff simulate --model overload}
 * (durations and percentages in the core's one grammar, as {@code SimulationMain} takes them), plus
 * {@code --time-scale F} (real seconds per model second,
 * default 1), {@code --calibrate S} (model seconds of a calibration run, default 10) and {@code --measure N}
 * (sequential loopback requests measured for reference, default 500; 0 measures none).
 *
 * <p><b>Network latency.</b> With {@code --network-latency}, the simulator is given that value (in model time).
 * Without it, a calibration run comes first: the scenario's clients without retries ({@code no-retry}) and without
 * the outage, for {@code S} model seconds, on the testbed; the network and HTTP time it measured (each success's
 * time less the server's hold on it, see {@link TestbedResult#overhead()}) is given to the simulator as a
 * log-normal of its mean and standard deviation, divided by the time scale. With {@code --calibrate 0}, the
 * sequential loopback measurement is used instead.
 *
 * <p><b>Candidates.</b> {@code --candidate "[LABEL:] OPTIONS"}, repeated, compares candidates that differ in more
 * than the policy: each is its own strategy, base, cap, attempt limit and policy, given as the options
 * {@code --strategies NAME --base MS --cap MS --max-attempts N --policies P} (exactly what
 * {@code Candidate.simulateOptions()} of backoff-sim's advisor prints), which override the shared ones for that
 * candidate. Each must come to one strategy and one policy ({@code retries} when it names none). Each candidate is
 * simulated and run on the same seeds, and the table ranks them among each other, named by their labels.
 * {@code --scenario FILE} takes the shared options from a steady {@code backoff advise} scenario file
 * ({@code Scenario.simulateOptions()}); options on the command line override it.
 *
 * <p>The defaults differ from the simulator's in two places: {@code --policies retries,retry-quota,token-bucket}
 * and {@code --runs 1}. Prints the measurements, one line per testbed run and the side-by-side table
 * ({@link Comparison#table()}). A bad option prints one line {@code error: ...} and exits with 2.
 *
 * <pre>{@code
 * java -cp "backoff-testbed/target/classes:backoff-testbed/target/lib/*" io.github.backoff.testbed.TestbedMain \
 *     --rate 80 --capacity 100 --queue 200 --outage-start 10s --outage-length 30s --horizon 60s
 * }</pre>
 *
 * <p>Not thread-safe; a program entry point.
 */
public final class TestbedMain {
  /** The policies compared unless {@code --policies} says otherwise. */
  public static final String DEFAULT_POLICIES = "retries,retry-quota,token-bucket";
  /** The calibration run's index: streams of their own, apart from the compared runs'. */
  static final int CALIBRATION_RUN = 1_000_000;
  /** The options a {@code --candidate} may give: those of a policy, not of the scenario. */
  static final Set<String> CANDIDATE_OPTIONS = Set.of("strategies", "base", "cap", "max-attempts", "policies");

  /** The presets by name, beyond the study's five strategies, as the advisor's candidates name them. */
  static final StrategyLookup PRESETS =
      (name, base, cap) -> Preset.names().contains(name) ? Preset.byName(name).backoff() : null;

  /** A candidate of {@code --candidate}: its label and its options. */
  record CandidateOptions(String label, Map<String, String> options) {}

  /** The sequential loopback measurement, as {@link LoopbackLatency#measure}. */
  @FunctionalInterface
  interface LoopbackProbe {
    /** Measures {@code count} sequential loopback requests, {@code spacing} apart. */
    LoopbackLatency.Measurement measure(int count, Duration spacing);
  }

  /**
   * What {@link #run} takes from the machine: the load average (negative if unknown), the loopback measurement and
   * the testbed's runs. A seam: tests give their own, to run the options, the calibration and the printing without
   * a server.
   *
   * @param loadAverage the system's load average over the last minute, negative if unavailable
   * @param loopback the sequential loopback measurement
   * @param testbed a testbed run (the calibration run and the compared runs)
   */
  record Machine(DoubleSupplier loadAverage, LoopbackProbe loopback, Comparison.TestbedRunner testbed) {
    /** This machine: its operating system's load average, a real loopback server and real testbed runs. */
    static final Machine REAL = new Machine(ManagementFactory.getOperatingSystemMXBean()::getSystemLoadAverage,
        LoopbackLatency::measure, Testbed::run);
  }

  private TestbedMain() {}

  /** Runs the comparison; exits with 2 on a bad option. */
  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** Runs the comparison and returns the exit status: 0, or 2 for a bad option. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, Machine.REAL);
  }

  /** {@link #run(String[], PrintStream, PrintStream)} on {@code machine}. */
  static int run(String[] args, PrintStream out, PrintStream err, Machine machine) {
    Map<String, String> options = new LinkedHashMap<>();
    Map<String, String> explicit = new LinkedHashMap<>();
    List<CandidateOptions> candidates = new ArrayList<>();
    List<OverloadConfig> candidateConfigs = new ArrayList<>();
    String scenarioFile = null;
    double timeScale = 1;
    int measure = 500;
    double calibrate = 10;
    OverloadConfig scenario;
    OverloadSystem base;
    try {
      Map<String, Parameter> parameters = new LinkedHashMap<>();
      OverloadSimModel.INSTANCE.parameters().forEach(p -> parameters.put(p.name(), p));
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        if (option.equals("--help") || option.equals("-h")) {
          out.println(usage());
          return 0;
        }
        String name = option.startsWith("--") ? option.substring(2) : "";
        Parameter parameter = parameters.get(name);
        boolean own = name.equals("time-scale") || name.equals("measure") || name.equals("calibrate")
            || name.equals("candidate") || name.equals("scenario");
        if (!own && !Settings.COMMON.contains(name) && parameter == null) {
          throw new IllegalArgumentException("unknown option: " + option);
        }
        if (parameter != null && parameter.kind() == Parameter.Kind.FLAG) {
          explicit.put(name, "true");
          continue;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(option + ": missing value");
        }
        String value = args[++i];
        if (name.equals("time-scale")) {
          timeScale = number("time-scale", value);
          if (!(timeScale > 0 && timeScale <= 100)) {
            throw new IllegalArgumentException("time-scale: must be in (0, 100]: " + value);
          }
        } else if (name.equals("measure")) {
          double m = number("measure", value);
          if (m != Math.rint(m) || m < 0 || m > 100_000 || (m > 0 && m < 10)) {
            throw new IllegalArgumentException("measure: must be 0 or a whole number in [10, 100000]: " + value);
          }
          measure = (int) m;
        } else if (name.equals("calibrate")) {
          calibrate = number("calibrate", value);
          if (calibrate != Math.rint(calibrate) || calibrate < 0 || calibrate > 3600) {
            throw new IllegalArgumentException("calibrate: must be whole seconds in [0, 3600]: " + value);
          }
        } else if (name.equals("candidate")) {
          candidates.add(candidate(value));
        } else if (name.equals("scenario")) {
          scenarioFile = value;
        } else {
          explicit.put(name, value);
        }
      }
      options.put("policies", candidates.isEmpty() ? DEFAULT_POLICIES : "retries");
      options.put("runs", "1");
      base = scenarioFile == null ? OverloadSystem.DEFAULTS : scenarioSystem(scenarioFile);
      options.putAll(explicit);
      // Checked before the measurement: a bad option fails at once.
      scenario = OverloadSimModel.INSTANCE.config(Settings.of(options), PRESETS, base);
      for (CandidateOptions c : candidates) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.putAll(c.options());
        OverloadConfig config;
        try {
          config = OverloadSimModel.INSTANCE.config(Settings.of(o), PRESETS, base);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("candidate '" + c.label() + "': " + e.getMessage(), e);
        }
        if (config.policies().size() != 1 || config.strategies().size() != 1) {
          throw new IllegalArgumentException("candidate '" + c.label() + "': must come to one strategy and one "
              + "policy, not " + config.strategies().size() + " and " + config.policies().size());
        }
        String strategy = config.strategies().get(0);
        if (timeScale != 1 && !StrategyRegistry.STUDY_NAMES.contains(strategy)) {
          throw new IllegalArgumentException("candidate '" + c.label() + "': time-scale: strategy '" + strategy
              + "' keeps its own durations; only the study strategies ("
              + String.join(", ", StrategyRegistry.STUDY_NAMES) + ") scale: use --time-scale 1");
        }
        candidateConfigs.add(config);
      }
      List<OverloadConfig> all = new ArrayList<>(candidateConfigs);
      if (candidates.isEmpty()) {
        all.add(scenario);
      }
      for (OverloadConfig config : all) {
        for (var p : config.policies()) {
          if (p.rateLimiter() != null) {
            throw new IllegalArgumentException("policies: '" + p.name() + "' has a rate limiter, which the testbed "
                + "does not run");
          }
        }
      }
      if (scenario.dropExpired()) {
        throw new IllegalArgumentException("drop-expired: the testbed's server cannot tell that a client gave up");
      }
      Testbed.throttleReply(scenario, timeScale); // a hint the server cannot send fails here, before measuring
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
    out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores; load average "
        + loadAverage(machine.loadAverage().getAsDouble()));
    NetworkLatency latency = NetworkLatency.ZERO;
    if (measure > 0) {
      LoopbackLatency.Measurement m = machine.loopback().measure(measure, Duration.ofMillis(2));
      out.println("loopback latency, sequential requests (real): " + m);
      latency = m.asLognormal().scaled(1 / timeScale);
    }
    if (!options.containsKey("network-latency")) {
      if (calibrate > 0) {
        Map<String, String> calibration = new LinkedHashMap<>(options);
        calibration.put("policies", "no-retry");
        calibration.put("outage-start", "0");
        calibration.put("outage-length", "0");
        calibration.put("horizon", (long) calibrate + "s");
        calibration.put("runs", "1");
        OverloadConfig c = OverloadSimModel.INSTANCE.config(Settings.of(calibration), PRESETS, base);
        TestbedResult r = machine.testbed().run(c, "no-retry", c.strategies().get(0), CALIBRATION_RUN, timeScale);
        out.println("network time in situ, calibration run (no-retry, no outage, " + (long) calibrate
            + " s; real): " + r.overhead() + "; send lag mean " + String.format(java.util.Locale.ROOT, "%.2f ms",
            r.lagMeanMs()));
        if (r.overhead().count() >= 10) {
          latency = r.overhead().asLognormal().scaled(1 / timeScale);
        }
      }
      options.put("network-latency", latency.toString());
      scenario = OverloadSimModel.INSTANCE.config(Settings.of(options), PRESETS, base);
    }
    out.println("network latency given to the simulator (model time): " + scenario.networkLatency());
    Comparison comparison;
    if (candidates.isEmpty()) {
      comparison = Comparison.run(scenario, timeScale, out, machine.testbed());
    } else {
      List<Comparison> parts = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      for (CandidateOptions c : candidates) {
        Map<String, String> o = new LinkedHashMap<>(options);
        o.putAll(c.options());
        out.println("candidate " + c.label() + ": " + c.options());
        parts.add(Comparison.run(OverloadSimModel.INSTANCE.config(Settings.of(o), PRESETS, base), timeScale,
            out, machine.testbed()));
        labels.add(c.label());
      }
      comparison = Comparison.combine(scenario, timeScale, parts, labels);
    }
    out.println();
    out.print(comparison.table());
    out.println("load average after: " + loadAverage(machine.loadAverage().getAsDouble()));
    return 0;
  }

  /**
   * Parses a {@code --candidate} value: {@code [LABEL:] --strategies NAME --base MS --cap MS --max-attempts N
   * --policies P}, any of the options, each once. Without a label, the options' values name it.
   */
  static CandidateOptions candidate(String value) {
    String text = value.strip();
    String label = null;
    int firstOption = text.indexOf("--");
    if (firstOption < 0) {
      throw new IllegalArgumentException("candidate: no options in '" + value + "' (give --strategies NAME --base MS "
          + "--cap MS --max-attempts N --policies P)");
    }
    if (firstOption > 0) {
      String head = text.substring(0, firstOption).strip();
      if (!head.endsWith(":") || head.length() == 1) {
        throw new IllegalArgumentException("candidate: expected 'LABEL: --option value ...': '" + value + "'");
      }
      label = head.substring(0, head.length() - 1).strip();
      text = text.substring(firstOption);
    }
    String[] tokens = text.split("\\s+");
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < tokens.length; i += 2) {
      String name = tokens[i].startsWith("--") ? tokens[i].substring(2) : null;
      if (name == null || !CANDIDATE_OPTIONS.contains(name)) {
        throw new IllegalArgumentException("candidate: unknown option '" + tokens[i] + "' in '" + value
            + "' (a candidate takes --strategies, --base, --cap, --max-attempts, --policies)");
      }
      if (i + 1 >= tokens.length || tokens[i + 1].startsWith("--")) {
        throw new IllegalArgumentException("candidate: " + tokens[i] + ": missing value in '" + value + "'");
      }
      if (options.put(name, tokens[i + 1]) != null) {
        throw new IllegalArgumentException("candidate: " + tokens[i] + " given twice in '" + value + "'");
      }
    }
    if (label == null) {
      StringBuilder sb = new StringBuilder(options.getOrDefault("strategies", "full-jitter"));
      if (options.containsKey("base") || options.containsKey("cap")) {
        sb.append(' ').append(options.getOrDefault("base", "")).append("..").append(options.getOrDefault("cap", ""));
      }
      if (options.containsKey("max-attempts")) {
        sb.append(" x").append(options.get("max-attempts"));
      }
      sb.append(' ').append(options.getOrDefault("policies", "retries"));
      label = sb.toString();
    }
    return new CandidateOptions(label, java.util.Collections.unmodifiableMap(options));
  }

  /** The system of a steady advise scenario file: the advisor's own mapping of its keys ({@code ScenarioSystems.of}). */
  static OverloadSystem scenarioSystem(String file) {
    Scenario s = Scenario.load(Path.of(file));
    if (s.isBurst()) {
      throw new IllegalArgumentException("scenario: " + file + " is a burst scenario; the testbed runs steady ones");
    }
    return ScenarioSystems.of(s);
  }

  private static double number(String name, String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a number: '" + value + "'");
    }
  }

  /** A load average as printed: {@code n/a} if negative (unavailable). */
  static String loadAverage(double load) {
    return load < 0 ? "n/a" : String.format(java.util.Locale.ROOT, "%.2f (1 min)", load);
  }

  private static String usage() {
    StringBuilder sb = new StringBuilder("usage: TestbedMain [--scenario FILE] [--candidate \"[LABEL:] OPTIONS\"]... "
        + "[--time-scale F] [--calibrate S] [--measure N] [--strategies LIST] "
        + "[--runs R] [--seed S] [--base D] [--cap D]");
    for (Parameter p : OverloadSimModel.INSTANCE.parameters()) {
      sb.append(p.kind() == Parameter.Kind.FLAG ? " [--" + p.name() + "]" : " [--" + p.name() + " " + p.label() + "]");
    }
    return sb.toString();
  }
}
