package snippets;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} and {@code ```kotlin} block of README.md and docs/ is a region of a compiled test source
 * (see {@link DocSnippets}); and the check itself catches what it must.
 */
class DocSnippetsTest {
  /** The repository root: surefire runs in the module's directory. */
  static final Path ROOT = Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();

  private static final String SOURCE = String.join("\n",
      "package snippets.core;",
      "",
      "// tag::hello[]",
      "import java.time.Duration;",
      "// end::hello[]",
      "",
      "class Hello {",
      "  void hello() {",
      "    // tag::hello[]",
      "    Duration d = Duration.ofSeconds(1);",
      "    // tag::inner[]",
      "    if (d.isZero()) {",
      "      return;",
      "    }",
      "    // end::inner[]",
      "    // end::hello[]",
      "  }",
      "}",
      "");

  @TempDir Path root;

  @Test
  void check_repository_everyBlockMatchesItsRegion() {
    List<String> problems = DocSnippets.check(ROOT);

    assertThat(problems).as("docs code blocks (README.md, docs/*.md) against their snippet sources:%n%s",
        String.join("\n", problems)).isEmpty();
  }

  @Test
  void check_repository_coversEveryJavaBlock() throws IOException {
    long blocks = 0;
    long markers = 0;
    for (Path md : DocSnippets.markdownFiles(ROOT)) {
      List<String> lines = Files.readAllLines(md);
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).startsWith("```java") || lines.get(i).startsWith("```kotlin")) {
          blocks++;
          if (i > 0 && DocSnippets.MARKER.matcher(lines.get(i - 1)).matches()) {
            markers++;
          }
        }
      }
    }
    assertThat(blocks).as("java and kotlin blocks found in README.md and docs/").isGreaterThanOrEqualTo(38);
    assertThat(markers).isEqualTo(blocks);
  }

  @Test
  void check_matchingBlock_passes() throws IOException {
    write("docs/page.md", "Text.", "",
        "<!-- snippet: core/src/test/java/snippets/core/Hello.java#hello -->",
        "```java", "import java.time.Duration;", "", "Duration d = Duration.ofSeconds(1);", "if (d.isZero()) {",
        "  return;", "}", "```");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);

    assertThat(DocSnippets.check(root)).isEmpty();
  }

  @Test
  void check_nestedTag_isItsOwnRegionDedented() throws IOException {
    write("README.md", "<!-- snippet: core/src/test/java/snippets/core/Hello.java#inner -->",
        "```java", "if (d.isZero()) {", "  return;", "}", "```");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);

    assertThat(DocSnippets.check(root)).isEmpty();
  }

  @Test
  void check_blockDiffersFromRegion_failsWithFileLineAndDiff() throws IOException {
    write("docs/page.md", "Text.", "",
        "<!-- snippet: core/src/test/java/snippets/core/Hello.java#hello -->",
        "```java", "Duration d = Duration.ofSeconds(2);", "if (d.isZero()) {", "  return;", "}", "```");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);

    List<String> problems = DocSnippets.check(root);

    assertThat(problems).singleElement().asString()
        .startsWith("docs/page.md:4: the block differs from core/src/test/java/snippets/core/Hello.java#hello")
        .contains("\n- Duration d = Duration.ofSeconds(2);\n", "\n+ import java.time.Duration;\n+ \n",
            "\n+ Duration d = Duration.ofSeconds(1);\n  if (d.isZero()) {\n    return;\n  }\n");
  }

  @Test
  void check_missingTag_fails() throws IOException {
    write("docs/page.md", "<!-- snippet: core/src/test/java/snippets/core/Hello.java#goodbye -->",
        "```java", "Duration d = Duration.ofSeconds(1);", "```");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);

    assertThat(DocSnippets.check(root)).containsExactly("docs/page.md:2: core/src/test/java/snippets/core/Hello.java"
        + " has no region tagged goodbye (// tag::goodbye[] ... // end::goodbye[])");
  }

  @Test
  void check_missingFile_fails() throws IOException {
    write("docs/page.md", "<!-- snippet: core/src/test/java/snippets/core/Gone.java#hello -->",
        "```kotlin", "val d = 1", "```");

    assertThat(DocSnippets.check(root)).containsExactly(
        "docs/page.md:2: the marker names core/src/test/java/snippets/core/Gone.java, which does not exist");
  }

  @Test
  void check_missingMarker_fails() throws IOException {
    write("README.md", "# Title", "", "```java", "int x = 1;", "```", "", "```sh", "echo not checked", "```", "",
        "```kotlin", "val x = 1", "```");

    assertThat(DocSnippets.check(root)).containsExactly(
        "README.md:3: ```java block has no <!-- snippet: path#tag --> marker on the line before its fence",
        "README.md:11: ```kotlin block has no <!-- snippet: path#tag --> marker on the line before its fence");
  }

  @Test
  void check_markerWithoutBlock_fails() throws IOException {
    write("README.md", "<!-- snippet: core/src/test/java/snippets/core/Hello.java#hello -->", "", "Text.");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);

    assertThat(DocSnippets.check(root)).singleElement().asString()
        .startsWith("README.md:1: snippet marker not followed by a ```java, ```kotlin or ```xml block");
  }

  @Test
  void check_xmlBlockWithMarker_isCheckedAgainstItsXmlRegion() throws IOException {
    write("core/src/test/resources/snippets/pom.xml", "<!-- tag::pom[] -->", "<project>", "  <x>1</x>",
        "</project>", "<!-- end::pom[] -->");
    write("docs/page.md", "<!-- snippet: core/src/test/resources/snippets/pom.xml#pom -->", "```xml", "<project>",
        "  <x>1</x>", "</project>", "```");
    assertThat(DocSnippets.check(root)).isEmpty();

    write("docs/page.md", "<!-- snippet: core/src/test/resources/snippets/pom.xml#pom -->", "```xml", "<project>",
        "  <x>2</x>", "</project>", "```");
    assertThat(DocSnippets.check(root)).singleElement().asString()
        .startsWith("docs/page.md:2: the block differs from core/src/test/resources/snippets/pom.xml#pom")
        .contains("\n-   <x>2</x>\n+   <x>1</x>\n");
  }

  @Test
  void check_xmlBlockWithoutMarker_isAFragmentNotChecked() throws IOException {
    write("docs/page.md", "```xml", "<dependency/>", "```", "", "```java", "int x = 1;", "```");

    assertThat(DocSnippets.check(root)).containsExactly(
        "docs/page.md:5: ```java block has no <!-- snippet: path#tag --> marker on the line before its fence");
  }

  @Test
  void check_javaInsideAnotherFence_isNotABlock() throws IOException {
    write("README.md", "````markdown", "```java", "int x = 1;", "```", "````");

    assertThat(DocSnippets.check(root)).isEmpty();
  }

  @Test
  void check_unclosedRegion_fails() throws IOException {
    write("README.md", "<!-- snippet: core/src/test/java/snippets/core/Open.java#open -->", "```java", "int x;",
        "```");
    write("core/src/test/java/snippets/core/Open.java", "class Open {", "  // tag::open[]", "  int x;", "}");

    assertThat(DocSnippets.check(root)).containsExactly("README.md:2: core/src/test/java/snippets/core/Open.java:"
        + " tag::open[] at line 2 is never closed (end::open[])");
  }

  @Test
  void check_markerOutsideTestSources_fails() throws IOException {
    write("README.md", "<!-- snippet: core/src/main/java/Main.java#main -->", "```java", "int x;", "```");
    write("core/src/main/java/Main.java", "// tag::main[]", "int x;", "// end::main[]");

    assertThat(DocSnippets.check(root)).singleElement().asString().contains("which is not a test source");
  }

  @Test
  void check_blockWithoutAnImportItsSourceHas_fails() throws IOException {
    write("README.md", "<!-- snippet: core/src/test/java/snippets/core/Hello.java#inner -->",
        "```java", "if (d.isZero()) {", "  return;", "}", "```", "",
        "<!-- snippet: core/src/test/java/snippets/core/Uses.java#uses -->",
        "```java", "Duration d = Duration.ofSeconds(1); // a Duration", "String s = \"Duration\";", "```");
    write("core/src/test/java/snippets/core/Hello.java", SOURCE);
    write("core/src/test/java/snippets/core/Uses.java", "import java.time.Duration;", "class Uses {",
        "  // tag::uses[]", "  Duration d = Duration.ofSeconds(1); // a Duration", "  String s = \"Duration\";",
        "  // end::uses[]", "}");

    assertThat(DocSnippets.check(root)).containsExactly("README.md:9: the block uses Duration but does not show its"
        + " import (core/src/test/java/snippets/core/Uses.java imports java.time.Duration)");
  }

  @Test
  void missingImports_qualifiedUseAndStringsAndComments_needNone() {
    List<String> source = List.of("import java.time.Duration;", "import static java.util.List.of;");
    List<String> block = List.of("java.time.Duration d = null; // Duration of(1)", "String s = \"of(Duration)\";");

    assertThat(DocSnippets.missingImports(source, block)).isEmpty();
    assertThat(DocSnippets.missingImports(source, List.of("var l = of(1);"))).containsExactly("java.util.List.of");
  }

  @Test
  void diff_marksRemovedAndAddedLines() {
    assertThat(DocSnippets.diff(List.of("a", "b", "c"), List.of("a", "x", "c")))
        .isEqualTo("  a\n- b\n+ x\n  c\n");
  }

  private void write(String path, String... lines) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n");
  }
}
