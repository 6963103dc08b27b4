package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's {@code ./backoff} script (issue 23, item 6): its first build shows progress, module n of m, and
 * not Maven's log; a failed build shows the log. Run by a real bash against a copy of the script in a scratch
 * repository whose {@code mvnw} prints Maven's reactor lines and whose {@code java} only echoes (no real build).
 */
class BackoffScriptTest {
  @TempDir
  Path root;

  private Path bin;

  @BeforeEach
  void scratchRepository() throws IOException {
    Files.copy(Path.of("..", "backoff"), root.resolve("backoff"), StandardCopyOption.COPY_ATTRIBUTES);
    Files.writeString(root.resolve("pom.xml"), "<project/>");
    bin = Files.createDirectories(root.resolve("fake-bin"));
    executable(bin.resolve("java"), "#!/bin/sh\necho \"java $*\"\n");
  }

  @Test
  void firstRun_showsModuleNOfMThenRunsTheJar() throws Exception {
    mvnw(0);

    Result first = backoff("--version");

    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.err().lines()).contains(
        "backoff: building module 1 of 3: Backoff parent",
        "backoff: building module 2 of 3: Backoff core",
        "backoff: building module 3 of 3: Backoff command line");
    assertThat(first.err()).doesNotContain("[INFO]");
    assertThat(first.out()).startsWith("java -jar " + root.toRealPath().resolve("backoff-cli/target/backoff-cli.jar")
        + " --version");

    Result second = backoff("--version");
    assertThat(second.err()).as("the jar is fresh: no build").isEmpty();
  }

  @Test
  void failedBuild_showsMavensLogAndExitsOne() throws Exception {
    mvnw(1);

    Result run = backoff("--version");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("backoff: building module 2 of 3: Backoff core", "[ERROR] compilation failed",
        "backoff: build failed");
    assertThat(run.out()).isEmpty();
  }

  /** A Maven wrapper that prints a reactor build of three modules, then writes the jar or fails. */
  private void mvnw(int exitCode) throws IOException {
    String modules = "echo '[INFO] Reactor Build Order:'\n"
        + "echo '[INFO] Building Backoff parent 0.1.0-SNAPSHOT                                      [1/3]'\n"
        + "echo '[INFO] Building Backoff core 0.1.0-SNAPSHOT                                        [2/3]'\n";
    String end = exitCode == 0
        ? "echo '[INFO] Building Backoff command line 0.1.0-SNAPSHOT                                [3/3]'\n"
            + "mkdir -p backoff-cli/target && echo jar > backoff-cli/target/backoff-cli.jar\n"
        : "echo '[ERROR] compilation failed'\nexit " + exitCode + "\n";
    executable(root.resolve("mvnw"), "#!/bin/sh\n" + modules + end);
  }

  private static void executable(Path file, String text) throws IOException {
    Files.writeString(file, text);
    assertThat(file.toFile().setExecutable(true)).isTrue();
  }

  record Result(int exitCode, String out, String err) {}

  private Result backoff(String... args) throws Exception {
    String[] command = new String[args.length + 2];
    command[0] = "bash";
    command[1] = root.resolve("backoff").toString();
    System.arraycopy(args, 0, command, 2, args.length);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
    Path err = root.resolve("stderr.txt");
    Process p = builder.redirectError(err.toFile()).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), out, Files.readString(err));
  }
}
