package snippets.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

class ReadmeSnippetsTest {
  @Test
  void interceptor_503Then200_retried() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("hello")).start()
        .enqueue(FaultReply.status(503).withBody("busy"))) {
      RetryPolicy<Response> policy = RetryPolicy.<Response>builder().withBackoff(Backoff.none()).withMaxAttempts(3)
          .build();

      try (Response response = ReadmeSnippets.interceptor(policy)
          .newCall(new Request.Builder().url(server.uri("/").toString()).build()).execute()) {
        assertThat(response.code()).isEqualTo(200);
        assertThat(response.body().string()).isEqualTo("hello");
      }
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }
}
