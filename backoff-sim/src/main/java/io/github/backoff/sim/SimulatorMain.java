package io.github.backoff.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * A plain command-line entry point for the simulator, for timing and scripting without the {@code backoff} CLI.
 * Takes the options of {@code backoff simulate}:
 *
 * <pre>
 * java -cp CLASSPATH io.github.backoff.sim.SimulatorMain [--model occ|single-server] [--clients 10..190:10]
 *     [--strategies LIST] [--runs R] [--seed S] [--threads T] [--base D] [--cap D] [--out DIR] [--quiet]
 * </pre>
 *
 * <p>Prints the summary table and a timing line to stdout, a progress bar ({@link ProgressBar}) to stderr on a terminal, and on
 * a bad argument one line to stderr and exit status 2 (1 if the reports cannot be written).
 *
 * <pre>{@code
 * SimulatorMain.main(new String[] {"--runs", "10", "--out", "/tmp/sim"});
 * }</pre>
 */
public final class SimulatorMain {
  private SimulatorMain() {}

  /** Runs the simulator; see the class comment for the options. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the simulator and returns the exit status instead of exiting. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    SimulationConfig config;
    boolean quiet = false;
    try {
      SimulationConfig.Builder b = SimulationConfig.builder();
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        if (option.equals("--quiet")) {
          quiet = true;
          continue;
        }
        if (option.equals("--help") || option.equals("-h")) {
          out.println("usage: SimulatorMain [--model occ|single-server] [--clients 10..190:10] [--strategies LIST]"
              + " [--runs R] [--seed S] [--threads T] [--base D] [--cap D] [--out DIR] [--quiet]");
          return 0;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException(option + ": missing value");
        }
        String value = args[++i];
        switch (option) {
          case "--model" -> b.model(value);
          case "--clients" -> b.clients(value);
          case "--strategies" -> b.strategies(value);
          case "--runs" -> b.runs(parseInt("runs", value));
          case "--seed" -> b.seed(parseLong("seed", value));
          case "--threads" -> b.threads(parseInt("threads", value));
          case "--base" -> b.base(parseDouble("base", value));
          case "--cap" -> b.cap(parseDouble("cap", value));
          case "--out" -> b.out(Path.of(value));
          default -> throw new IllegalArgumentException("unknown option: " + option);
        }
      }
      config = b.build();
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      return 2;
    }
    boolean showProgress = !quiet && System.console() != null;
    ProgressListener progress = showProgress ? new ProgressBar(err) : ProgressListener.NONE;
    long started = System.nanoTime();
    SimulationResult result;
    try {
      result = Simulator.run(config, progress);
    } catch (IOException e) {
      err.println("error: cannot write reports to " + config.out() + ": " + e.getMessage());
      return 1;
    }
    double total = (System.nanoTime() - started) / 1e9;
    out.print(result.summary());
    out.println((long) config.runs() * config.clients().size() * config.strategies().size() + " runs, "
        + result.events() + " events in " + millis(result.elapsed().toNanos() / 1e9) + " s on " + config.threads()
        + " threads (" + Math.round(result.eventsPerSecond()) + " events/s); with reports " + millis(total)
        + " s; wrote " + config.out().toAbsolutePath().normalize());
    return 0;
  }

  private static String millis(double seconds) {
    return Long.toString(Math.round(seconds * 1000) / 1000) + "." + String.valueOf(1000 + Math.round(seconds * 1000)
        % 1000).substring(1);
  }

  private static int parseInt(String name, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a whole number: '" + value + "'");
    }
  }

  private static long parseLong(String name, String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a whole number: '" + value + "'");
    }
  }

  private static double parseDouble(String name, String value) {
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + ": not a number: '" + value + "'");
    }
  }
}
