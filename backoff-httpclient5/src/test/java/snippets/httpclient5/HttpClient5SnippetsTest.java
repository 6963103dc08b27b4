package snippets.httpclient5;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.testing.FaultServer;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.HttpResponse;
import org.junit.jupiter.api.Test;

class HttpClient5SnippetsTest {
  @Test
  void snippets_runAgainstARealServer() throws Exception {
    try (FaultServer server = FaultServer.start(); CloseableHttpClient client = HttpClient5Snippets.clients()[0]) {
      server.enqueueStatuses(500, 500, 500, 500);

      assertThat(HttpClient5Snippets.stop(client, server.uri("/orders"))).contains(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(server.requestCount()).isEqualTo(4);
      assertThat(HttpClient5Snippets.options(RetryPolicy.<HttpResponse>builder().build()).options().retryableStatuses())
          .containsExactlyInAnyOrder(429, 503);
    }
  }
}
