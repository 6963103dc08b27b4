package io.github.backoff.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** One in-process run of the real command line: exit code and what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = BackoffCommand.run(new PrintWriter(out), new PrintWriter(err), args);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  List<String> outLines() {
    return out.lines().toList();
  }

  List<String> errLines() {
    return err.lines().toList();
  }
}
