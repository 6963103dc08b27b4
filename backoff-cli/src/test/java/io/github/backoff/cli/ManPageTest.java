package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** A man page per command, from the picocli model: every option and argument is in it, and troff renders it. */
class ManPageTest {
  @TempDir
  Path dir;

  static List<CommandSpec> commands() {
    CommandLine root = BackoffCommand.commandLine();
    List<CommandSpec> specs = new ArrayList<>(List.of(root.getCommandSpec()));
    root.getSubcommands().values().stream().map(CommandLine::getCommandSpec).filter(s -> !ManPage.isHelp(s))
        .forEach(specs::add);
    return specs;
  }

  @Test
  void of_everyCommand_hasEveryOptionArgumentAndHeading() {
    for (CommandSpec spec : commands()) {
      String page = ManPage.of(spec, "2026-11-23", "1.2.3");
      assertThat(page).as(spec.qualifiedName())
          .contains(".TH \"" + spec.qualifiedName("-").toUpperCase(java.util.Locale.ROOT) + "\" \"1\" \"2026-11-23\"",
              ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH SEE ALSO", "backoff 1.2.3");
      for (OptionSpec option : spec.options()) {
        if (option.hidden()) {
          // An old name kept as an alias (schedule --attempts): documented nowhere, on purpose.
          assertThat(page).as("%s: hidden %s", spec.qualifiedName(), option.longestName())
              .doesNotContain(ManPage.escape(option.longestName()) + "\\fR");
          continue;
        }
        for (String name : option.names()) {
          assertThat(page).as("%s: option %s", spec.qualifiedName(), name).contains(ManPage.escape(name));
        }
        assertThat(page).as("%s: %s's description", spec.qualifiedName(), option.longestName())
            .contains(ManPage.escape(String.join(" ", option.description()).strip()));
      }
      for (PositionalParamSpec p : spec.positionalParameters()) {
        assertThat(page).contains(".I " + ManPage.escape(p.paramLabel()));
      }
    }
  }

  @Test
  void of_root_listsTheSubCommandsAndExitStatus() {
    String page = ManPage.of(BackoffCommand.commandLine().getCommandSpec(), "2026-11-23", "1.2.3");
    assertThat(page).contains(".SH COMMANDS", ".B schedule", ".B simulate", ".B exec", ".B completion",
        ".SH EXIT STATUS", "bad usage", "\\fBbackoff\\-exec\\fR(1)");
  }

  @Test
  void of_exec_statesItsOwnDefaults() {
    CommandSpec exec = BackoffCommand.commandLine().getSubcommands().get("exec").getCommandSpec();
    assertThat(ManPage.of(exec, "2026-11-23", "1")).contains("Default 1s", "Default 60s").doesNotContain("100ms");
  }

  @Test
  void escape_backslashAndHyphen() {
    assertThat(ManPage.escape("a\\b --x")).isEqualTo("a\\eb \\-\\-x");
  }

  @Test
  void of_everyCommand_rendersWithoutTroffWarnings() throws Exception {
    assumeThat(onPath("groff")).as("groff installed").isTrue();
    for (CommandSpec spec : commands()) {
      Path file = Files.writeString(dir.resolve(ManPage.fileName(spec)), ManPage.of(spec, "2026-11-23", "1"));
      Process p = new ProcessBuilder("groff", "-man", "-Tutf8", "-ww", "-z", file.toString())
          .redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
      assertThat(output).as("groff warnings for %s", file.getFileName()).isEmpty();
      assertThat(p.exitValue()).isZero();
    }
  }

  @Test
  void distFiles_writesAPagePerCommandAndBothCompletionScripts() throws Exception {
    DistFiles.main(new String[] {dir.toString(), "2026-11-23T00:00:00Z"});
    assertThat(dir.resolve("man/man1")).isDirectoryContaining("glob:**/backoff.1")
        .isDirectoryContaining("glob:**/backoff-schedule.1").isDirectoryContaining("glob:**/backoff-simulate.1")
        .isDirectoryContaining("glob:**/backoff-exec.1").isDirectoryContaining("glob:**/backoff-completion.1")
        .isDirectoryContaining("glob:**/backoff-advise.1")
        .isDirectoryNotContaining("glob:**/backoff-help.1");
    assertThat(Files.readString(dir.resolve("man/man1/backoff-exec.1"))).contains("\"2026-11-23\"");
    assertThat(dir.resolve("completion/backoff.bash")).isRegularFile();
    assertThat(dir.resolve("completion/backoff.zsh")).isRegularFile();
  }

  private static boolean onPath(String program) {
    for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }
}
