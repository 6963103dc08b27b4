package io.github.backoff.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A troff man page (section 1) for one command, written from its picocli model: the same names, descriptions,
 * defaults and examples as {@code --help}, so the two cannot drift apart. One page per command: {@code backoff(1)},
 * {@code backoff-schedule(1)}, ...
 *
 * <p>Stateless.
 */
final class ManPage {
  private ManPage() {}

  /** The page's file name, {@code backoff-schedule.1}. */
  static String fileName(CommandSpec spec) {
    return spec.qualifiedName("-") + ".1";
  }

  /** The man page of {@code spec}, dated {@code date} (yyyy-mm-dd), for {@code version}. */
  static String of(CommandSpec spec, String date, String version) {
    StringBuilder page = new StringBuilder();
    String title = spec.qualifiedName("-");
    page.append(".\\\" Generated from the picocli model of the backoff command; do not edit.\n");
    page.append(".TH \"").append(title.toUpperCase(Locale.ROOT)).append("\" \"1\" \"").append(date)
        .append("\" \"backoff ").append(version).append("\" \"Backoff Manual\"\n");
    page.append(".SH NAME\n").append(escape(title)).append(" \\- ")
        .append(escape(firstSentence(description(spec)))).append('\n');

    // Left-adjusted, unhyphenated: a long option synopsis cannot be justified, and a hyphen there is an option's.
    page.append(".SH SYNOPSIS\n.ad l\n.nh\n").append(text(synopsis(spec))).append(".hy\n.ad\n");

    page.append(".SH DESCRIPTION\n");
    boolean first = true;
    for (String paragraph : description(spec)) {
      if (!paragraph.isBlank()) {
        page.append(first ? "" : ".PP\n").append(text(paragraph));
        first = false;
      }
    }

    if (!spec.subcommands().isEmpty()) {
      page.append(".SH COMMANDS\n");
      for (Map.Entry<String, CommandLine> sub : spec.subcommands().entrySet()) {
        page.append(".TP\n.B ").append(escape(sub.getKey())).append('\n')
            .append(text(firstSentence(description(sub.getValue().getCommandSpec()))));
      }
    }

    if (!spec.positionalParameters().isEmpty()) {
      page.append(".SH ARGUMENTS\n");
      for (PositionalParamSpec p : spec.positionalParameters()) {
        page.append(".TP\n.I ").append(escape(p.paramLabel())).append('\n')
            .append(text(unformat(String.join(" ", p.description()))));
      }
    }

    page.append(".SH OPTIONS\n");
    for (OptionSpec o : spec.options()) {
      if (o.hidden()) {
        continue;
      }
      page.append(".TP\n").append(optionLine(o)).append('\n')
          .append(text(unformat(String.join(" ", o.description()))));
    }

    Map<String, String> exitCodes = spec.usageMessage().exitCodeList();
    if (spec.parent() == null && !exitCodes.isEmpty()) {
      page.append(".SH EXIT STATUS\n");
      for (Map.Entry<String, String> e : exitCodes.entrySet()) {
        page.append(".TP\n.B ").append(escape(e.getKey().strip())).append('\n').append(text(e.getValue()));
      }
    }

    List<String> examples = examples(spec);
    if (!examples.isEmpty()) {
      page.append(".SH EXAMPLES\n.nf\n");
      examples.forEach(e -> page.append(text(e)));
      page.append(".fi\n");
    }

    page.append(".SH SEE ALSO\n").append(seeAlso(spec)).append('\n');
    return page.toString();
  }

  /** {@code .BR \-\-base " " \fIDURATION\fR}: the option's names in bold, its value in italics. */
  private static String optionLine(OptionSpec o) {
    String names = Arrays.stream(o.names()).map(n -> "\\fB" + escape(n) + "\\fR")
        .collect(Collectors.joining(", "));
    if (o.arity().max() > 0 && !o.typeInfo().isBoolean()) {
      names += " \\fI" + escape(o.paramLabel()) + "\\fR";
    }
    return names;
  }

  private static String seeAlso(CommandSpec spec) {
    CommandSpec root = spec.root();
    List<String> pages = new ArrayList<>();
    if (spec != root) {
      pages.add("\\fB" + escape(root.name()) + "\\fR(1)");
    }
    for (CommandLine sub : root.subcommands().values()) {
      CommandSpec s = sub.getCommandSpec();
      if (s != spec && !isHelp(s)) {
        pages.add("\\fB" + escape(s.qualifiedName("-")) + "\\fR(1)");
      }
    }
    return String.join(", ", pages);
  }

  /** picocli's own {@code help} sub-command gets no page of its own. */
  static boolean isHelp(CommandSpec spec) {
    return spec.userObject() instanceof CommandLine.HelpCommand;
  }

  private static List<String> description(CommandSpec spec) {
    List<String> lines = new ArrayList<>();
    for (String line : spec.usageMessage().description()) {
      lines.add(unformat(line));
    }
    return lines;
  }

  private static List<String> examples(CommandSpec spec) {
    List<String> lines = new ArrayList<>();
    boolean in = false;
    for (String line : spec.usageMessage().footer()) {
      if (line.strip().equals("Examples:")) {
        in = true;
      } else if (in && !line.isBlank()) {
        lines.add(line.strip());
      }
    }
    return lines;
  }

  private static String synopsis(CommandSpec spec) {
    Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
    return help.synopsis(0).strip().replaceAll("\\s*\\R\\s*", " ");
  }

  /** The first sentence of the description, for NAME and COMMANDS: one line, no final period. */
  private static String firstSentence(List<String> description) {
    String first = description.isEmpty() ? "" : description.get(0).strip();
    int end = first.indexOf(". ");
    String sentence = end > 0 ? first.substring(0, end) : first;
    return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
  }

  /** Text lines, escaped, each on its own troff line (a line starting with '.' or '\'' is not a request). */
  /** A description as picocli prints it: its format escapes ({@code %n}, {@code %%}) resolved. */
  private static String unformat(String s) {
    return s.replace("%n", "\n").replace("%%", "%");
  }

  private static String text(String s) {
    StringBuilder out = new StringBuilder();
    for (String line : s.split("\\R", -1)) {
      String escaped = escape(line.strip());
      if (escaped.isEmpty()) {
        continue;
      }
      if (escaped.startsWith(".") || escaped.startsWith("'")) {
        escaped = "\\&" + escaped;
      }
      out.append(escaped).append('\n');
    }
    return out.toString();
  }

  /** troff escapes: a backslash is {@code \e}, a hyphen-minus {@code \-} (so options copy and paste right). */
  static String escape(String s) {
    return s.replace("\\", "\\e").replace("-", "\\-");
  }
}
