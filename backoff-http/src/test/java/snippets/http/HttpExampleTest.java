package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
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
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("hello")).start()
        .enqueue(FaultReply.status(503).withBody("busy"))) {
      HttpResponse<String> response = HttpExample.fetch(server.uri("/"));

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("hello");
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void main_200_printsAndReturns() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("hello")).start()) {
      HttpExample.main(new String[] {server.uri("/").toString()});

      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void outcomeExample_503Then200_tellsTheAttempts() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("hello")).start()
        .enqueue(FaultReply.status(503).withBody("busy").withHeader("x-amz-retry-after", "10"))) {
      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).isEqualTo("200 after 2 attempt(s): hello");
    }
  }

  @Test
  void outcomeExample_always503_tellsWhyItGaveUp() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.status(503).withBody("busy")).start()) {
      assertThat(HttpOutcomeExample.fetch(server.uri("/"))).startsWith("gave up on 503 after 3 attempts in ")
          .endsWith(" ms: ATTEMPTS_EXHAUSTED");
    }
  }
}
