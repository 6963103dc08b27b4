package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;
import static snippets.http.Loopback.status;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class HedgingDocSnippetsTest {
  @Test
  void http_getAnswered_returnsTheResponse() throws IOException {
    try (Loopback server = Loopback.start(status(200, "hello"))) {
      HttpResponse<String> response = HedgingDocSnippets.http(HttpRequest.newBuilder(server.uri("/")).build()).join();

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("hello");
    }
  }
}
