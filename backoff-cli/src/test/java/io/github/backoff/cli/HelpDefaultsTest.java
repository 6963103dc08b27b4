package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.BackoffSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Help tells the truth: for every option whose help says "Default X", running without the option does exactly
 * what running with {@code --option X} does — for each command, each strategy it takes.
 */
class HelpDefaultsTest {
  private static final Pattern DEFAULT = Pattern.compile("\\bDefault (\\S+?)[.,]?(?=\\s|$)");

  /** "Default X" of each option of {@code command}, as its help prints it. */
  static Map<String, String> stated(String command) {
    CommandSpec spec = BackoffCommand.commandLine().getSubcommands().get(command).getCommandSpec();
    // Without white space: picocli wraps long lines, at a hyphen too.
    String help = CliRun.of(command, "--help").out().replaceAll("\\s+", "");
    Map<String, String> defaults = new LinkedHashMap<>();
    for (OptionSpec option : spec.options()) {
      if (option.hidden()) {
        continue; // an old name kept as an alias (schedule --attempts): not in help, nothing stated
      }
      String description = String.join(" ", option.description()).replace("%%", "%"); // as picocli prints it
      assertThat(help).as("help of %s shows %s's description", command, option.longestName())
          .contains(description.replaceAll("\\s+", ""));
      Matcher m = DEFAULT.matcher(description);
      if (m.find()) {
        defaults.put(option.longestName(), m.group(1));
      }
    }
    return defaults;
  }

  @Test
  void simulate_help_printsAModelOptionsPercentSign_withoutAPicocliWarning() throws Exception {
    // picocli formats descriptions; a model option's "100%" used to make it print three [picocli WARN] lines to
    // System.err (not to the command's own err writer), so that stream is the one watched here.
    java.io.PrintStream original = System.err;
    java.io.ByteArrayOutputStream stderr = new java.io.ByteArrayOutputStream();
    CliRun run;
    try {
      System.setErr(new java.io.PrintStream(stderr, true, java.nio.charset.StandardCharsets.UTF_8));
      run = CliRun.of("simulate", "--help");
    } finally {
      System.setErr(original);
    }
    assertThat(stderr.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
    assertThat(run.out().replaceAll("\\s+", " ")).contains("0 (down) to 100%. Default 0.").doesNotContain("%%");
  }

  @Test
  void exec_helpStatesItsOwnStartingWait_oneSecondCappedAtSixtySeconds() {
    Map<String, String> defaults = stated("exec");
    assertThat(defaults).containsEntry("--base", "1s").containsEntry("--cap", "60s")
        .containsEntry("--max-attempts", "5").containsEntry("--strategy", "full-jitter")
        .containsEntry("--no-retry-on-exit", "126,127");
    assertThat(CliRun.of("exec", "--help").out()).doesNotContain("Default 100ms");
  }

  @Test
  void schedule_helpStatesTheCoresDefaults() {
    Map<String, String> defaults = stated("schedule");
    assertThat(defaults).containsEntry("--base", "100ms").containsEntry("--samples", "1000")
        .containsEntry("--max-attempts", "11").containsEntry("--multiplier", "2").containsEntry("--factor", "0.5");
  }

  @Test
  void exec_everyStatedDefault_isTheDefaultUsed() {
    assertDefaultsUsed("exec", strategy -> new ArrayList<>(List.of("--strategy", strategy)),
        args -> {
          List<String> all = new ArrayList<>(args);
          all.addAll(List.of("--", "true"));
          return execSettings(all);
        });
  }

  @Test
  void schedule_everyStatedDefault_isTheDefaultUsed() {
    assertDefaultsUsed("schedule", strategy -> new ArrayList<>(List.of(strategy, "--seed", "7")),
        args -> {
          List<String> all = new ArrayList<>(List.of("schedule"));
          all.addAll(args);
          CliRun run = CliRun.of(all.toArray(String[]::new));
          return run.exitCode() == 0 ? run.out() : null;
        });
  }

  /**
   * For each strategy, each option with a stated default: the effective run without the option equals the one
   * with {@code --option DEFAULT} (where the option applies at all: the explicit run succeeds).
   */
  private static void assertDefaultsUsed(String command, Function<String, List<String>> baseArgs,
      Function<List<String>, String> effective) {
    Map<String, String> defaults = stated(command);
    assertThat(defaults).isNotEmpty();
    int compared = 0;
    for (String strategy : BackoffSpec.NAMES) {
      for (Map.Entry<String, String> d : defaults.entrySet()) {
        List<String> plain = baseArgs.apply(strategy);
        int given = plain.indexOf(d.getKey());
        if (given >= 0) { // the option is part of the base arguments (exec --strategy): leave it out
          plain.remove(given + 1);
          plain.remove(given);
        }
        String withoutOption = effective.apply(plain);
        assertThat(withoutOption).as("%s %s runs", command, plain).isNotNull();
        List<String> explicit = new ArrayList<>(plain);
        explicit.add(d.getKey());
        explicit.add(d.getValue());
        String withOption = effective.apply(explicit);
        if (withOption != null) {
          assertThat(withOption).as("%s %s: the stated default %s %s", command, plain, d.getKey(), d.getValue())
              .isEqualTo(withoutOption);
          compared++;
        }
      }
    }
    assertThat(compared).as("comparisons made").isGreaterThan(BackoffSpec.NAMES.size() * 2);
  }

  /** The settings {@code exec ARGS} would run with, or null if the arguments are refused. */
  private static String execSettings(List<String> args) {
    CommandLine commandLine = BackoffCommand.commandLine();
    List<String> all = new ArrayList<>(List.of("exec"));
    all.addAll(args);
    try {
      ParseResult parsed = commandLine.parseArgs(all.toArray(String[]::new));
      ExecCommand exec = (ExecCommand) parsed.subcommand().commandSpec().userObject();
      return exec.settings().toString();
    } catch (CommandLine.ParameterException | IllegalArgumentException refused) {
      return null;
    }
  }
}
