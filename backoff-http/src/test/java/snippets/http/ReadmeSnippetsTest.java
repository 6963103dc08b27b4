package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Runs README.md's java.net.http blocks ({@link ReadmeSnippets}) against a loopback server. */
class ReadmeSnippetsTest {
  @Test
  void async_503Then200_completesWithTheBodyOf200() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.status(503).withBody("busy"))) {
      HttpRequest request = HttpRequest.newBuilder(server.uri("/")).build();

      CompletableFuture<String> body = ReadmeSnippets.async(HttpClient.newHttpClient(), request, Duration.ofMillis(1));

      assertThat(body.join()).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void async_503Always_failsWithRetryExceptionInsteadOfReturningTheBody() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.status(503).withBody("busy"))
        .start()) {
      HttpRequest request = HttpRequest.newBuilder(server.uri("/")).build();

      CompletableFuture<String> body = ReadmeSnippets.async(HttpClient.newHttpClient(), request, Duration.ofMillis(1));

      assertThatThrownBy(body::join).isInstanceOf(CompletionException.class)
          .cause().isInstanceOfSatisfying(RetryException.class,
              e -> assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
      assertThat(server.requestCount()).isEqualTo(4);
    }
  }

  @Test
  void http_503Then200_sendRetries_thenEachWayAnswers() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.status(503).withBody("busy"))) {
      RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
          .withBackoff(Backoff.constant(Duration.ofMillis(1))).withMaxAttempts(3).build();
      HttpRequest request = HttpRequest.newBuilder(server.uri("/")).build();

      ReadmeSnippets.Sent sent = ReadmeSnippets.http(policy, request);

      assertThat(sent.response().body()).isEqualTo("ok");
      assertThat(sent.later().join().body()).isEqualTo("ok");
      assertThat(sent.result().response().statusCode()).isEqualTo(200);
      assertThat(sent.result().attempts()).isEqualTo(1);
      assertThat(sent.result().stopReason()).isEmpty();
      assertThat(server.requestCount()).as("503 and 200 for send, then one each").isEqualTo(4);
    }
  }

  @Test
  void presets_compilesAndSchedules() {
    ReadmeSnippets.Presets presets = ReadmeSnippets.presets();

    assertThat(presets.policy().maxAttempts()).isEqualTo(presets.drive().maxAttempts());
    assertThat(presets.schedule().rows()).hasSize(5);
    assertThat(presets.fromConfig().toString()).contains("full jitter");
  }
}
