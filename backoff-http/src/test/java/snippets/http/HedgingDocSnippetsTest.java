package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class HedgingDocSnippetsTest {
  @Test
  void http_getAnswered_returnsTheResponse() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("hello")).start()) {
      HttpResponse<String> response = HedgingDocSnippets.http(HttpRequest.newBuilder(server.uri("/")).build()).join();

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("hello");
    }
  }
}
