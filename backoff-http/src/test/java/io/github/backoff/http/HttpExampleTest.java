package io.github.backoff.http;

import static io.github.backoff.http.TestServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The examples of docs/http.md: they compile (they are {@link HttpExample} and {@link HttpOutcomeExample}), run,
 * and the page shows them verbatim.
 */
class HttpExampleTest {
  @Test
  void fetch_503Then200_returnsThe200() throws IOException {
    try (TestServer server = TestServer.start()) {
      server.reply(status(503, "busy"), status(200, "hello"));

      HttpResponse<String> response = HttpExample.fetch(server.uri("/"));

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("hello");
      assertThat(server.received()).hasSize(2);
    }
  }

  @Test
  void outcomeExample_503Then200_tellsTheAttempts() throws IOException {
    try (TestServer server = TestServer.start()) {
      server.reply(status(503, "busy", "x-amz-retry-after", "10"), status(200, "hello"));

      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).isEqualTo("200 after 2 attempt(s): hello");
    }
  }

  @Test
  void outcomeExample_always503_tellsWhyItGaveUp() throws IOException {
    try (TestServer server = TestServer.start()) {
      server.replyWith(r -> status(503, "busy"));

      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).startsWith("gave up on 503 after 3 attempts in ")
          .endsWith(" ms: ATTEMPTS_EXHAUSTED");
    }
  }

  @Test
  void docsPage_showsTheExamplesVerbatim() throws IOException {
    String page = Files.readString(Path.of("../docs/http.md"));
    Matcher block = Pattern.compile("(?:<!-- snippet: (\\S+)#(\\S+) -->\\n)?```java\\n(.*?)```", Pattern.DOTALL)
        .matcher(page);
    String sources = normalized(Files.readString(Path.of("src/test/java/io/github/backoff/http/HttpExample.java")))
        + normalized(Files.readString(Path.of("src/test/java/io/github/backoff/http/HttpOutcomeExample.java")));
    int blocks = 0;
    int snippets = 0;
    while (block.find()) {
      if (block.group(1) != null) {
        // The snippet convention (COMMON.md): the block is the tagged regions of the file, line for line.
        assertThat(block.group(3)).as("java block %d of docs/http.md", blocks + 1)
            .isEqualTo(region(block.group(1), block.group(2)));
        snippets++;
      } else {
        assertThat(sources).as("java block %d of docs/http.md", blocks + 1).contains(normalized(block.group(3)));
      }
      blocks++;
    }
    assertThat(blocks).as("java blocks in docs/http.md").isEqualTo(4);
    assertThat(snippets).as("java blocks in docs/http.md with a snippet marker").isEqualTo(2);
  }

  /** The regions of {@code path} tagged {@code tag}, each dedented, joined by one empty line, with a final newline. */
  private static String region(String path, String tag) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("..", path));
    List<String> regions = new ArrayList<>();
    List<String> current = null;
    for (String line : lines) {
      if (line.trim().equals("// tag::" + tag + "[]")) {
        current = new ArrayList<>();
      } else if (line.trim().equals("// end::" + tag + "[]")) {
        regions.add(dedented(current));
        current = null;
      } else if (current != null) {
        current.add(line);
      }
    }
    assertThat(regions).as("regions tagged %s in %s", tag, path).isNotEmpty();
    return String.join("\n\n", regions) + "\n";
  }

  private static String dedented(List<String> lines) {
    int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
        .min().orElse(0);
    return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).collect(Collectors.joining("\n"));
  }

  private static String normalized(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }
}
