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

  /** {@code first} followed by {@code more}: a test's fixed arguments plus a case's own. */
  static String[] concat(String[] first, String... more) {
    String[] args = new String[first.length + more.length];
    System.arraycopy(first, 0, args, 0, first.length);
    System.arraycopy(more, 0, args, first.length, more.length);
    return args;
  }

  List<String> outLines() {
    return out.lines().toList();
  }

  List<String> errLines() {
    return err.lines().toList();
  }
}
