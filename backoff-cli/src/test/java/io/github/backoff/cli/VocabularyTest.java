package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.preset.Preset;
import io.github.backoff.sim.ModelRegistry;
import io.github.backoff.strategy.BackoffSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** One CLI vocabulary (issue 23, item 4): one name per idea, one set of duration forms, errors that say where to look. */
class VocabularyTest {
  /** The forms {@link Vocabulary#DURATIONS} promises, in every command. */
  private static final List<String> DURATION_FORMS = List.of("250ms", "1.5s", "2m", "500us", "10ns", "1h", "PT1S",
      "1min", "0");

  @Test
  void maxAttempts_isOneNameInEveryCommandThatCountsAttempts() {
    for (String command : List.of("schedule", "exec", "simulate")) {
      CommandSpec spec = spec(command);
      assertThat(spec.findOption("--max-attempts")).as(command).isNotNull();
      assertThat(spec.findOption("--attempts")).as("%s has no --attempts (0.1.0 removed it)", command).isNull();
    }
    assertThat(CliRun.of("schedule", "--help").out()).contains("--max-attempts").doesNotContain("--attempts");
  }

  @Test
  void scheduleMaxAttempts_showsTheWaitsExecWouldMake() {
    CliRun schedule = CliRun.of("schedule", "exponential", "--max-attempts", "4", "--seed", "1");
    assertThat(schedule.exitCode()).isZero();
    assertThat(schedule.out()).contains("of 3 retries");
  }

  @Test
  void scheduleMaxAttempts_one_isBadUsageNamingTheValue() {
    CliRun run = CliRun.of("schedule", "exponential", "--max-attempts", "1");
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.err()).contains("--max-attempts must be >= 2", ": 1");
  }

  @Test
  void durationOptions_takeTheSameFormsInEveryCommand() throws Exception {
    int checked = 0;
    for (CommandLine sub : BackoffCommand.commandLine().getSubcommands().values()) {
      for (OptionSpec option : sub.getCommandSpec().options()) {
        ITypeConverter<?>[] converters = option.converters();
        if (option.type() == Duration.class) {
          assertThat(converters).as(option.longestName()).hasAtLeastOneElementOfType(DurationConverter.class);
        }
        if (converters.length == 0 || !(converters[0] instanceof DurationConverter)) {
          continue;
        }
        for (String form : DURATION_FORMS) {
          assertThat(converters[0].convert(form)).as("%s %s %s", sub.getCommandName(), option.longestName(), form)
              .isNotNull();
        }
        checked++;
      }
    }
    assertThat(checked).as("duration options checked").isGreaterThanOrEqualTo(10);
  }

  @Test
  void help_rootAndSimulate_nameEveryModelOfTheRegistry() {
    List<String> models = ModelRegistry.defaults().names();
    assertThat(models).contains("occ", "single-server", "overload", "hedging");
    String root = CliRun.of("--help").out().replaceAll("\\s+", " ");
    String simulate = CliRun.of("simulate", "--help").out().replaceAll("\\s+", " ");
    assertThat(root).as("backoff --help").contains("models: " + String.join(", ", models));
    assertThat(simulate).as("backoff simulate --help").contains("models: " + String.join(", ", models));
    for (String model : models) {
      assertThat(simulate).as("simulate --help explains --model %s", model).contains(model + ": ");
    }
  }

  @Test
  void durationForms_areStatedOnceForEveryCommand() {
    for (String command : List.of("schedule", "exec", "simulate")) {
      assertThat(CliRun.of(command, "--help").out().replaceAll("\\s+", " ")).as(command)
          .contains(Vocabulary.DURATIONS);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"300", "-1", "256", "x"})
  void retryOnExit_outsideZeroTo255_isBadUsage(String code) {
    for (String option : List.of("--retry-on-exit", "--no-retry-on-exit")) {
      CliRun run = CliRun.of("exec", option, "1," + code, "--", "true");
      assertThat(run.exitCode()).as(option + " " + code).isEqualTo(BackoffCommand.USAGE);
      assertThat(run.errLines()).hasSize(1);
      assertThat(run.err()).contains("'" + code + "' is not an exit code: exit codes are 0 to 255");
    }
  }

  @Test
  void retryOnExit_zeroAnd255_areAccepted() {
    assertThat(new ExitCodeConverter().convert("0")).isZero();
    assertThat(new ExitCodeConverter().convert("255")).isEqualTo(255);
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version", "--help", "-V", "-h"})
  void helpOrVersion_withAnExtraWord_isBadUsage(String option) {
    CliRun run = CliRun.of(option, "extra");
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("takes no arguments: 'extra'");
  }

  @Test
  void unknownCommand_saysSoAndListsTheCommands() {
    CliRun run = CliRun.of("bogus");
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.errLines()).containsExactly("backoff: unknown command 'bogus'; the commands are schedule, "
        + "simulate, advise, exec, lint, completion, help (see 'backoff --help')");
  }

  @ParameterizedTest
  @MethodSource
  void unknownCommand_typo_suggestsTheClosest(String typed, String suggested) {
    CliRun run = CliRun.of(typed, "--seed", "1");
    assertThat(run.exitCode()).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.err()).contains("unknown command '" + typed + "' (did you mean '" + suggested + "'?)");
  }

  static Stream<Arguments> unknownCommand_typo_suggestsTheClosest() {
    return Stream.of(Arguments.of("schedul", "schedule"), Arguments.of("simualte", "simulate"),
        Arguments.of("exce", "exec"), Arguments.of("sched", "schedule"), Arguments.of("completoin", "completion"));
  }

  @ParameterizedTest
  @MethodSource
  void everyUsageError_endsWithTheHelpPointer(List<String> args, String command) {
    CliRun run = CliRun.of(args.toArray(String[]::new));
    assertThat(run.exitCode()).as("%s", args).isEqualTo(BackoffCommand.USAGE);
    assertThat(run.errLines()).as("%s", args).hasSize(1);
    assertThat(run.err().strip()).as("%s", args).endsWith("(see '" + command + " --help')");
  }

  static Stream<Arguments> everyUsageError_endsWithTheHelpPointer() {
    return Stream.of(
        Arguments.of(List.of("bogus"), "backoff"),
        Arguments.of(List.of("--bogus"), "backoff"),
        Arguments.of(List.of("--version", "extra"), "backoff"),
        Arguments.of(List.of("schedule"), "backoff schedule"),
        Arguments.of(List.of("schedule", "nope"), "backoff schedule"),
        Arguments.of(List.of("schedule", "full-jitter", "--base", "5"), "backoff schedule"),
        // The core's own validation (an IllegalArgumentException) too.
        Arguments.of(List.of("schedule", "full-jitter", "--multiplier", "0.5"), "backoff schedule"),
        Arguments.of(List.of("schedule", "google-drive", "--base", "1s"), "backoff schedule"),
        Arguments.of(List.of("exec", "--retry-on-exit", "300", "--", "true"), "backoff exec"),
        Arguments.of(List.of("exec", "--max-attempts", "0", "--", "true"), "backoff exec"),
        Arguments.of(List.of("exec"), "backoff exec"),
        Arguments.of(List.of("simulate", "--model", "nope"), "backoff simulate"),
        Arguments.of(List.of("simulate", "--runs", "0"), "backoff simulate"),
        Arguments.of(List.of("completion", "fish"), "backoff completion"));
  }

  @Test
  void help_listsEveryStrategyAndPresetOfTheRegistries() {
    for (String command : List.of("schedule", "exec", "simulate")) {
      String help = CliRun.of(command, "--help").out().replaceAll("\\s+", " ");
      for (String name : Vocabulary.strategyAndPresetNames()) {
        assertThat(help).as("%s --help lists %s", command, name).contains(name);
      }
    }
    assertThat(Vocabulary.strategyAndPresetNames()).containsAll(BackoffSpec.NAMES).containsAll(Preset.names())
        .contains("aws-sdk-2026", "aws-dynamodb-2026");
  }

  @Test
  void manPages_listEveryStrategyAndPreset() {
    for (String command : List.of("schedule", "exec")) {
      CommandSpec spec = spec(command);
      String page = ManPage.of(spec, "2026-01-01", "1").replace("\\-", "-").replaceAll("\\s+", " ");
      for (String name : Vocabulary.strategyAndPresetNames()) {
        assertThat(page).as("man page of %s lists %s", command, name).contains(name);
      }
    }
  }

  @Test
  void descriptions_haveNoTokenLeft() {
    List<String> all = new ArrayList<>();
    CommandLine root = BackoffCommand.commandLine();
    all.addAll(Arrays.asList(root.getCommandSpec().usageMessage().description()));
    root.getSubcommands().values().forEach(c -> all.addAll(Arrays.asList(
        c.getCommandSpec().usageMessage().description())));
    assertThat(String.join("\n", all)).doesNotContain(Vocabulary.STRATEGIES_TOKEN, Vocabulary.PRESETS_TOKEN);
  }

  @Test
  void closest_farFromEveryName_isNone() {
    assertThat(io.github.backoff.NameSuggester.closest("bogus",
        List.of("schedule", "simulate", "exec", "completion", "help"))).isNull();
    assertThat(io.github.backoff.NameSuggester.closest("exce", List.of("schedule", "exec"))).isEqualTo("exec");
  }

  private static CommandSpec spec(String command) {
    return BackoffCommand.commandLine().getSubcommands().get(command).getCommandSpec();
  }
}
