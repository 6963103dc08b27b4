package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;
import static snippets.http.Loopback.status;

import java.io.IOException;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Runs the examples of docs/http.md ({@link HttpExample} and {@link HttpOutcomeExample}) against a loopback server;
 * backoff-core's DocSnippetsTest checks that the page shows them verbatim.
 */
class HttpExampleTest {
  @Test
  void fetch_503Then200_returnsThe200() throws IOException {
    try (Loopback server = Loopback.start(status(503, "busy"), status(200, "hello"))) {
      HttpResponse<String> response = HttpExample.fetch(server.uri("/"));

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("hello");
      assertThat(server.requests()).isEqualTo(2);
    }
  }

  @Test
  void main_200_printsAndReturns() throws IOException {
    try (Loopback server = Loopback.start(status(200, "hello"))) {
      HttpExample.main(new String[] {server.uri("/").toString()});

      assertThat(server.requests()).isEqualTo(1);
    }
  }

  @Test
  void outcomeExample_503Then200_tellsTheAttempts() throws IOException {
    try (Loopback server = Loopback.start(status(503, "busy", "x-amz-retry-after", "10"), status(200, "hello"))) {
      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).isEqualTo("200 after 2 attempt(s): hello");
    }
  }

  @Test
  void outcomeExample_always503_tellsWhyItGaveUp() throws IOException {
    try (Loopback server = Loopback.start(status(503, "busy"))) {
      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).startsWith("gave up on 503 after 3 attempts in ")
          .endsWith(" ms: ATTEMPTS_EXHAUSTED");
    }
  }
}
