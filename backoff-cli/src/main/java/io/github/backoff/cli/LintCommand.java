package io.github.backoff.cli;

import io.github.backoff.cli.lint.Finding;
import io.github.backoff.cli.lint.GrpcServiceConfigLinter;
import io.github.backoff.cli.lint.JsonReader;
import io.github.backoff.cli.lint.Lint;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code backoff lint FILE.json}: checks a retry configuration (today grpc-java's service config) and prints one
 * line per problem on standard output, naming the field, and nothing else; {@code --explain} adds the schedule each
 * method will really get. Exit codes: 0 clean (notes only), 1 problems, 2 unreadable or bad usage. The checks are
 * {@link GrpcServiceConfigLinter}'s; this class only reads the file and prints.
 *
 * <p>Not thread-safe: picocli fills the fields, one instance per run.
 */
@Command(name = "lint",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
        "Checks a grpc-java retry service config (JSON) for what grpc-java ignores, lowers or fails on: maxAttempts "
            + "above 5, a methodConfig without a name, numbers as strings, missing or empty retryableStatusCodes, "
            + "durations not in proto3 JSON form (\"0.1s\"), no retryThrottling, no retryPolicy at all.",
        "Prints one line per problem (field: problem) and notes for some grpc-java versions (note: ...)."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:no problems (notes only)", "1:problems found", "2:unreadable file or bad usage"},
    footer = {"", "Examples:",
        "  backoff lint service-config.json",
        "  backoff lint --explain --grpc-java-version 1.85.1 service-config.json"})
final class LintCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE.json", description = "The service config, as JSON.")
  Path file;

  @Option(names = "--explain", description = "Also print, per method, the attempts and the waits grpc-java will "
      + "really make.")
  boolean explain;

  @Option(names = "--grpc-java-version", paramLabel = "VERSION",
      description = "The grpc-java version the config is for (e.g. 1.85.1): only the notes that concern it. "
          + "Default: every note.")
  String grpcJavaVersion;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Optional<int[]> version;
    try {
      version = grpcJavaVersion == null ? Optional.empty()
          : Optional.of(GrpcServiceConfigLinter.parseVersion(grpcJavaVersion));
    } catch (IllegalArgumentException e) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--grpc-java-version: " + e.getMessage());
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      err.println("backoff lint: cannot read " + file + ": " + Errors.describe(e));
      err.flush();
      return BackoffCommand.USAGE;
    }
    Lint lint;
    try {
      lint = GrpcServiceConfigLinter.lint(text, version);
    } catch (JsonReader.MalformedJsonException e) {
      err.println("backoff lint: " + file + " is not JSON: " + e.getMessage());
      err.flush();
      return BackoffCommand.USAGE;
    }
    for (Finding finding : lint.findings()) {
      out.println(finding.line());
    }
    if (explain) {
      for (String line : lint.explanation()) {
        out.println("explain: " + line);
      }
    }
    out.flush();
    return lint.hasProblems() ? BackoffCommand.FAILED : BackoffCommand.OK;
  }
}
