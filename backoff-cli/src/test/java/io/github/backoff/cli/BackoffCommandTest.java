package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class BackoffCommandTest {

  @Test
  void help_listsTheSubCommandsAndExitCodes() {
    CliRun run = CliRun.of("--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: backoff", "schedule", "Exit codes:");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void version_printsTheProjectVersion() {
    CliRun run = CliRun.of("--version");
    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines().get(0)).matches("backoff \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void helpCommand_showsTheSubCommandsHelp() {
    CliRun run = CliRun.of("help", "schedule");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: backoff schedule", "--chart");
  }

  @Test
  void noSubCommand_printsUsageToStderrAsBadUsage() {
    CliRun run = CliRun.of();
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("Usage: backoff");
  }

  @Test
  void unknownSubCommand_oneLineExitTwo() {
    CliRun run = CliRun.of("simulate-everything");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.err()).contains("simulate-everything").doesNotContain("Exception");
  }

  @Test
  void onExecutionException_unexpectedFailure_oneLineExitOne() {
    CommandLine cmd = BackoffCommand.commandLine();
    StringWriter err = new StringWriter();
    cmd.setErr(new PrintWriter(err));
    int code = Errors.onExecutionException(new IllegalStateException("disk on fire\nreally"), cmd, null);
    assertThat(code).isEqualTo(BackoffCommand.FAILED);
    assertThat(err.toString()).isEqualTo("backoff: failed: disk on fire really" + System.lineSeparator());
  }
}
