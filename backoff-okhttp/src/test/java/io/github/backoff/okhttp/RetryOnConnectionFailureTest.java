package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.io.IOException;
import java.util.List;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/**
 * What a server sees when a connection breaks under a request, with OkHttp's own {@code retryOnConnectionFailure}
 * on (its default) and off: OkHttp resends silently, below the interceptor and whatever the method.
 */
class RetryOnConnectionFailureTest {
  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();

  private OkHttpClient client(boolean retryOnConnectionFailure) {
    return Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build())
        .retryOnConnectionFailure(retryOnConnectionFailure).build();
  }

  private static Request post(FaultServer server) {
    return new Request.Builder().url(HttpUrl.get(server.uri("/orders"))).post(RequestBody.create("{}".getBytes()))
        .build();
  }

  private static void warmUp(OkHttpClient client, FaultServer server) throws IOException {
    try (Response response = client.newCall(new Request.Builder().url(HttpUrl.get(server.uri("/"))).build())
        .execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
  }

  private static List<String> requestLines(FaultServer server) {
    return server.requests().stream().map(RecordedRequest::requestLine).toList();
  }

  @Test
  void pooledConnectionDropped_on_okHttpResendsThePostUnseenByTheInterceptor() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.ok("ok"), FaultReply.close())) {
      OkHttpClient client = client(true);
      warmUp(client, server);

      try (Response response = client.newCall(post(server)).execute()) {
        assertThat(response.code()).isEqualTo(200);
      }
      // The server saw the POST twice; the interceptor (which never retries a POST) saw one success.
      assertThat(requestLines(server)).containsExactly("GET / HTTP/1.1", "POST /orders HTTP/1.1",
          "POST /orders HTTP/1.1");
      assertThat(server.connectionCount()).isEqualTo(2);
      assertThat(events.all()).hasSize(2).allSatisfy(e -> assertThat(e).isInstanceOfSatisfying(Succeeded.class,
          s -> assertThat(s.attempt()).isEqualTo(1)));
    }
  }

  @Test
  void pooledConnectionDropped_off_postSentOnceAndTheFailureReported() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.ok("ok"), FaultReply.close())) {
      OkHttpClient client = client(false);
      warmUp(client, server);

      assertThatThrownBy(() -> client.newCall(post(server)).execute()).isInstanceOfSatisfying(RetryIOException.class,
          e -> {
            assertThat(e.attempts()).isEqualTo(1);
            assertThat(e.retryException().getCause()).hasMessageStartingWith("unexpected end of stream");
          });
      assertThat(requestLines(server)).containsExactly("GET / HTTP/1.1", "POST /orders HTTP/1.1");
    }
  }

  @Test
  void pooledConnectionDropped_off_getRetriedByTheInterceptorUnderThePolicy() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.ok("ok"), FaultReply.close())) {
      OkHttpClient client = client(false);
      warmUp(client, server);

      try (Response response = client.newCall(new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build())
          .execute()) {
        assertThat(response.code()).isEqualTo(200);
      }
      // The same two requests as OkHttp's own resend, but this one waited the policy's 1 s and was reported.
      assertThat(requestLines(server)).containsExactly("GET / HTTP/1.1", "GET /items HTTP/1.1", "GET /items HTTP/1.1");
      assertThat(events.ofType(RetryScheduled.class)).hasSize(1);
      assertThat(clock.nanoTime()).isEqualTo(1_000_000_000L);
    }
  }

  @Test
  void freshConnectionDropped_on_notResentByOkHttp() throws IOException {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.close())) {
      OkHttpClient client = client(true);

      assertThatThrownBy(() -> client.newCall(post(server)).execute()).isInstanceOfSatisfying(RetryIOException.class,
          e -> assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
      assertThat(requestLines(server)).containsExactly("POST /orders HTTP/1.1");
    }
  }
}
