package io.github.backoff.cli;

import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * How the commands report problems: bad usage (a parse error, or an {@link IllegalArgumentException} from the
 * core's validation) is one line on standard error and exit code 2; anything else is one line and exit code 1.
 * Never a stack trace.
 */
final class Errors {
  private Errors() {}

  static int onParameterException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    cmd.getErr().println(prefix(cmd) + oneLine(ex.getMessage()) + " (see '" + cmd.getCommandSpec().qualifiedName()
        + " --help')");
    cmd.getErr().flush();
    return BackoffCommand.USAGE;
  }

  static int onExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
    if (ex instanceof ParameterException) {
      return onParameterException((ParameterException) ex, parseResult.originalArgs().toArray(new String[0]));
    }
    if (ex instanceof IllegalArgumentException) {
      cmd.getErr().println(prefix(cmd) + oneLine(ex.getMessage()));
      cmd.getErr().flush();
      return BackoffCommand.USAGE;
    }
    String message = ex.getMessage() == null ? ex.getClass().getSimpleName()
        : ex.getClass().getSimpleName() + ": " + ex.getMessage();
    cmd.getErr().println(prefix(cmd) + "failed: " + oneLine(message));
    cmd.getErr().flush();
    return BackoffCommand.FAILED;
  }

  private static String prefix(CommandLine cmd) {
    return cmd.getCommandSpec().qualifiedName() + ": ";
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
