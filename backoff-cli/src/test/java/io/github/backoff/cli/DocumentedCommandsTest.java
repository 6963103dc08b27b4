package io.github.backoff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Every {@code ./backoff ...} command line in README.md and docs/*.md runs today (issue 23, item 9): in code blocks
 * ({@code ./backoff ...} or {@code $ ./backoff ...}, with {@code \} continuations) and in inline code. Synopses
 * ({@code [options]}, {@code STRATEGY}, {@code a|b}) are not command lines and are left out.
 *
 * <p>Each runs in-process with small sizes so the suite stays fast: {@code --runs 1}, at most 100 {@code --samples},
 * a few clients, a short overload horizon, fewer hedging requests, a small {@code advise} search; {@code --out} and
 * {@code --chart} go to a
 * temporary directory. {@code exec} lines are parsed and resolved (strategy, limits, exit codes) but not run: they
 * name a server and a script of the reader's.
 */
class DocumentedCommandsTest {
  static final Path ROOT = Path.of("..");
  private static final Pattern INLINE = Pattern.compile("`(\\./backoff [^`]+)`");
  private static final Pattern PLACEHOLDER = Pattern.compile("(^|\\s)[A-Z][A-Z.]+(\\s|$)");

  @TempDir
  Path dir;

  record Documented(String file, int line, String commandLine) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + commandLine;
    }

    List<String> args() {
      List<String> words = new ArrayList<>(Arrays.asList(commandLine.strip().split("\\s+")));
      words.remove(0); // ./backoff
      // a word the shell would see quoted ('lost<=2%'): the command sees it without the quotes
      words.replaceAll(w -> w.length() > 1 && w.startsWith("'") && w.endsWith("'") ? w.substring(1, w.length() - 1)
          : w);
      return words;
    }
  }

  /** The documentation files: README.md and docs/*.md. */
  static List<Path> markdown() throws IOException {
    List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    return files;
  }

  static List<Documented> documented() throws IOException {
    Map<String, Documented> found = new LinkedHashMap<>();
    for (Path file : markdown()) {
      List<String> lines = Files.readAllLines(file);
      boolean inBlock = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.strip().startsWith("```")) {
          inBlock = !inBlock;
          continue;
        }
        int number = i + 1;
        if (inBlock) {
          String text = line.strip();
          text = text.startsWith("$ ") ? text.substring(2) : text;
          if (!text.equals("./backoff") && !text.startsWith("./backoff ")) {
            continue;
          }
          StringBuilder command = new StringBuilder(text);
          while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
            command.setLength(command.length() - 1);
            command.append(' ').append(lines.get(++i).strip());
          }
          add(found, file, number, command.toString());
        } else {
          Matcher m = INLINE.matcher(line);
          while (m.find()) {
            add(found, file, number, m.group(1));
          }
        }
      }
    }
    return List.copyOf(found.values());
  }

  private static void add(Map<String, Documented> found, Path file, int line, String text) {
    // Without a trailing comment, a pipe to head or a redirection of the output.
    String command = text.replaceFirst("\\s+#.*$", "").replaceFirst("\\s+\\|\\s+head\\b.*$", "")
        .replaceFirst("\\s+>\\s*\\S+$", "").strip();
    if (command.contains("[") || command.contains("|") || command.contains("...")
        || PLACEHOLDER.matcher(command).find()) {
      return; // a synopsis, not a command line
    }
    found.putIfAbsent(command, new Documented(ROOT.relativize(file).toString(), line, command));
  }

  @Test
  void documented_findsTheCommandLinesOfEveryCommand() throws IOException {
    List<String> commands = documented().stream().map(d -> d.args().isEmpty() ? "" : d.args().get(0)).toList();
    assertThat(commands).contains("schedule", "simulate", "exec");
    assertThat(documented()).hasSizeGreaterThan(10);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documented")
  void documentedCommand_runsToday(Documented documented) throws Exception {
    List<String> args = small(documented.args());
    if (!args.isEmpty() && args.get(0).equals("exec")) {
      assertExecResolves(documented, args);
      return;
    }
    CliRun run = CliRun.of(args.toArray(String[]::new));
    if (!args.isEmpty() && args.get(0).equals("lint")) {
      // A documented lint shows what it finds: problems (exit 1) or none (exit 0), never an unreadable file.
      assertThat(run.exitCode()).as("%s\nran as: %s\n%s", documented, args, run.err()).isIn(0, 1);
      return;
    }
    if (!args.isEmpty() && args.get(0).equals("advise")) {
      // A search this small may find nothing that meets a scenario's constraints: exit 1, the advice given.
      assertThat(run.exitCode()).as("%s\nran as: %s\n%s", documented, args, run.err()).isIn(0, 1);
      assertThat(run.out()).as("%s", documented).containsAnyOf("recommended: ", "no candidate meets the constraints");
      return;
    }
    assertThat(run.exitCode()).as("%s\nran as: %s\n%s", documented, args, run.err()).isZero();
  }

  /** The documented arguments with small sizes and every output in the temporary directory. */
  private List<String> small(List<String> documented) {
    List<String> args = new ArrayList<>(documented);
    String command = args.isEmpty() ? "" : args.get(0);
    if (command.equals("schedule")) {
      set(args, "--samples", "100", true);
      set(args, "--chart", dir.resolve("chart.png").toString(), false);
    } else if (command.equals("advise")) {
      // the scenario files are named from the repository's root; a small search, into the temporary directory
      String scenario = value(args, "--scenario", null);
      if (scenario != null && !Path.of(scenario).isAbsolute()) {
        set(args, "--scenario", ROOT.resolve(scenario).toString(), false);
      }
      set(args, "--out", dir.resolve("advice").toString(), true);
      args.addAll(List.of("--quiet", "--set", "search.candidates=12", "--set", "search.final_reps=2", "--set",
          "search.max_reps=2", "--set", "search.finalists=2"));
    } else if (command.equals("lint")) {
      // the files are named from the repository's root
      String file = args.get(args.size() - 1);
      if (!Path.of(file).isAbsolute()) {
        args.set(args.size() - 1, ROOT.resolve(file).toString());
      }
    } else if (command.equals("simulate")) {
      set(args, "--runs", "1", true);
      set(args, "--out", dir.resolve("simulation").toString(), true);
      String model = value(args, "--model", "occ");
      if (model.equals("overload")) {
        set(args, "--horizon", "45s", true);
      } else if (model.equals("hedging")) {
        set(args, "--requests", "2000", true);
      } else {
        set(args, "--clients", "10..20:10", true);
      }
    }
    return args;
  }

  private static String value(List<String> args, String option, String otherwise) {
    int i = args.indexOf(option);
    return i >= 0 && i + 1 < args.size() ? args.get(i + 1) : otherwise;
  }

  /** Replaces {@code option}'s value, or adds the option if {@code add} and it is absent. */
  private static void set(List<String> args, String option, String value, boolean add) {
    int i = args.indexOf(option);
    if (i >= 0 && i + 1 < args.size()) {
      args.set(i + 1, value);
    } else if (add) {
      int end = args.indexOf("--");
      args.addAll(end < 0 ? args.size() : end, List.of(option, value));
    }
  }

  private static void assertExecResolves(Documented documented, List<String> args) {
    CommandLine commandLine = BackoffCommand.commandLine();
    ParseResult parsed = commandLine.parseArgs(args.toArray(String[]::new));
    ExecCommand exec = (ExecCommand) parsed.subcommand().commandSpec().userObject();
    assertThat(exec.command).as("%s names a command after --", documented).isNotEmpty();
    assertThat(exec.settings().toString()).as("%s", documented).isNotBlank();
  }
}
