package snippets.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static snippets.okhttp.Loopback.status;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

class ReadmeSnippetsTest {
  @Test
  void interceptor_503Then200_retried() throws IOException {
    try (Loopback server = Loopback.start(status(503, "busy"), status(200, "hello"))) {
      RetryPolicy<Response> policy = RetryPolicy.<Response>builder().withBackoff(Backoff.none()).withMaxAttempts(3)
          .build();

      try (Response response = ReadmeSnippets.interceptor(policy)
          .newCall(new Request.Builder().url(server.uri("/").toString()).build()).execute()) {
        assertThat(response.code()).isEqualTo(200);
        assertThat(response.body().string()).isEqualTo("hello");
      }
      assertThat(server.requests()).isEqualTo(2);
    }
  }
}
