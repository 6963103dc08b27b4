package io.github.backoff.cli;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.Retrier;
import io.github.backoff.RetrierBuilder;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code backoff exec [options] -- COMMAND [ARGS...]}: runs COMMAND and, while it fails, waits and runs it again.
 * The retries are the core's: a {@code RetryPolicy<Integer>} on the exit code, run by a {@link Retrier}; this
 * class only parses, starts processes and logs.
 *
 * <p>Exit code: the command's from its last attempt; 124 if the last attempt timed out; 126/127 if it could not
 * be run; 2 for bad usage. On SIGINT or SIGTERM the running command's process tree is ended and the JVM exits
 * with 130 or 143, as shells do.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "exec",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Runs COMMAND and, while it fails, waits (backoff with jitter) and runs it again.",
        "",
        "Retries on any non-zero exit code except 126 and 127 (the command cannot run), unless --retry-on-exit or "
            + "--no-retry-on-exit say otherwise. Exits with the last attempt's exit code, 124 if it timed out.",
        "Strategies: " + Vocabulary.STRATEGIES_TOKEN + " (default full-jitter from 1s, capped at 60s).",
        "Presets: " + Vocabulary.PRESETS_TOKEN + ".",
        Vocabulary.DURATIONS},
    footer = {"", "Examples:",
        "  backoff exec --max-time 2m -- curl -fsS http://localhost:8080/health",
        "  backoff exec --strategy google-drive -- ./upload.sh",
        "  backoff exec --max-attempts 10 --attempt-timeout 30s --retry-on-exit 75 -- rsync -a src/ host:dst/"})
final class ExecCommand implements Callable<Integer> {
  static final int DEFAULT_MAX_ATTEMPTS = 5;
  static final Duration DEFAULT_BASE = Duration.ofSeconds(1);
  static final Duration DEFAULT_CAP = Duration.ofSeconds(60);
  static final int TIMED_OUT = 124;
  static final int CANNOT_EXECUTE = 126;
  static final int NOT_FOUND = 127;

  @Spec
  CommandSpec spec;

  @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "full-jitter",
      completionCandidates = Vocabulary.StrategyNames.class,
      description = "A strategy or preset name. Default ${DEFAULT-VALUE}.")
  String strategy;

  @Option(names = "--base", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The first wait (the median first wait for decorrelated-jitter-v2). Default 1s.")
  Duration base;

  @Option(names = "--cap", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "The largest wait. Default 60s (none for none and constant, or below a larger --base).")
  Duration cap;

  @Mixin
  StrategyOptions options = new StrategyOptions();

  @Option(names = "--max-attempts", paramLabel = "N",
      description = "Attempts in all, the first included. Default 5, or the preset's own limit.")
  Integer maxAttempts;

  @Option(names = "--max-time", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Total time budget: no wait that would end after it is started.")
  Duration maxTime;

  @Option(names = "--attempt-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Kill an attempt (its whole process tree) that runs longer.")
  Duration attemptTimeout;

  @Option(names = "--retry-on-exit", paramLabel = "CODES", split = ",", converter = ExitCodeConverter.class,
      description = "Retry only on these exit codes (comma-separated, 0 to 255).")
  List<Integer> retryOnExit;

  @Option(names = "--no-retry-on-exit", paramLabel = "CODES", split = ",", converter = ExitCodeConverter.class,
      description = "Never retry on these exit codes. Default 126,127.")
  List<Integer> noRetryOnExit;

  @Option(names = "--seed", paramLabel = "X", description = "Seed of the jitter, for reproducible delays.")
  Long seed;

  @Option(names = {"-q", "--quiet"}, description = "Do not log retry decisions on standard error.")
  boolean quiet;

  @Parameters(paramLabel = "COMMAND", arity = "0..*",
      description = "The command and its arguments, after --.")
  List<String> command = new ArrayList<>();

  /** The process of the attempt in flight, for the signal handler. */
  private final AtomicReference<Process> running = new AtomicReference<>();
  private volatile boolean stopping;
  /** The program could not be started: its one line says so, no "not retrying" line follows. */
  private boolean cannotRun;

  /** What a run does, from the options and the defaults: the one place both {@link #call()} and tests read. */
  static final class Settings {
    final StrategyOptions.Resolved strategy;
    final int maxAttempts;
    /** The time budget, or null for none. */
    final Duration maxTime;
    final ExitCodes exitCodes;

    Settings(StrategyOptions.Resolved strategy, int maxAttempts, Duration maxTime, ExitCodes exitCodes) {
      this.strategy = strategy;
      this.maxAttempts = maxAttempts;
      this.maxTime = maxTime;
      this.exitCodes = exitCodes;
    }

    @Override
    public String toString() {
      return strategy.description + "; max attempts " + maxAttempts + "; max time " + maxTime + "; " + exitCodes;
    }
  }

  Settings settings() {
    StrategyOptions.Resolved resolved = options.resolve(strategy, spec, base, cap, DEFAULT_BASE, DEFAULT_CAP);
    int attempts = maxAttempts != null ? maxAttempts
        : resolved.preset.map(p -> p.maxAttempts()).orElse(DEFAULT_MAX_ATTEMPTS);
    if (attempts < 1) {
      throw new ParameterException(spec.commandLine(), "--max-attempts must be >= 1: " + attempts);
    }
    ExitCodes exitCodes = new ExitCodes(retryOnExit, noRetryOnExit == null ? List.of(CANNOT_EXECUTE, NOT_FOUND)
        : noRetryOnExit);
    Duration budget = maxTime != null ? maxTime : resolved.preset.flatMap(p -> p.maxElapsed()).orElse(null);
    return new Settings(resolved, attempts, budget, exitCodes);
  }

  @Override
  public Integer call() {
    if (command.isEmpty()) {
      throw new ParameterException(spec.commandLine(),
          "missing COMMAND: usage: backoff exec [options] -- COMMAND [ARGS...]");
    }
    Settings settings = settings();
    int attempts = settings.maxAttempts;
    ExitCodes exitCodes = settings.exitCodes;
    PrintWriter err = spec.commandLine().getErr();

    RetryPolicyBuilder<Integer> policy = RetryPolicy.<Integer>builder()
        .withBackoff(settings.strategy.backoff)
        .withMaxAttempts(attempts)
        .retryOn(AttemptTimeoutException.class)
        .retryIfResult(exitCodes::isRetryable);
    Duration budget = settings.maxTime;
    if (budget != null) {
      policy.withMaxElapsed(requirePositive(budget, "--max-time"));
    }
    if (attemptTimeout != null) {
      policy.withAttemptTimeout(requirePositive(attemptTimeout, "--attempt-timeout"));
    }
    if (!quiet) {
      policy.onEvent(new Log(err, attempts, budget));
    }
    RetrierBuilder<Integer> retrier = Retrier.builder(policy.build());
    if (seed != null) {
      retrier.withRandom(new SplittableRandom(seed));
    }

    Thread hook = new Thread(this::endRunningCommand, "backoff-exec-signal");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      int exit = retrier.build().call(this::runOnce);
      if (exit != 0 && !quiet && !exitCodes.isRetryable(exit) && !cannotRun) {
        err.println("backoff: " + command.get(0) + " failed (exit " + exit + "); not retrying exit code " + exit);
      }
      return exit;
    } catch (RetryException e) {
      if (e.reason() == StopReason.INTERRUPTED) {
        return 130;
      }
      if (e.getCause() instanceof AttemptTimeoutException) {
        return TIMED_OUT;
      }
      err.println("backoff: " + command.get(0) + " failed: " + Errors.plain(e.getMessage()));
      return BackoffCommand.FAILED;
    } finally {
      err.flush();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // The JVM is exiting on a signal: the hook is running and ends the command.
      }
    }
  }

  /** One attempt: runs the command with the standard streams passed through and returns its exit code. */
  private int runOnce() throws InterruptedException {
    Process process;
    synchronized (running) {
      // Started under the lock the signal handler takes, so a signal never misses a process being started.
      if (stopping) {
        throw new InterruptedException("stopping on a signal");
      }
      Launch launch = Launch.of(command.get(0), System.getenv("PATH"));
      if (launch.exitCode != 0) {
        return cannotRun(launch.reason, launch.exitCode);
      }
      try {
        process = new ProcessBuilder(command).inheritIO().start();
      } catch (IOException e) {
        // Found and executable, yet not started (not a program the system can load, or gone since): a shell
        // says 126 here. The JDK's message is never parsed: its wording changes between releases.
        return cannotRun("cannot be executed (" + Errors.describe(e) + ")", CANNOT_EXECUTE);
      }
      running.set(process);
    }
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      // The attempt timed out (or the caller was interrupted): end the whole process tree, then report.
      endTree(process);
      throw e;
    } finally {
      running.set(null);
    }
  }

  /** Reports that the program cannot run, on one line, and returns {@code exitCode} (126 or 127). */
  private int cannotRun(String reason, int exitCode) {
    if (!quiet) {
      spec.commandLine().getErr().println("backoff: cannot run " + command.get(0) + ": " + reason);
      spec.commandLine().getErr().flush();
    }
    cannotRun = true;
    return exitCode;
  }

  /**
   * Whether a program can be started, decided from the file system as a shell does, never from the wording of the
   * JDK's exception: a name with a slash is that file; a bare name is looked up in each {@code PATH} directory.
   * Not found: 127. Found but not executable (or a directory): 126.
   */
  static final class Launch {
    /** 0 if the program can be started, else 126 or 127. */
    final int exitCode;
    /** Why not, in a shell's words; empty if it can. */
    final String reason;

    private Launch(int exitCode, String reason) {
      this.exitCode = exitCode;
      this.reason = reason;
    }

    static Launch of(String program, String path) {
      if (program.isEmpty()) {
        return new Launch(NOT_FOUND, "command not found");
      }
      if (program.contains("/") || program.contains(File.separator)) {
        return of(Path.of(program), "no such file or directory");
      }
      Launch found = new Launch(NOT_FOUND, "command not found");
      for (String dir : (path == null ? "" : path).split(File.pathSeparator, -1)) {
        for (String extension : EXTENSIONS) {
          // An empty PATH entry is the working directory, as POSIX says.
          Launch candidate = of(Path.of(dir.isEmpty() ? "." : dir).resolve(program + extension),
              "command not found");
          if (candidate.exitCode == 0) {
            return candidate;
          }
          if (candidate.exitCode == CANNOT_EXECUTE && found.exitCode == NOT_FOUND) {
            found = candidate; // bash: a non-executable match is reported only if no executable one follows
          }
        }
      }
      return found;
    }

    /** The name as given; on Windows also with the extensions of PATHEXT, as Windows looks a program up. */
    private static final List<String> EXTENSIONS = File.separatorChar == '\\'
        ? extensions(System.getenv().getOrDefault("PATHEXT", ".COM;.EXE;.BAT;.CMD")) : List.of("");

    private static List<String> extensions(String pathext) {
      List<String> all = new ArrayList<>(List.of(""));
      for (String e : pathext.split(";")) {
        if (!e.isBlank()) {
          all.add(e.strip().toLowerCase(Locale.ROOT));
        }
      }
      return List.copyOf(all);
    }

    private static Launch of(Path file, String missing) {
      if (!Files.exists(file)) {
        return new Launch(NOT_FOUND, missing);
      }
      if (Files.isDirectory(file)) {
        return new Launch(CANNOT_EXECUTE, "is a directory");
      }
      if (!Files.isExecutable(file)) {
        return new Launch(CANNOT_EXECUTE, "permission denied");
      }
      return new Launch(0, "");
    }
  }

  /** The shutdown hook (SIGINT, SIGTERM): no new attempt, and the running command's tree is ended. */
  private void endRunningCommand() {
    Process process;
    synchronized (running) {
      stopping = true;
      process = running.get();
    }
    if (process != null) {
      endTree(process);
    }
  }

  /** Ends {@code process} and all its descendants: politely (SIGTERM), then, after 2 s, by force. */
  static void endTree(Process process) {
    // Collect the descendants first: once the parent is gone, its children are re-parented and lost from view.
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    tree.add(process.toHandle());
    tree.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    for (ProcessHandle handle : tree) {
      long left = deadline - System.nanoTime();
      try {
        handle.onExit().get(Math.max(0, left), TimeUnit.NANOSECONDS);
      } catch (Exception notYet) {
        handle.destroyForcibly();
      }
    }
  }

  private Duration requirePositive(Duration d, String option) {
    if (d.isZero()) {
      throw new ParameterException(spec.commandLine(), option + " must be positive: 0");
    }
    return d;
  }

  /** Which exit codes are retried. */
  static final class ExitCodes {
    private final List<Integer> only;
    private final List<Integer> never;

    ExitCodes(List<Integer> only, List<Integer> never) {
      this.only = only == null ? null : List.copyOf(only);
      this.never = List.copyOf(never);
    }

    @Override
    public String toString() {
      return "retry on " + (only == null ? "any non-zero exit" : only) + " except " + never;
    }

    boolean isRetryable(Integer exit) {
      if (exit == 0 || never.contains(exit)) {
        return false;
      }
      return only == null || only.contains(exit);
    }
  }

  /** One line on standard error per retry decision. */
  static final class Log implements io.github.backoff.event.RetryListener<Integer> {
    private final PrintWriter err;
    private final int maxAttempts;
    private final Duration budget;

    Log(PrintWriter err, int maxAttempts, Duration budget) {
      this.err = err;
      this.maxAttempts = maxAttempts;
      this.budget = budget;
    }

    @Override
    public void onEvent(RetryEvent<? extends Integer> event) {
      if (event instanceof RetryScheduled) {
        RetryScheduled<? extends Integer> s = (RetryScheduled<? extends Integer>) event;
        err.println("backoff: attempt " + attempt(s.attempt()) + " failed (" + outcome(s.result(), s.failure())
            + "); retrying in " + seconds(s.delay()));
      } else if (event instanceof GaveUp) {
        GaveUp<? extends Integer> g = (GaveUp<? extends Integer>) event;
        err.println("backoff: attempt " + attempt(g.attempt()) + " failed (" + outcome(g.result(), g.failure())
            + "); " + why(g.reason()));
      }
      err.flush();
    }

    private String attempt(int n) {
      return maxAttempts == Integer.MAX_VALUE ? String.valueOf(n) : n + "/" + maxAttempts;
    }

    private String why(StopReason reason) {
      switch (reason) {
        case ATTEMPTS_EXHAUSTED:
          return "giving up";
        case TIME_BUDGET_EXHAUSTED:
          return "giving up: the next wait would end after --max-time " + seconds(budget);
        case INTERRUPTED:
          return "interrupted";
        default:
          return "giving up: " + reason.description();
      }
    }

    private static String outcome(Integer exit, Throwable failure) {
      if (failure instanceof AttemptTimeoutException) {
        return "timed out after " + seconds(((AttemptTimeoutException) failure).timeout());
      }
      return failure != null ? Errors.describe(failure) : "exit " + exit;
    }

    /** {@code 1.37s}, {@code 250ms}: short, like the rest of the command's output. */
    static String seconds(Duration d) {
      if (d.compareTo(Duration.ofSeconds(1)) < 0) {
        return BigDecimal.valueOf(d.toNanos(), 6).setScale(d.toNanos() < 10_000_000 ? 2 : 0, RoundingMode.HALF_UP)
            .stripTrailingZeros().toPlainString() + "ms";
      }
      return String.format(Locale.ROOT, "%.2f", d.toNanos() / 1e9).replaceAll("\\.?0+$", "") + "s";
    }
  }
}
