package snippets;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The check behind "docs are code": every {@code ```java} and {@code ```kotlin} block of README.md and docs/*.md
 * has, on the line right before its opening fence, a marker {@code <!-- snippet: path#tag -->}, and its text equals
 * the tagged region of that file (a test source the build compiles); an {@code ```xml} block with a marker (a
 * complete {@code pom.xml}) is checked the same way. A region is the lines between {@code // tag::name[]} and
 * {@code // end::name[]} (in XML, {@code <!-- tag::name[] -->} and {@code <!-- end::name[] -->}); a tag may occur in several regions of one file (typically one
 * around the imports and one around the code in a method), and the block is those regions in file order, each
 * dedented by its own common leading whitespace, joined by one empty line. Tag marker lines of other tags inside a
 * region are left out, so regions may nest. Trailing whitespace is ignored.
 *
 * <p>Not thread-safe to share a result list; the methods themselves are stateless.
 *
 * <pre>{@code
 * List<String> problems = DocSnippets.check(Path.of(".."));   // the repository root
 * }</pre>
 */
public final class DocSnippets {
  static final Pattern FENCE = Pattern.compile("^(\\s*)```(java|kotlin|xml)\\b.*$");
  static final Pattern CLOSING = Pattern.compile("^\\s*```\\s*$");
  static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*snippet:\\s*(\\S+?)#(\\S+?)\\s*-->\\s*$");
  static final Pattern ANY_MARKER = Pattern.compile("<!--\\s*snippet:");
  static final Pattern TAG_LINE =
      Pattern.compile("^\\s*(?://|<!--)\\s*(tag|end)::([^\\[\\s]+)\\[\\]\\s*(?:-->)?\\s*$");

  private DocSnippets() {}

  /** A fenced code block of a Markdown file: its language, its 1-based opening fence line, its marker, its text. */
  record Block(Path markdown, int line, String language, String marker, List<String> text) {}

  /** The Markdown files whose blocks are checked: README.md and every .md file under docs/. */
  static List<Path> markdownFiles(Path root) {
    List<Path> files = new ArrayList<>();
    if (Files.isRegularFile(root.resolve("README.md"))) {
      files.add(root.resolve("README.md"));
    }
    Path docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> walk = Files.walk(docs)) {
        walk.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p)).sorted().forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return files;
  }

  /** Checks every Markdown file under {@code root}; returns one message per problem (empty: all good). */
  public static List<String> check(Path root) {
    List<String> problems = new ArrayList<>();
    for (Path md : markdownFiles(root)) {
      problems.addAll(check(root, md));
    }
    return problems;
  }

  /** Checks one Markdown file; paths in markers are relative to {@code root}. */
  static List<String> check(Path root, Path markdown) {
    List<String> problems = new ArrayList<>();
    String where = root.relativize(markdown).toString().replace('\\', '/');
    List<String> lines = readLines(markdown);
    for (Block block : blocks(markdown, lines, problems, where)) {
      String at = where + ":" + block.line();
      if (block.marker() == null) {
        problems.add(at + ": ```" + block.language() + " block has no <!-- snippet: path#tag --> marker on the line"
            + " before its fence");
        continue;
      }
      Matcher m = MARKER.matcher(block.marker());
      m.matches();
      String file = m.group(1);
      String tag = m.group(2);
      Path source = root.resolve(file).normalize();
      if (!source.startsWith(root.normalize()) || !Files.isRegularFile(source)) {
        problems.add(at + ": the marker names " + file + ", which does not exist");
        continue;
      }
      if (!file.contains("/src/test/")) {
        problems.add(at + ": the marker names " + file + ", which is not a test source (…/src/test/…)");
        continue;
      }
      List<String> region;
      try {
        region = region(readLines(source), tag);
      } catch (IllegalArgumentException e) {
        problems.add(at + ": " + file + ": " + e.getMessage());
        continue;
      }
      if (region == null) {
        problems.add(at + ": " + file + " has no region tagged " + tag + " (// tag::" + tag + "[] ... // end::"
            + tag + "[])");
        continue;
      }
      List<String> shown = stripTrailing(block.text());
      if (!shown.equals(region)) {
        problems.add(at + ": the block differs from " + file + "#" + tag + " (- in the .md, + in the source):\n"
            + diff(shown, region));
        continue;
      }
      for (String missing : missingImports(readLines(source), shown)) {
        problems.add(at + ": the block uses " + missing.substring(missing.lastIndexOf('.') + 1) + " but does not"
            + " show its import (" + file + " imports " + missing + ")");
      }
    }
    return problems;
  }

  /** The java/kotlin blocks of a Markdown file; markers that precede no such block are reported as problems. */
  static List<Block> blocks(Path markdown, List<String> lines, List<String> problems, String where) {
    List<Block> blocks = new ArrayList<>();
    int otherFence = 0; // the opening fence's length while in another block
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher fence = FENCE.matcher(line);
      String previous = i > 0 ? lines.get(i - 1) : "";
      // an xml block is checked when a marker names its source (a complete pom.xml); other xml blocks are fragments
      if (otherFence == 0 && fence.matches()
          && (!fence.group(2).equals("xml") || MARKER.matcher(previous).matches())) {
        String indent = fence.group(1);
        List<String> text = new ArrayList<>();
        int j = i + 1;
        while (j < lines.size() && !CLOSING.matcher(lines.get(j)).matches()) {
          String l = lines.get(j);
          text.add(l.startsWith(indent) ? l.substring(indent.length()) : l.stripLeading());
          j++;
        }
        String marker = MARKER.matcher(previous).matches() ? previous : null;
        if (marker == null && ANY_MARKER.matcher(previous).find()) {
          problems.add(where + ":" + i + ": malformed marker (expected <!-- snippet: path#tag -->): " + previous);
        }
        blocks.add(new Block(markdown, i + 1, fence.group(2), marker, text));
        i = j;
        continue;
      }
      if (line.strip().startsWith("```")) {
        // another block (sh, xml, text, or none): it closes on a bare fence at least as long as its opening one
        int ticks = line.strip().length() - line.strip().replaceFirst("^`+", "").length();
        if (otherFence == 0) {
          otherFence = ticks;
        } else if (ticks >= otherFence && line.strip().chars().allMatch(c -> c == '`')) {
          otherFence = 0;
        }
        continue;
      }
      if (otherFence == 0 && MARKER.matcher(line).matches()
          && (i + 1 >= lines.size() || !FENCE.matcher(lines.get(i + 1)).matches())) {
        problems.add(where + ":" + (i + 1) + ": snippet marker not followed by a ```java, ```kotlin or ```xml block: "
            + line.strip());
      }
    }
    return blocks;
  }

  /**
   * The text of {@code tag} in a source: its regions in file order, each dedented by its own common indentation,
   * joined by one empty line; null when the tag occurs nowhere.
   *
   * @throws IllegalArgumentException when a region of the tag is not closed, or closed without being opened
   */
  static List<String> region(List<String> source, String tag) {
    List<List<String>> regions = new ArrayList<>();
    List<String> current = null;
    int openedAt = 0;
    for (int i = 0; i < source.size(); i++) {
      String line = source.get(i);
      Matcher m = TAG_LINE.matcher(line);
      if (m.matches()) {
        if (m.group(2).equals(tag)) {
          if (m.group(1).equals("tag")) {
            if (current != null) {
              throw new IllegalArgumentException("tag::" + tag + "[] at line " + (i + 1) + " opens a region already"
                  + " open since line " + openedAt);
            }
            current = new ArrayList<>();
            openedAt = i + 1;
          } else {
            if (current == null) {
              throw new IllegalArgumentException("end::" + tag + "[] at line " + (i + 1) + " closes no region");
            }
            regions.add(current);
            current = null;
          }
        }
        continue; // marker lines of any tag are never part of a region
      }
      if (current != null) {
        current.add(line);
      }
    }
    if (current != null) {
      throw new IllegalArgumentException("tag::" + tag + "[] at line " + openedAt + " is never closed (end::" + tag
          + "[])");
    }
    if (regions.isEmpty()) {
      return null;
    }
    List<String> joined = new ArrayList<>();
    for (List<String> region : regions) {
      if (!joined.isEmpty()) {
        joined.add("");
      }
      joined.addAll(dedent(region));
    }
    return stripTrailing(joined);
  }

  static final Pattern IMPORT = Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)\\s*;?\\s*$");

  /**
   * The names the source file imports (single-type and single-static imports) that the block's code uses but the
   * block does not import: pasted alone, the block would not compile.
   */
  static List<String> missingImports(List<String> source, List<String> block) {
    List<String> imported = new ArrayList<>();
    StringBuilder code = new StringBuilder();
    for (String line : block) {
      Matcher m = IMPORT.matcher(line);
      if (m.matches()) {
        imported.add(m.group(1));
      } else {
        code.append(line.replaceAll("\"(\\\\.|[^\"\\\\])*\"", "\"\"").replaceAll("//.*", "")).append('\n');
      }
    }
    List<String> missing = new ArrayList<>();
    for (String line : source) {
      Matcher m = IMPORT.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String qualified = m.group(1);
      String name = qualified.substring(qualified.lastIndexOf('.') + 1);
      boolean shown = imported.stream().anyMatch(i -> i.equals(qualified) || i.endsWith("." + name));
      if (!shown && !missing.contains(qualified)
          && Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "\\b").matcher(code).find()) {
        missing.add(qualified);
      }
    }
    return missing;
  }

  static List<String> dedent(List<String> lines) {
    int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
        .min().orElse(0);
    return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).collect(Collectors.toList());
  }

  static List<String> stripTrailing(List<String> lines) {
    return lines.stream().map(String::stripTrailing).collect(Collectors.toList());
  }

  /** A line diff (longest common subsequence): unchanged lines start with two spaces, removed "- ", added "+ ". */
  static String diff(List<String> a, List<String> b) {
    int[][] lcs = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    StringBuilder out = new StringBuilder();
    int i = 0;
    int j = 0;
    while (i < a.size() || j < b.size()) {
      if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
        out.append("  ").append(a.get(i++)).append('\n');
        j++;
      } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
        out.append("- ").append(a.get(i++)).append('\n');
      } else {
        out.append("+ ").append(b.get(j++)).append('\n');
      }
    }
    return out.toString();
  }

  private static List<String> readLines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
