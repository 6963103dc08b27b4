package io.github.backoff.sim;

import io.github.backoff.sim.spi.Parameter;
import io.github.backoff.sim.spi.Results;
import io.github.backoff.sim.spi.Settings;
import io.github.backoff.sim.spi.StrategyLookup;
import io.github.backoff.sim.spi.Study;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain command-line entry point for the simulator, for timing and scripting without the {@code backoff} CLI.
 * Takes the options of {@code backoff simulate}:
 *
 * <pre>
 * java -cp CLASSPATH io.github.backoff.sim.SimulationMain [--model occ|single-server|overload|hedging] [--strategies LIST]
 *     [--runs R] [--seed S] [--threads T] [--base D] [--cap D] [--out DIR] [--quiet] [model options]
 * </pre>
 *
 * <p>The model options are every registered model's {@link Parameter}s ({@code --clients 10..190:10},
 * {@code --rate 800}, {@code --drop-expired}, ...), as {@link ModelRegistry} lists them; durations and percentages
 * are written as everywhere ({@code --base 10ms}, {@code --timeout 1s}, {@code --outage-capacity 50%}: the core's
 * {@code DurationSpec} and {@code PercentSpec}; a bare number is refused).
 *
 * <p>Prints the summary table and a timing line to stdout, a progress bar ({@link ProgressBar}) to stderr on a terminal, and on
 * a bad argument one line to stderr and exit status 2 (1 if the reports cannot be written).
 *
 * <pre>{@code
 * SimulationMain.main(new String[] {"--runs", "10", "--out", "/tmp/sim"});
 * }</pre>
 */
public final class SimulationMain {
  private SimulationMain() {}

  /** Runs the simulator; see the class comment for the options. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the simulator and returns the exit status instead of exiting. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    return run(ModelRegistry.defaults(), args, out, err);
  }

  /** Runs a model of {@code registry}; its parameters are options like the common ones. */
  static int run(ModelRegistry registry, String[] args, PrintStream out, PrintStream err) {
    Study study;
    boolean quiet = false;
    try {
      String model = "occ";
      Map<String, String> options = new LinkedHashMap<>();
      Map<String, Parameter> parameters = new LinkedHashMap<>();
      registry.parameters().forEach(p -> parameters.put(p.name(), p));
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        if (option.equals("--quiet")) {
          quiet = true;
          continue;
        }
        if (option.equals("--help") || option.equals("-h")) {
          out.println(usage(registry));
          return 0;
        }
        String name = option.startsWith("--") ? option.substring(2) : "";
        Parameter parameter = parameters.get(name);
        if (!name.equals("model") && !Settings.COMMON.contains(name) && parameter == null) {
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
        if (name.equals("model")) {
          model = value;
        } else {
          options.put(name, value);
        }
      }
      study = Simulation.study(registry, model, Settings.of(options), StrategyLookup.NONE);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
    boolean showProgress = !quiet && System.console() != null;
    ProgressListener progress = showProgress ? new ProgressBar(err) : ProgressListener.NONE;
    long started = System.nanoTime();
    Simulation.Outcome outcome;
    try {
      outcome = Simulation.run(study, progress);
    } catch (IOException e) {
      err.println("error: cannot write reports to " + study.out() + ": " + e.getMessage());
      return 1;
    }
    double total = (System.nanoTime() - started) / 1e9;
    Results result = outcome.results();
    out.print(outcome.summary());
    out.println((long) study.runs() * study.points().size() + " runs, "
        + result.events() + " events in " + millis(result.elapsed().toNanos() / 1e9) + " s on " + study.threads()
        + " threads (" + Math.round(result.eventsPerSecond()) + " events/s); with reports " + millis(total)
        + " s; wrote " + study.out().toAbsolutePath().normalize());
    return 0;
  }

  private static String usage(ModelRegistry registry) {
    StringBuilder sb = new StringBuilder("usage: SimulationMain [--model " + String.join("|", registry.names())
        + "] [--strategies LIST] [--runs R] [--seed S] [--threads T] [--base D] [--cap D] [--out DIR] [--quiet]");
    for (Parameter p : registry.parameters()) {
      sb.append(p.kind() == Parameter.Kind.FLAG ? " [--" + p.name() + "]" : " [--" + p.name() + " " + p.label() + "]");
    }
    return sb.toString();
  }

  private static String millis(double seconds) {
    return Long.toString(Math.round(seconds * 1000) / 1000) + "." + String.valueOf(1000 + Math.round(seconds * 1000)
        % 1000).substring(1);
  }
}
