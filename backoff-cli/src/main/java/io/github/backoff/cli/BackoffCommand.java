package io.github.backoff.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The {@code backoff} command: the entry point of the command line. Sub-commands are listed in
 * {@link Command#subcommands()} below; to add one, write a class like {@link ScheduleCommand} and list it there.
 *
 * <p>Exit codes: {@value #OK} success, {@value #FAILED} the work failed, {@value #USAGE} bad usage. Bad usage
 * prints one line to standard error naming the problem, never a stack trace.
 *
 * <p>Not thread-safe: picocli fills a command object's fields, so build a {@link #commandLine()} per run.
 *
 * <pre>{@code
 * int exitCode = BackoffCommand.commandLine().execute("schedule", "google-drive", "--seed", "7");
 * }</pre>
 */
@Command(name = "backoff",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Retries with exponential backoff and jitter: simulate competing clients, find the retry policy for a service by simulation, inspect strategies and presets of well-known clients, retry any command, lint a gRPC retry service config; shell completion.",
    subcommands = {ScheduleCommand.class, SimulateCommand.class, AdviseCommand.class, ExecCommand.class,
        LintCommand.class, CompletionCommand.class,
        CommandLine.HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:success", "1:the work failed", "2:bad usage (the problem is printed on one line)"})
public final class BackoffCommand implements Callable<Integer> {
  /** Exit code: success. */
  public static final int OK = 0;
  /** Exit code: the work failed. */
  public static final int FAILED = 1;
  /** Exit code: bad usage. */
  public static final int USAGE = 2;

  @Spec
  CommandSpec spec;

  /** A fresh command line with the error handling of the {@code backoff} command. */
  public static CommandLine commandLine() {
    CommandLine commandLine = Vocabulary.fill(new CommandLine(new BackoffCommand()));
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setExecutionStrategy(BackoffCommand::execute);
    commandLine.setParameterExceptionHandler(Errors::onParameterException);
    commandLine.setExecutionExceptionHandler(Errors::onExecutionException);
    return commandLine;
  }

  /** Runs the command with {@code args}, writing to {@code out} and {@code err}; returns the exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine commandLine = commandLine();
    commandLine.setOut(out);
    commandLine.setErr(err);
    try {
      return commandLine.execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  /**
   * picocli's {@code RunLast}, except that a word after {@code --help} or {@code --version} is bad usage: picocli
   * would ignore it, and {@code backoff --version extra} should not pass silently.
   */
  private static int execute(ParseResult parseResult) {
    for (ParseResult p = parseResult; p != null; p = p.subcommand()) {
      if ((p.isUsageHelpRequested() || p.isVersionHelpRequested()) && !p.unmatched().isEmpty()) {
        String option = p.isVersionHelpRequested() ? "--version" : "--help";
        throw new ParameterException(p.commandSpec().commandLine(), option + " takes no arguments: '"
            + String.join(" ", p.unmatched()) + "'");
      }
    }
    return new CommandLine.RunLast().execute(parseResult);
  }

  /** Entry point of the runnable jar. */
  public static void main(String[] args) {
    // Charts are drawn off-screen; never look for a display.
    System.setProperty("java.awt.headless", "true");
    System.exit(commandLine().execute(args));
  }

  /** {@code backoff} without a sub-command: the usage, on standard error, as bad usage. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return USAGE;
  }
}
