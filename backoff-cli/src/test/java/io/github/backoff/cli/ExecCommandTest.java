package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.github.backoff.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs real processes: {@code sh -c} scripts that fail a given number of times, counting in a temporary file. */
class ExecCommandTest {
  /** A wait as the retry log prints it: under a second in ms ({@code 610ms}, {@code 4.2ms}), else in s ({@code 1.37s}). */
  private static final String WAIT = "([1-9][0-9]*(\\.[0-9]{1,2})?s|[0-9]+(\\.[0-9]{1,2})?ms)";
  /** A line of the retry log, as {@link ExecCommand.Log} prints it. */
  static final Pattern LOG_LINE = Pattern.compile("backoff: attempt [0-9]+(/[0-9]+)? failed \\((exit [0-9]+|timed out "
      + "after " + WAIT + ")\\); (retrying in " + WAIT + "|giving up.*)");

  @TempDir
  Path dir;

  /** A script that fails with {@code code} until it has run {@code failures} times, then exits 0. */
  private String[] failing(int failures, int code) {
    Path counter = dir.resolve("count");
    String script = "n=$(cat '" + counter + "' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '" + counter + "'; "
        + "[ $n -gt " + failures + " ] || exit " + code;
    return new String[] {"sh", "-c", script};
  }

  private int runs() throws IOException {
    Path counter = dir.resolve("count");
    return Files.exists(counter) ? Integer.parseInt(Files.readString(counter).strip()) : 0;
  }

  private static String[] args(List<String> options, String... command) {
    List<String> all = new ArrayList<>();
    all.add("exec");
    all.addAll(options);
    all.add("--");
    all.addAll(List.of(command));
    return all.toArray(new String[0]);
  }

  @Test
  void exec_failsTwiceThenSucceeds_exitsZeroAfterThreeAttempts() throws IOException {
    CliRun run = CliRun.of(args(List.of("--base", "1ms", "--seed", "1"), failing(2, 1)));

    assertThat(run.exitCode()).isZero();
    assertThat(runs()).isEqualTo(3);
    assertThat(run.errLines()).hasSize(2).allMatch(l -> l.matches(
        "backoff: attempt [12]/5 failed \\(exit 1\\); retrying in [0-9.]+m?s"))
        .allMatch(l -> LOG_LINE.matcher(l).matches());
  }

  @Test
  void docs_sampleRetryLogs_areInTheFormatTheCommandPrints() throws IOException {
    int lines = 0;
    for (Path file : DocumentedCommandsTest.markdown()) {
      for (String line : Files.readAllLines(file)) {
        if (line.strip().startsWith("backoff: attempt")) {
          assertThat(line.strip()).as("%s: a retry log line as exec prints it", file).matches(LOG_LINE);
          lines++;
        }
      }
    }
    assertThat(lines).as("sample retry log lines in README.md and docs/").isGreaterThanOrEqualTo(3);
  }

  @Test
  void exec_alwaysFails_passesTheLastExitCodeThrough() throws IOException {
    CliRun run = CliRun.of(args(List.of("--base", "1ms", "--max-attempts", "3"), failing(100, 42)));

    assertThat(run.exitCode()).isEqualTo(42);
    assertThat(runs()).isEqualTo(3);
    assertThat(run.errLines()).last().isEqualTo("backoff: attempt 3/3 failed (exit 42); giving up");
  }

  @Test
  void exec_exitCodes126And127_areNotRetried() throws IOException {
    CliRun notFound = CliRun.of(args(List.of("--base", "1ms"), failing(100, 127)));
    assertThat(notFound.exitCode()).isEqualTo(127);
    assertThat(runs()).isEqualTo(1);

    Files.delete(dir.resolve("count"));
    CliRun cannotRun = CliRun.of(args(List.of("--base", "1ms"), failing(100, 126)));
    assertThat(cannotRun.exitCode()).isEqualTo(126);
    assertThat(runs()).isEqualTo(1);
  }

  @Test
  void exec_programNotFound_exits127WithOneLine() {
    CliRun run = CliRun.of(args(List.of("--base", "1ms"), "/no/such/program"));

    assertThat(run.exitCode()).isEqualTo(127);
    assertThat(run.errLines()).first().asString().startsWith("backoff: cannot run /no/such/program");
  }

  @Test
  void exec_programNotFound_oneLineFromTheFileSystemNotTheJdkMessage() {
    // On JDK 25 the JDK's "Cannot run program" wording changed and this used to exit 126 with two lines.
    CliRun run = CliRun.of(args(List.of("--base", "1ms"), "/no/such/program"));

    assertThat(run.exitCode()).isEqualTo(ExecCommand.NOT_FOUND);
    assertThat(run.errLines()).containsExactly("backoff: cannot run /no/such/program: no such file or directory");
  }

  @Test
  void exec_bareNameNotOnPath_exits127CommandNotFound() {
    CliRun run = CliRun.of(args(List.of("--base", "1ms"), "no-such-program-of-backoff"));

    assertThat(run.exitCode()).isEqualTo(ExecCommand.NOT_FOUND);
    assertThat(run.errLines()).containsExactly("backoff: cannot run no-such-program-of-backoff: command not found");
  }

  @Test
  void exec_fileNotExecutable_exits126WithOneLine() throws IOException {
    Path file = Files.writeString(dir.resolve("not-executable.sh"), "#!/bin/sh\nexit 0\n");

    CliRun run = CliRun.of(args(List.of("--base", "1ms"), file.toString()));

    assertThat(run.exitCode()).isEqualTo(ExecCommand.CANNOT_EXECUTE);
    assertThat(run.errLines()).containsExactly("backoff: cannot run " + file + ": permission denied");
  }

  @Test
  void exec_directory_exits126() {
    CliRun run = CliRun.of(args(List.of("--base", "1ms"), dir.toString()));

    assertThat(run.exitCode()).isEqualTo(ExecCommand.CANNOT_EXECUTE);
    assertThat(run.errLines()).containsExactly("backoff: cannot run " + dir + ": is a directory");
  }

  @Test
  void launch_bareName_isLookedUpOnPathLikeAShell() throws IOException {
    Path first = Files.createDirectories(dir.resolve("first"));
    Path second = Files.createDirectories(dir.resolve("second"));
    Files.writeString(first.resolve("tool"), "#!/bin/sh\n");
    Path executable = Files.writeString(second.resolve("tool"), "#!/bin/sh\n");
    assertThat(executable.toFile().setExecutable(true)).isTrue();
    String path = first + ":" + second;

    assertThat(ExecCommand.Launch.of("tool", path).exitCode).as("an executable later on PATH").isZero();
    assertThat(ExecCommand.Launch.of("tool", first.toString()).exitCode).as("only a non-executable one")
        .isEqualTo(ExecCommand.CANNOT_EXECUTE);
    assertThat(ExecCommand.Launch.of("other", path).exitCode).isEqualTo(ExecCommand.NOT_FOUND);
    assertThat(ExecCommand.Launch.of("tool", null).exitCode).isEqualTo(ExecCommand.NOT_FOUND);
    assertThat(ExecCommand.Launch.of(executable.toString(), "").exitCode).isZero();
  }

  @Test
  void exec_noRetryOnExit_listedCodeStopsAtOnce() throws IOException {
    CliRun run = CliRun.of(args(List.of("--base", "1ms", "--no-retry-on-exit", "3,4"), failing(100, 4)));

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(runs()).isEqualTo(1);
  }

  @Test
  void exec_retryOnExit_onlyListedCodesAreRetried() throws IOException {
    CliRun other = CliRun.of(args(List.of("--base", "1ms", "--retry-on-exit", "75"), failing(100, 1)));
    assertThat(other.exitCode()).isEqualTo(1);
    assertThat(runs()).isEqualTo(1);

    Files.delete(dir.resolve("count"));
    CliRun listed = CliRun.of(args(List.of("--base", "1ms", "--retry-on-exit", "75"), failing(2, 75)));
    assertThat(listed.exitCode()).isZero();
    assertThat(runs()).isEqualTo(3);
  }

  @Test
  void exec_attemptTimeout_killsTheProcessTreeAndExits124() throws Exception {
    Path pids = dir.resolve("pids");
    String script = "sleep 60 & echo $! >> '" + pids + "'; sh -c 'sleep 60' & echo $! >> '" + pids + "'; wait";

    long start = System.nanoTime();
    CliRun run = CliRun.of(args(List.of("--base", "1ms", "--max-attempts", "2", "--attempt-timeout", "300ms"),
        "sh", "-c", script));
    long took = System.nanoTime() - start;

    assertThat(run.exitCode()).isEqualTo(124);
    assertThat(run.errLines()).last().isEqualTo("backoff: attempt 2/2 failed (timed out after 300ms); giving up");
    assertThat(Duration.ofNanos(took)).isLessThan(Duration.ofSeconds(20));
    List<String> children = Files.readAllLines(pids);
    assertThat(children).hasSize(4);
    for (String pid : children) {
      ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(p -> {
        p.onExit().orTimeout(10, TimeUnit.SECONDS).join();
      });
      assertThat(ProcessHandle.of(Long.parseLong(pid.strip())).map(ProcessHandle::isAlive)).isNotEqualTo(
          java.util.Optional.of(true));
    }
  }

  @Test
  void exec_maxTime_noWaitEndsAfterTheBudget() throws IOException {
    long start = System.nanoTime();
    CliRun run = CliRun.of(args(List.of("--strategy", "constant", "--base", "1s", "--max-attempts", "10",
        "--max-time", "3s"), failing(100, 1)));
    long took = System.nanoTime() - start;

    assertThat(run.exitCode()).isEqualTo(1);
    // Attempts at about 0, 1 and 2 s; a fourth would start at 3 s or later. Two if starting the processes took a
    // loaded machine over a second; one only after a 2 s stall (with 400 ms waits and a 1 s budget, 600 ms did it).
    assertThat(runs()).isBetween(2, 3);
    // Without the budget: ten attempts, 9 s of waits; with it, 3 s and whatever the last attempt took.
    assertThat(Duration.ofNanos(took)).isLessThan(Duration.ofMillis(3_000 + 3_000));
    assertThat(run.errLines()).last().asString()
        .endsWith("giving up: the next wait would end after --max-time 3s");
  }

  @Test
  void exec_quiet_logsNothing() throws IOException {
    CliRun run = CliRun.of(args(List.of("--base", "1ms", "--quiet"), failing(1, 1)));

    assertThat(run.exitCode()).isZero();
    assertThat(run.err()).isEmpty();
  }

  @Test
  void exec_preset_usesItsAttemptLimit() throws IOException {
    CliRun run = CliRun.of(args(List.of("--strategy", "ethernet"), failing(100, 1)));

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(runs()).isEqualTo(16);
  }

  @Test
  void exec_badUsage_oneLineExitTwo() {
    for (String[] bad : List.of(
        new String[] {"exec"},
        new String[] {"exec", "--max-attempts", "0", "--", "true"},
        new String[] {"exec", "--max-attempts", "abc", "--", "true"},
        new String[] {"exec", "--base", "-5ms", "--", "true"},
        new String[] {"exec", "--strategy", "bogus", "--", "true"},
        new String[] {"exec", "--max-time", "0", "--", "true"},
        new String[] {"exec", "--strategy", "exponential", "--base", "2s", "--cap", "1s", "--", "true"})) {
      CliRun run = CliRun.of(bad);
      assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
      assertThat(run.errLines()).as(String.join(" ", bad)).hasSize(1);
      assertThat(run.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }
  }

  @Test
  void log_seconds_formatsShortDurations() {
    assertThat(ExecCommand.Log.seconds(Duration.ofMillis(1370))).isEqualTo("1.37s");
    assertThat(ExecCommand.Log.seconds(Duration.ofSeconds(2))).isEqualTo("2s");
    assertThat(ExecCommand.Log.seconds(Duration.ofMillis(250))).isEqualTo("250ms");
    assertThat(ExecCommand.Log.seconds(Duration.ofNanos(5_670_000))).isEqualTo("5.67ms");
  }

  // ------------------------------------------------------------------ as a separate process: streams and signals

  private static Process backoff(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "io.github.backoff.cli.BackoffCommand"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).start();
  }

  @Test
  void exec_standardStreams_arePassedThroughUnchanged() throws Exception {
    Process p = backoff("exec", "--quiet", "--", "sh", "-c", "cat; echo to-stderr >&2");
    p.getOutputStream().write("line 1\nline 2\n".getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();

    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("line 1\nline 2\n");
    assertThat(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("to-stderr\n");
    assertThat(p.exitValue()).isZero();
  }

  @Test
  void exec_sigterm_endsTheCommandAndExits143() throws Exception {
    Path pid = dir.resolve("pid");
    Process p = backoff("exec", "--", "sh", "-c", "echo $$ > '" + pid + "'; exec sleep 60");
    // Parked, not spinning: a busy wait would take a core from the JVM the script is starting.
    Await.until(() -> {
      try {
        return Files.exists(pid) && !Files.readString(pid).isBlank();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, Duration.ofSeconds(30));
    long child = Long.parseLong(Files.readString(pid).strip());

    p.destroy(); // SIGTERM

    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(143);
    ProcessHandle.of(child).ifPresent(h -> h.onExit().orTimeout(10, TimeUnit.SECONDS).join());
    assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  @Test
  void exec_sigintWhileWaiting_exits130() throws Exception {
    assumeThat(sigintIgnoredHere()).as("SIGINT is ignored in this JVM, and so in the CLI's (started in the background"
        + " by a non-interactive shell, e.g. `nohup ... &`): the CLI cannot receive it").isFalse();
    Process p = backoff("exec", "--strategy", "constant", "--base", "60s", "--", "sh", "-c", "exit 1");
    try {
      byte[] line = new byte[256];
      int n = p.getErrorStream().read(line); // the first retry line: now it waits 60 s
      assertThat(new String(line, 0, Math.max(0, n), StandardCharsets.UTF_8))
          .startsWith("backoff: attempt 1/5 failed");

      new ProcessBuilder("kill", "-INT", String.valueOf(p.pid())).start().waitFor();

      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).isEqualTo(130);
    } finally {
      p.destroyForcibly(); // on a failure, not left waiting its 60 s retries
    }
  }

  /**
   * Whether SIGINT is ignored in this process (Linux's /proc/self/status; false where that is absent). A JVM started
   * with SIGINT ignored keeps it ignored, and a process it starts inherits that.
   */
  private static boolean sigintIgnoredHere() throws IOException {
    Path status = Path.of("/proc/self/status");
    if (!Files.isReadable(status)) {
      return false;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16) & (1L << (2 - 1))) != 0;
      }
    }
    return false;
  }
}
