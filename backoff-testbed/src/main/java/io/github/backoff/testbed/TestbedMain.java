package io.github.backoff.testbed;

import io.github.backoff.sim.overload.NetworkLatency;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadSimModel;
import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The simulator against the testbed, from the command line: the options of {@code backoff simulate --model overload}
 * (plain numbers, as {@code SimulatorMain} takes them), plus {@code --time-scale F} (real seconds per model second,
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
 * <p>The defaults differ from the simulator's in two places: {@code --policies retries,retry-quota,token-bucket}
 * and {@code --runs 1}. Prints the measurements, one line per testbed run and the side-by-side table
 * ({@link Comparison#table()}). A bad option prints one line {@code error: ...} and exits with 2.
 *
 * <pre>{@code
 * java -cp "backoff-testbed/target/classes:backoff-testbed/target/lib/*" io.github.backoff.testbed.TestbedMain \
 *     --rate 80 --capacity 100 --queue 200 --outage-start 10 --outage-length 30 --horizon 60
 * }</pre>
 *
 * <p>Not thread-safe; a program entry point.
 */
public final class TestbedMain {
  /** The policies compared unless {@code --policies} says otherwise. */
  public static final String DEFAULT_POLICIES = "retries,retry-quota,token-bucket";
  /** The calibration run's index: streams of their own, apart from the compared runs'. */
  static final int CALIBRATION_RUN = 1_000_000;

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
    Map<String, String> options = new LinkedHashMap<>();
    options.put("policies", DEFAULT_POLICIES);
    options.put("runs", "1");
    double timeScale = 1;
    int measure = 500;
    double calibrate = 10;
    OverloadConfig scenario;
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
        boolean own = name.equals("time-scale") || name.equals("measure") || name.equals("calibrate");
        if (!own && !Settings.COMMON.contains(name) && parameter == null) {
          throw new IllegalArgumentException("unknown option: " + option);
        }
        if (parameter != null && parameter.kind() == Parameter.Kind.FLAG) {
          options.put(name, "true");
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
        } else {
          options.put(name, value);
        }
      }
      // Checked before the measurement: a bad option fails at once.
      scenario = OverloadSimModel.INSTANCE.config(Settings.of(options), StrategyLookup.NONE);
      for (var p : scenario.policies()) {
        if (p.rateLimiter() != null) {
          throw new IllegalArgumentException("policies: '" + p.name() + "' has a rate limiter, which the testbed "
              + "does not run");
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
        + loadAverage());
    NetworkLatency latency = NetworkLatency.ZERO;
    if (measure > 0) {
      LoopbackLatency.Measurement m = LoopbackLatency.measure(measure, Duration.ofMillis(2));
      out.println("loopback latency, sequential requests (real): " + m);
      latency = m.asLognormal().scaled(1 / timeScale);
    }
    if (!options.containsKey("network-latency")) {
      if (calibrate > 0) {
        Map<String, String> calibration = new LinkedHashMap<>(options);
        calibration.put("policies", "no-retry");
        calibration.put("outage-start", "0");
        calibration.put("outage-length", "0");
        calibration.put("horizon", Long.toString((long) calibrate));
        calibration.put("runs", "1");
        OverloadConfig c = OverloadSimModel.INSTANCE.config(Settings.of(calibration), StrategyLookup.NONE);
        TestbedResult r = Testbed.run(c, "no-retry", c.strategies().get(0), CALIBRATION_RUN, timeScale);
        out.println("network time in situ, calibration run (no-retry, no outage, " + (long) calibrate
            + " s; real): " + r.overhead() + "; send lag mean " + String.format(java.util.Locale.ROOT, "%.2f ms",
            r.lagMeanMs()));
        if (r.overhead().count() >= 10) {
          latency = r.overhead().asLognormal().scaled(1 / timeScale);
        }
      }
      options.put("network-latency", latency.toString());
      scenario = OverloadSimModel.INSTANCE.config(Settings.of(options), StrategyLookup.NONE);
    }
    out.println("network latency given to the simulator (model time): " + scenario.networkLatency());
    Comparison comparison = Comparison.run(scenario, timeScale, out);
    out.println();
    out.print(comparison.table());
    out.println("load average after: " + loadAverage());
    return 0;
  }

  private static double number(String name, String value) {
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a number: '" + value + "'");
    }
  }

  private static String loadAverage() {
    double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return load < 0 ? "n/a" : String.format(java.util.Locale.ROOT, "%.2f (1 min)", load);
  }

  private static String usage() {
    StringBuilder sb = new StringBuilder("usage: TestbedMain [--time-scale F] [--calibrate S] [--measure N] [--strategies LIST] "
        + "[--runs R] [--seed S] [--base D] [--cap D]");
    for (Parameter p : OverloadSimModel.INSTANCE.parameters()) {
      sb.append(p.kind() == Parameter.Kind.FLAG ? " [--" + p.name() + "]" : " [--" + p.name() + " " + p.label() + "]");
    }
    return sb.toString();
  }
}
