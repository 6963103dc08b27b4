package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** User messages carry no Java class names: Errors turns them into plain words, for every command. */
class ErrorsTest {
  /** A Java class name as a user would notice it: {@code java.nio...}, {@code ...Exception}, {@code ...Error}. */
  static final Pattern JAVA_NAMES = Pattern.compile("java\\.|javax\\.|picocli\\.|\\w+(Exception|Error)\\b");

  @TempDir
  Path dir;

  @Test
  void describe_noSuchFile_fileAndPlainWords() {
    assertThat(Errors.describe(new NoSuchFileException("/proc/forbidden/results.csv")))
        .isEqualTo("/proc/forbidden/results.csv: no such file or directory");
  }

  @Test
  void describe_accessDenied_wrappedInUnchecked_unwrapped() {
    assertThat(Errors.describe(new UncheckedIOException(new AccessDeniedException("/root/x"))))
        .isEqualTo("/root/x: permission denied");
  }

  @Test
  void describe_fileSystemExceptionWithReason_theOperatingSystemsWordsInLowerCase() {
    assertThat(Errors.describe(new FileSystemException("/a", null, "Read-only file system")))
        .isEqualTo("/a: read-only file system");
  }

  @Test
  void describe_noMessage_noClassName() {
    assertThat(Errors.describe(new NullPointerException())).startsWith("unexpected internal error");
    assertThat(Errors.describe(new IOException())).isEqualTo("input/output error");
  }

  @Test
  void plain_qualifiedClassNameInAMessage_becomesWords() {
    assertThat(Errors.plain("cannot create --out directory /proc/forbidden: "
        + "java.nio.file.NoSuchFileException: /proc/forbidden"))
        .isEqualTo("cannot create --out directory /proc/forbidden: no such file or directory");
    assertThat(Errors.plain("failed: java.lang.IllegalStateException: disk on fire"))
        .isEqualTo("failed: disk on fire");
    assertThat(Errors.plain("oops: java.lang.NullPointerException")).isEqualTo("oops: unexpected internal error");
  }

  @Test
  void plain_simpleClassName_becomesWords() {
    assertThat(Errors.plain("AccessDeniedException: /etc/shadow")).isEqualTo("/etc/shadow: permission denied");
    assertThat(Errors.plain("IllegalStateException: not now")).isEqualTo("not now");
  }

  @Test
  void plain_multiLine_oneLine() {
    assertThat(Errors.plain("one\n  two\r\nthree")).isEqualTo("one two three");
  }

  /** Each command's error paths, through the real command line: one line, no Java class name. */
  static Stream<List<String>> badInvocations() {
    return Stream.of(
        List.of("no-such-command"),
        List.of("--no-such-option"),
        List.of("schedule"),
        List.of("schedule", "no-such-strategy"),
        List.of("schedule", "full-jitter", "--base", "soon"),
        List.of("schedule", "full-jitter", "--samples", "many"),
        List.of("schedule", "full-jitter", "--base", "2s", "--cap", "1s"),
        List.of("schedule", "google-drive", "--base", "1s"),
        List.of("schedule", "full-jitter", "--chart", "/proc/forbidden/x.png"),
        List.of("schedule", "full-jitter", "--samples", "1", "--max-attempts", "2", "--chart", "/proc/x.png"),
        List.of("schedule", "full-jitter", "--format", "yaml"),
        List.of("exec"),
        List.of("exec", "--max-attempts", "0", "--", "true"),
        List.of("exec", "--seed", "x", "--", "true"),
        List.of("exec", "--max-time", "0s", "--", "true"),
        List.of("exec", "--strategy", "nope", "--", "true"),
        List.of("exec", "--max-attempts", "1", "--", "/no/such/program"),
        List.of("exec", "--max-attempts", "1", "--", "/proc"),
        List.of("simulate", "--out", "/proc/forbidden"),
        List.of("simulate", "--runs", "x"),
        List.of("simulate", "--model", "nope"),
        List.of("simulate", "--clients", "0"),
        List.of("completion"),
        List.of("completion", "fish"));
  }

  @ParameterizedTest
  @MethodSource("badInvocations")
  void badInvocation_oneLineWithoutJavaClassNames(List<String> args) {
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as("exit code of %s", args).isNotZero();
    String lastLine = run.errLines().isEmpty() ? "" : run.errLines().get(run.errLines().size() - 1);
    assertThat(run.err()).as("stderr of %s", args).doesNotContainPattern(JAVA_NAMES).isNotBlank();
    assertThat(lastLine).as("stderr of %s", args).startsWith("backoff");
  }

  @Test
  void simulate_outUnderProc_oneLineNamingTheDirectoryWithoutClassNames() {
    // The example: it printed java.nio.file.NoSuchFileException. (The words of the reason depend on how
    // simulate reports it; a command should pass the exception to Errors.describe, not its getMessage().)
    CliRun run = CliRun.of("simulate", "--out", "/proc/forbidden");
    assertThat(run.exitCode()).isNotZero();
    assertThat(run.errLines()).hasSize(1);
    assertThat(run.err()).contains("/proc/forbidden").doesNotContainPattern(JAVA_NAMES);
  }

  @Test
  void schedule_chartIntoAFileThatIsADirectoryParentAsFile_plainWords() throws IOException {
    Path file = Files.writeString(dir.resolve("plain-file"), "x");
    CliRun run = CliRun.of("schedule", "full-jitter", "--samples", "1", "--max-attempts", "2", "--chart",
        file.resolve("chart.png").toString());
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.err()).contains(file.toString()).doesNotContainPattern(JAVA_NAMES);
  }
}
