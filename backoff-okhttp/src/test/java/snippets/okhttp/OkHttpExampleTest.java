package snippets.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.io.IOException;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * Runs the code of docs/okhttp.md ({@link OkHttpExample}, {@link OkHttpDocSnippets}) against a loopback server;
 * backoff-core's DocSnippetsTest checks that the page shows it verbatim.
 */
class OkHttpExampleTest {
  @Test
  void client_404_returnedAtOnce() throws IOException {
    // A 404 is not retried, so this runs without waiting (the example uses the system sleeper).
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.status(404).withBody("no such page"))
        .start()) {
      try (Response response = OkHttpExample.client().newCall(new Request.Builder().url(server.uri("/x").toString())
          .build()).execute()) {
        assertThat(response.code()).isEqualTo(404);
        assertThat(response.body().string()).isEqualTo("no such page");
      }
      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void main_runsAgainstAServer() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.status(404).withBody("no such page"))
        .start()) {
      OkHttpExample.main(new String[] {server.uri("/").toString()});

      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void retrofit_503Then200_retriedLikeAnyOkHttpCall() throws IOException {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.ok("item 7")).start()
        .enqueue(FaultReply.status(503).withBody("busy"))) {
      HttpUrl loopback = HttpUrl.get(server.uri("/"));
      OkHttpClient client = new OkHttpClient.Builder()
          .addInterceptor(chain -> chain.proceed(chain.request().newBuilder()   // api.example.com: the loopback
              .url(chain.request().url().newBuilder().scheme("http").host(loopback.host()).port(loopback.port())
                  .build())
              .build()))
          .addInterceptor(OkHttpDocSnippets.virtualTime(OkHttpDocSnippets.policy()))
          .build();

      retrofit2.Response<okhttp3.ResponseBody> response = OkHttpDocSnippets.retrofit(client);

      assertThat(response.code()).isEqualTo(200);
      assertThat(response.body().string()).isEqualTo("item 7");
      assertThat(server.requestCount()).isEqualTo(2);
      assertThat(server.requests()).extracting(RecordedRequest::path).containsExactly("/items/7", "/items/7");
    }
  }
}
