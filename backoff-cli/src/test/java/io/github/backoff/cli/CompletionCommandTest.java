package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The completion scripts are valid shell and really complete: run by bash (and zsh where installed). */
class CompletionCommandTest {
  @TempDir
  Path dir;

  @Test
  void completionBash_isValidBash() throws Exception {
    Path script = script("bash");
    assertThat(run("bash", "-n", script.toString()).exitCode()).isZero();
  }

  @Test
  void completionBash_completesSubCommandsOptionsAndValues() throws Exception {
    Path script = script("bash");
    assertThat(complete(script, "backoff", "sch")).containsExactly("schedule");
    assertThat(complete(script, "backoff", "")).contains("schedule", "simulate", "advise", "exec", "completion");
    assertThat(complete(script, "backoff", "advise", "--sc")).containsExactly("--scenario");
    assertThat(complete(script, "backoff", "schedule", "--ba")).containsExactly("--base");
    assertThat(complete(script, "backoff", "exec", "--max-")).containsExactlyInAnyOrder("--max-attempts",
        "--max-time");
    assertThat(complete(script, "backoff", "completion", "z")).containsExactly("zsh");
  }

  @Test
  void completionBash_completesStrategyAndPresetNames() throws Exception {
    Path script = script("bash");
    List<String> all = Vocabulary.strategyAndPresetNames();
    assertThat(complete(script, "backoff", "schedule", "")).containsExactlyInAnyOrderElementsOf(all);
    assertThat(complete(script, "backoff", "exec", "--strategy", "")).containsExactlyInAnyOrderElementsOf(all);
    assertThat(complete(script, "backoff", "schedule", "aws-")).containsExactlyInAnyOrder("aws-simpledb",
        "aws-sdk-standard", "aws-sdk-legacy", "aws-sdk-2026", "aws-dynamodb-2026");
    assertThat(complete(script, "backoff", "exec", "--strategy", "goo")).containsExactlyInAnyOrder(
        "google-http-client", "google-drive");
    assertThat(complete(script, "backoff", "simulate", "--strategies", "decorrelated-jitter-"))
        .containsExactly("decorrelated-jitter-v2");
  }

  @Test
  void completionBash_completesFormatAndModelValues() throws Exception {
    Path script = script("bash");
    assertThat(complete(script, "backoff", "schedule", "full-jitter", "--format", ""))
        .containsExactlyInAnyOrder("table", "csv", "json");
    assertThat(complete(script, "backoff", "schedule", "full-jitter", "--format", "c")).containsExactly("csv");
    assertThat(complete(script, "backoff", "simulate", "--model", ""))
        .containsExactlyInAnyOrderElementsOf(io.github.backoff.sim.ModelRegistry.defaults().names());
  }

  @Test
  void completionBash_completesFilePathsForFileOptions() throws Exception {
    Path script = script("bash");
    Files.createDirectories(dir.resolve("charts-dir"));
    Files.writeString(dir.resolve("chart-old.png"), "");
    String prefix = dir.resolve("chart").toString();
    assertThat(complete(script, "backoff", "schedule", "full-jitter", "--chart", prefix))
        .containsExactlyInAnyOrder(prefix + "-old.png", prefix + "s-dir");
    assertThat(complete(script, "backoff", "simulate", "--out", prefix))
        .contains(prefix + "s-dir");
    assertThat(complete(script, "backoff", "advise", "--scenario", prefix))
        .containsExactlyInAnyOrder(prefix + "-old.png", prefix + "s-dir");
  }

  @Test
  void completionZsh_isValidZshAndNamesZsh() throws Exception {
    CliRun run = CliRun.of("completion", "zsh");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("#!").contains("zsh", "bashcompinit", "complete -F");
    assumeThat(onPath("zsh")).as("zsh installed").isTrue();
    Path script = script("zsh");
    assertThat(run("zsh", "-n", script.toString()).exitCode()).isZero();
    // Sourced by a zsh without any start-up file, it registers itself as backoff's completion.
    Result registered = run("zsh", "-fc", "source '" + script + "' && print -r -- \"$_comps[backoff]\"");
    assertThat(registered.exitCode()).as(registered.output()).isZero();
    assertThat(registered.output()).contains("_complete_backoff");
  }

  @Test
  void completionZsh_completesPresets() throws Exception {
    assumeThat(onPath("zsh")).as("zsh installed").isTrue();
    Path script = script("zsh");
    // The zsh script is bash's run through bashcompinit: the same function fills COMPREPLY.
    Result result = run("zsh", "-fc", "source '" + script + "'\n"
        + "COMP_WORDS=(backoff schedule aws-sdk-2) COMP_CWORD=2 COMP_LINE='backoff schedule aws-sdk-2'\n"
        + "COMP_POINT=${#COMP_LINE}\n_complete_backoff backoff aws-sdk-2 schedule 2>/dev/null\n"
        + "print -rl -- $COMPREPLY");
    assertThat(result.output().lines().map(String::strip).filter(l -> !l.isEmpty()))
        .containsExactly("aws-sdk-2026");
  }

  @Test
  void completion_unknownShell_badUsage() {
    CliRun run = CliRun.of("completion", "fish");
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.err()).contains("fish", "bash", "zsh");
  }

  private Path script(String shell) throws IOException {
    CliRun run = CliRun.of("completion", shell);
    assertThat(run.exitCode()).isZero();
    return Files.writeString(dir.resolve("backoff." + shell), run.out());
  }

  /** What bash completes for the last word of {@code words}, as a user pressing TAB would get it. */
  private java.util.List<String> complete(Path script, String... words) throws Exception {
    StringBuilder array = new StringBuilder();
    for (String w : words) {
      array.append(" '").append(w).append('\'');
    }
    String line = String.join(" ", words);
    String program = "source '" + script + "'\n"
        + "COMP_WORDS=(" + array + ")\n"
        + "COMP_CWORD=" + (words.length - 1) + "\n"
        + "COMP_LINE='" + line + "'\nCOMP_POINT=" + line.length() + "\n"
        + "_complete_backoff backoff '" + words[words.length - 1] + "' '" + words[Math.max(0, words.length - 2)]
        + "' 2>/dev/null\n" // picocli's script calls compopt, which only works in a real completion
        + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Result result = run("bash", "-c", program);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output().lines().filter(l -> !l.isBlank()).map(String::strip).toList();
  }

  record Result(int exitCode, String output) {}

  private static Result run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), output);
  }

  private static boolean onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}
