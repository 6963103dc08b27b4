package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.BackoffSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The docs' tables of commands, shared options, strategies and presets are generated from the command's picocli
 * model and the registries ({@link BackoffSpec#NAMES}, {@link Preset#names()}), and checked here, so they cannot
 * drift (issue 23, item 4). docs/cli.md holds regions between {@code <!-- generated: NAME -->} and
 * {@code <!-- end generated -->}; to rewrite them after a change to the commands, run this test with
 * {@code -Dbackoff.docs.update=true}. Every other table or list of presets in README.md and docs/ must name them all.
 */
class CliDocsTest {
  static final Path CLI_MD = DocumentedCommandsTest.ROOT.resolve("docs/cli.md");
  private static final List<String> COMMANDS = List.of("schedule", "exec", "simulate");
  private static final Pattern REGION = Pattern.compile(
      "(<!-- generated: ([a-z-]+) -->\\n)(.*?)(<!-- end generated -->)", Pattern.DOTALL);
  private static final Pattern DEFAULT = Pattern.compile("\\bDefault:? (.+?)\\.(?=\\s|$)");
  private static final Pattern CODE = Pattern.compile("`([a-z0-9-]+)`");

  @Test
  void cliMd_generatedRegions_matchTheCommandModelAndRegistries() throws IOException {
    String text = Files.readString(CLI_MD);
    Matcher m = REGION.matcher(text);
    StringBuilder updated = new StringBuilder();
    Set<String> regions = new LinkedHashSet<>();
    while (m.find()) {
      regions.add(m.group(2));
      String expected = generate(m.group(2));
      if (!Boolean.getBoolean("backoff.docs.update")) {
        assertThat(m.group(3)).as("docs/cli.md region '%s' (rewrite it with -Dbackoff.docs.update=true)",
            m.group(2)).isEqualTo(expected);
      }
      m.appendReplacement(updated, Matcher.quoteReplacement(m.group(1) + expected + m.group(4)));
    }
    m.appendTail(updated);
    if (Boolean.getBoolean("backoff.docs.update")) {
      Files.writeString(CLI_MD, updated.toString());
    }
    assertThat(regions).containsExactlyInAnyOrder("commands", "shared-options", "strategies", "presets");
  }

  @Test
  void readmeAndDocs_everyListOfPresets_namesThemAll() throws IOException {
    int lists = 0;
    for (Path file : DocumentedCommandsTest.markdown()) {
      List<String> lines = Files.readAllLines(file);
      // A line naming several presets is a list of them; so is a table whose rows start with preset names.
      List<Set<String>> listings = new ArrayList<>();
      Set<String> table = new LinkedHashSet<>();
      for (String line : lines) {
        Set<String> named = presetsIn(line);
        if (named.size() >= 3) {
          listings.add(named);
        }
        if (line.startsWith("|")) {
          String firstCell = line.substring(1, Math.max(1, line.indexOf('|', 1)));
          table.addAll(presetsIn(firstCell));
        } else {
          if (table.size() >= 3) {
            listings.add(table);
          }
          table = new LinkedHashSet<>();
        }
      }
      for (Set<String> listing : listings) {
        assertThat(listing).as("%s lists presets %s: all of them", file, listing)
            .containsExactlyInAnyOrderElementsOf(Preset.names());
        lists++;
      }
    }
    assertThat(lists).as("lists of presets checked (README's table, docs/cli.md's)").isGreaterThanOrEqualTo(2);
  }

  private static Set<String> presetsIn(String text) {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = CODE.matcher(text);
    while (m.find()) {
      if (Preset.names().contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** The Markdown of region {@code name}, ending with a newline. */
  static String generate(String name) {
    CommandLine root = BackoffCommand.commandLine();
    switch (name) {
      case "commands":
        return commands(root);
      case "shared-options":
        return sharedOptions(root);
      case "strategies":
        return "| strategy |\n| --- |\n" + BackoffSpec.NAMES.stream().map(n -> "| `" + n + "` |\n")
            .collect(Collectors.joining());
      case "presets":
        return presets();
      default:
        throw new IllegalArgumentException("unknown region " + name);
    }
  }

  private static String commands(CommandLine root) {
    StringBuilder md = new StringBuilder("| command | what it does |\n| --- | --- |\n");
    for (Map.Entry<String, CommandLine> sub : root.getSubcommands().entrySet()) {
      CommandSpec spec = sub.getValue().getCommandSpec();
      if (ManPage.isHelp(spec)) {
        continue;
      }
      String first = spec.usageMessage().description()[0];
      md.append("| `backoff ").append(sub.getKey()).append("` | ").append(cell(first)).append(" |\n");
    }
    return md.toString();
  }

  /** Options that two or more of schedule, exec and simulate have: one row each, one column per command. */
  private static String sharedOptions(CommandLine root) {
    Map<String, Map<String, OptionSpec>> byName = new LinkedHashMap<>();
    for (String command : COMMANDS) {
      for (OptionSpec option : root.getSubcommands().get(command).getCommandSpec().options()) {
        if (!option.hidden()) {
          byName.computeIfAbsent(option.longestName(), k -> new LinkedHashMap<>()).put(command, option);
        }
      }
    }
    StringBuilder md = new StringBuilder("| option | value | meaning | " + String.join(" | ", COMMANDS)
        + " |\n| --- | --- | --- |" + " --- |".repeat(COMMANDS.size()) + "\n");
    byName.entrySet().stream().filter(e -> e.getValue().size() >= 2).sorted(Map.Entry.comparingByKey())
        .forEach(e -> {
          // Its meaning in the words of exec, the most general, else of the first command that has it.
          OptionSpec first = e.getValue().getOrDefault("exec", e.getValue().values().iterator().next());
          String value = first.arity().max() > 0 && !first.typeInfo().isBoolean() ? "`" + first.paramLabel() + "`"
              : "";
          md.append("| `").append(String.join("`, `", first.names())).append("` | ").append(value).append(" | ")
              .append(cell(firstSentence(String.join(" ", first.description())))).append(" |");
          for (String command : COMMANDS) {
            OptionSpec option = e.getValue().get(command);
            md.append(' ').append(option == null ? "—" : stated(option)).append(" |");
          }
          md.append('\n');
        });
    return md.toString();
  }

  /** "default X" as the option's help states it, else "yes". */
  private static String stated(OptionSpec option) {
    Matcher m = DEFAULT.matcher(String.join(" ", option.description()));
    return m.find() ? "default " + cell(m.group(1)) : "yes";
  }

  private static String presets() {
    StringBuilder md = new StringBuilder("| preset | takes | summary |\n| --- | --- | --- |\n");
    for (Preset preset : Preset.all()) {
      List<String> takes = Preset.parametersOf(preset.name());
      md.append("| `").append(preset.name()).append("` | ")
          .append(takes.isEmpty() ? "—" : takes.stream().map(t -> "`--" + t + "`").collect(Collectors.joining(", ")))
          .append(" | ").append(cell(preset.summary())).append(" |\n");
    }
    return md.toString();
  }

  private static String firstSentence(String text) {
    int end = text.indexOf(". ");
    return end > 0 ? text.substring(0, end + 1) : text;
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replaceAll("\\s+", " ").strip();
  }
}
