package io.github.backoff.http;

import static io.github.backoff.http.TestServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(page);
    String sources = normalized(Files.readString(Path.of("src/test/java/io/github/backoff/http/HttpExample.java")))
        + normalized(Files.readString(Path.of("src/test/java/io/github/backoff/http/HttpOutcomeExample.java")));
    int blocks = 0;
    while (block.find()) {
      assertThat(sources).as("java block %d of docs/http.md", blocks + 1).contains(normalized(block.group(1)));
      blocks++;
    }
    assertThat(blocks).as("java blocks in docs/http.md").isEqualTo(2);
  }

  private static String normalized(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }
}
