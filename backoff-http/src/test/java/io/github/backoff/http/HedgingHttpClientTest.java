package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.hedge.HedgeCancelled;
import io.github.backoff.hedge.HedgeEvent;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.hedge.HedgeSent;
import io.github.backoff.hedge.HedgeWon;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Against a real loopback server that answers chosen requests slowly and counts every request. */
class HedgingHttpClientTest {
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final List<HedgeEvent<?>> events = new CopyOnWriteArrayList<>();
  private FaultServer server;

  private HedgingHttpClient hedging(Duration delay) {
    HedgePolicy<HttpResponse<?>> policy = HedgePolicy.<HttpResponse<?>>builder()
        .withDelay(delay)
        .onEvent(events::add)
        .build();
    return HedgingHttpClient.of(client, policy);
  }

  /** A server that answers the n-th request with "reply n", after {@code slowFirst} for the first. */
  private static FaultServer server(Duration slowFirst) throws IOException {
    return FaultServer.start().enqueue(FaultReply.ok("reply 1").withHeadersDelay(slowFirst), FaultReply.ok("reply 2"));
  }

  private URI uri() {
    return server.uri("/item");
  }

  private int requests() {
    return server.requests().size();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void sendAsync_slowGet_hedgeAnswersAndOriginalIsCancelled() throws Exception {
    server = server(Duration.ofSeconds(60));
    HttpResponse<String> response = hedging(Duration.ofMillis(20))
        .sendAsync(HttpRequest.newBuilder(uri()).build(), BodyHandlers.ofString())
        .get(10, TimeUnit.SECONDS); // the slow reply would take 60 s

    assertThat(response.body()).isEqualTo("reply 2");
    assertThat(requests()).isEqualTo(2);
    assertThat(events).hasSize(3);
    assertThat(events.get(0)).isInstanceOf(HedgeSent.class);
    assertThat(events.get(1)).isInstanceOfSatisfying(HedgeWon.class, won -> assertThat(won.attempt()).isEqualTo(2));
    assertThat(events.get(2)).isInstanceOfSatisfying(HedgeCancelled.class,
        cancelled -> assertThat(cancelled.attempt()).isEqualTo(1));
  }

  @Test
  void sendAsync_fastGet_isSentOnce() throws Exception {
    server = server(Duration.ZERO);
    // A hedging delay no loaded machine's loopback reply takes: the call is sent once because it was fast.
    HttpResponse<String> response = hedging(Duration.ofSeconds(10))
        .sendAsync(HttpRequest.newBuilder(uri()).build(), BodyHandlers.ofString())
        .get(10, TimeUnit.SECONDS);

    assertThat(response.body()).isEqualTo("reply 1");
    assertThat(requests()).isEqualTo(1);
    assertThat(events).singleElement().isInstanceOf(HedgeWon.class);
  }

  @Test
  void sendAsync_slowPost_isSentOnce() throws Exception {
    server = server(Duration.ofMillis(200)); // ten times the hedging delay
    HttpResponse<String> response = hedging(Duration.ofMillis(20))
        .sendAsync(HttpRequest.newBuilder(uri()).POST(BodyPublishers.ofString("order")).build(),
            BodyHandlers.ofString())
        .get(10, TimeUnit.SECONDS);

    assertThat(response.body()).isEqualTo("reply 1");
    assertThat(requests()).isEqualTo(1);
    assertThat(events).isEmpty();
  }

  @Test
  void sendAsync_slowPostWithIdempotencyKey_isHedged() throws Exception {
    server = server(Duration.ofSeconds(60));
    HttpRequest request = HttpRequest.newBuilder(uri())
        .header("Idempotency-Key", "order-42")
        .POST(BodyPublishers.ofString("order"))
        .build();
    HttpResponse<String> response = hedging(Duration.ofMillis(20)).sendAsync(request, BodyHandlers.ofString())
        .get(10, TimeUnit.SECONDS);

    assertThat(response.body()).isEqualTo("reply 2");
    assertThat(requests()).isEqualTo(2);
  }

  @Test
  void isHedgeable_followsHttpRules() {
    URI uri = URI.create("http://127.0.0.1:1/");
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri).GET().build())).isTrue();
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri).DELETE().build())).isTrue();
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri)
        .PUT(BodyPublishers.ofString("x")).build())).isTrue();
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri)
        .POST(BodyPublishers.ofString("x")).build())).isFalse();
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri)
        .method("PATCH", BodyPublishers.noBody()).build())).isFalse();
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri).header("Idempotency-Key", "k")
        .POST(BodyPublishers.ofString("x")).build())).isTrue();
    // A stream can be read once: sent once even though PUT is idempotent.
    assertThat(HedgingHttpClient.isHedgeable(HttpRequest.newBuilder(uri)
        .PUT(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[] {1}))).build())).isFalse();
  }

  @Test
  void isHedgeable_bodyRule_isTheRetryRule() {
    // A body is sent twice at once by a hedge and one after the other by a retry: the same question, one answer.
    URI uri = URI.create("http://127.0.0.1:1/");
    HttpRequest.BodyPublisher once = BodyPublishers.fromPublisher(
        BodyPublishers.ofString("x"), 1); // a user's publisher of known length: may be one-shot
    List<HttpRequest> requests = List.of(
        HttpRequest.newBuilder(uri).PUT(once).build(),
        HttpRequest.newBuilder(uri).PUT(BodyPublishers.concat(BodyPublishers.ofString("a"))).build(),
        HttpRequest.newBuilder(uri).PUT(BodyPublishers.ofByteArrays(List.of(new byte[] {1}))).build(),
        HttpRequest.newBuilder(uri).PUT(RetryingHttpClient.replayable(BodyPublishers.ofInputStream(
            () -> new ByteArrayInputStream(new byte[] {1})))).build(),
        HttpRequest.newBuilder(uri).PUT(BodyPublishers.noBody()).build());

    for (HttpRequest request : requests) {
      assertThat(HedgingHttpClient.isHedgeable(request)).as("%s", request.bodyPublisher().orElseThrow())
          .isEqualTo(RetryingHttpClient.isReplayable(request));
    }
    assertThat(HedgingHttpClient.isHedgeable(requests.get(0))).as("fromPublisher: sent once").isFalse();
    assertThat(HedgingHttpClient.isHedgeable(requests.get(3))).as("marked replayable: hedged").isTrue();
  }
}
