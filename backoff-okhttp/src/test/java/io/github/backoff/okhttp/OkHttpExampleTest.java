package io.github.backoff.okhttp;

import static io.github.backoff.okhttp.TestServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** The example of docs/okhttp.md: it compiles (it is {@link OkHttpExample}), runs, and the page shows it verbatim. */
class OkHttpExampleTest {
  @Test
  void client_404_returnedAtOnce() throws IOException {
    // A 404 is not retried, so this runs without waiting (the example uses the system sleeper).
    try (TestServer server = TestServer.start()) {
      server.reply(status(404, "no such page"));

      try (Response response = OkHttpExample.client().newCall(new Request.Builder().url(server.url("/x")).build())
          .execute()) {
        assertThat(response.code()).isEqualTo(404);
        assertThat(response.body().string()).isEqualTo("no such page");
      }
      assertThat(server.count()).isEqualTo(1);
    }
  }

  @Test
  void main_runsAgainstAServer() throws IOException {
    try (TestServer server = TestServer.start()) {
      server.reply(status(404, "no such page"));

      OkHttpExample.main(new String[] {server.url("/").toString()});

      assertThat(server.count()).isEqualTo(1);
    }
  }

  @Test
  void docsPage_showsTheExampleVerbatim() throws IOException {
    String page = Files.readString(Path.of("../docs/okhttp.md"));
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(page);
    assertThat(block.find()).as("a java block in docs/okhttp.md").isTrue();
    String source = Files.readString(Path.of("src/test/java/io/github/backoff/okhttp/OkHttpExample.java"));

    assertThat(normalized(source)).contains(normalized(block.group(1)));
  }

  private static String normalized(String code) {
    return code.replaceAll("\\s+", " ").trim();
  }
}
