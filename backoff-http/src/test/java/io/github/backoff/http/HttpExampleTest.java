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

/** The example of docs/http.md: it compiles (it is {@link HttpExample}), runs, and the page shows it verbatim. */
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
  void docsPage_showsTheExampleVerbatim() throws IOException {
    String page = Files.readString(Path.of("../docs/http.md"));
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertThat(block.find()).as("a java block in docs/http.md").isTrue();
    String source = Files.readString(Path.of("src/test/java/io/github/backoff/http/HttpExample.java"));

    assertThat(normalized(source)).contains(normalized(block.group(1)));
  }

  private static String normalized(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }
}
