package snippets.testing;

// tag::start[]
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FaultServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
// end::start[]
// tag::replies[]
import io.github.backoff.testing.FaultReply;
import java.time.Duration;
import java.time.Instant;
// end::replies[]
// tag::capacity[]
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import java.util.Random;
// end::capacity[]
// tag::slowdown[]
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import java.util.SplittableRandom;
// end::slowdown[]
// tag::counting[]
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
// end::counting[]
// tag::dispatch[]
import io.github.backoff.testing.FaultReply;
// end::dispatch[]
// tag::virtual[]
import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
// end::virtual[]
import org.junit.jupiter.api.Test;

/** The code of docs/testing.md, run as tests. */
class FaultServerSnippetsTest {
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Test
  void start() throws Exception {
    // tag::start[]
    try (FaultServer server = FaultServer.start()) {           // 127.0.0.1, a free port
      server.enqueueStatuses(503, 503);                         // then the default reply: 200 "ok"
      HttpClient client = HttpClient.newHttpClient();
      HttpRequest request = HttpRequest.newBuilder(server.uri("/orders")).build();
      HttpResponse<String> first = client.send(request, HttpResponse.BodyHandlers.ofString());
      assertThat(first.statusCode()).isEqualTo(503);
      assertThat(server.requestCount()).isEqualTo(1);           // what the server really saw
    }
    // end::start[]
  }

  @Test
  void replies() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      // tag::replies[]
      server.enqueue(
          FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)),         // Retry-After: 2
          FaultReply.status(429).withRetryAfterDate(Instant.parse("2026-11-21T12:00:03Z")),
          FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(250)),    // x-amz-retry-after: 250
          FaultReply.ok("{\"id\":1}").withHeader("Content-Type", "application/json"),
          FaultReply.ok("slow").withHeadersDelay(Duration.ofMillis(20)),        // answers after 20 ms
          FaultReply.ok("abcdef").withBodyThrottle(2, Duration.ofMillis(5)),    // 2 bytes every 5 ms
          FaultReply.reset(),                  // TCP reset before any byte of a response
          FaultReply.close(),                  // FIN without a response (a keep-alive race)
          FaultReply.truncatedBody(100, 7),    // promises 100 bytes, sends 7, closes
          FaultReply.resetAfterFirstByte(),    // "H", then a reset
          FaultReply.stall());                 // never answers: the client's timeout must fire
      // end::replies[]
      assertThat(server.pendingReplies()).isEqualTo(11);
    }
  }

  @Test
  void slowdown() throws Exception {
    // tag::slowdown[]
    SplittableRandom work = new SplittableRandom(42);
    FaultServer server = FaultServer.builder()                 // an M/M/1 queue of 100 requests/s
        .withMaxConcurrency(1)
        .withQueueCapacity(200)                                  // then 503 at once
        .withOverloadReply(FaultReply.status(503))
        .withServiceTime(r -> {
          synchronized (work) {                                  // Exp(1) / 100 s: mean 10 ms
            return Duration.ofNanos(Math.round(-Math.log(1 - work.nextDouble()) / 100 * 1e9));
          }
        })
        .start();
    server.capacity(0);      // stalled: requests stay in service and queue up (no reply, unlike an outage)
    server.capacity(0.5);    // half speed: the rest of each service takes twice as long
    server.capacity(1);      // full speed again
    // end::slowdown[]
    try (server) {
      assertThat(server.capacityFraction()).isEqualTo(1.0);
      assertThat(client.send(HttpRequest.newBuilder(server.uri("/")).build(), HttpResponse.BodyHandlers.ofString())
          .statusCode()).isEqualTo(200);
    }
  }

  @Test
  void capacity() throws Exception {
    // tag::capacity[]
    Random latency = new Random(42);                             // a seeded latency distribution
    FaultServer server = FaultServer.builder()
        .withMaxConcurrency(8)                                   // at most 8 requests in service
        .withQueueCapacity(32)                                   // 32 more wait for a slot ...
        .withQueueTimeout(Duration.ofMillis(200))                // ... for up to 200 ms
        .withOverloadReply(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(1)))
        .withRateLimit(200, 20)                                  // 200 per second, bursts of 20 ...
        .withThrottleReply(FaultReply.status(429).withRetryAfter(Duration.ofSeconds(1)))  // ... then 429
        .withServiceTime(r -> Duration.ofMillis(2 + (long) (latency.nextDouble() * 8)))   // 2-10 ms each
        .withOutageReply(FaultReply.status(503))                 // or FaultReply.reset() to refuse
        .start();
    server.outage(Duration.ofSeconds(5));                        // down for 5 s, then up by itself
    // end::capacity[]
    try (server) {
      HttpResponse<String> r = client.send(HttpRequest.newBuilder(server.uri("/")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(503);
      server.up();
      assertThat(client.send(HttpRequest.newBuilder(server.uri("/")).build(), HttpResponse.BodyHandlers.ofString())
          .statusCode()).isEqualTo(200);
    }
  }

  @Test
  void counting() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      client.send(HttpRequest.newBuilder(server.uri("/orders")).header("Idempotency-Key", "k-1")
          .POST(HttpRequest.BodyPublishers.ofString("{\"id\":1}")).build(), HttpResponse.BodyHandlers.ofString());
      // tag::counting[]
      assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();  // for async clients
      assertThat(server.requestCount("POST", "/orders")).isEqualTo(1);
      Map<String, Integer> perRoute = server.requestCounts();   // {"POST /orders"=1}
      List<RecordedRequest> seen = server.requests();
      RecordedRequest first = seen.get(0);
      assertThat(first.header("Idempotency-Key")).isEqualTo("k-1");
      assertThat(first.bodyAsString()).isEqualTo("{\"id\":1}");
      long arrivedAt = first.arrivalNanos();                    // on the server's ticker
      int connection = first.connection();                      // same number: a kept-alive connection
      // end::counting[]
      assertThat(perRoute).containsEntry("POST /orders", 1);
      assertThat(arrivedAt).isNotZero();
      assertThat(connection).isZero();
    }
  }

  @Test
  void dispatch() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      // tag::dispatch[]
      server.dispatch(request -> request.path().startsWith("/slow")
          ? FaultReply.status(504)
          : null);                                              // null: the default reply
      // end::dispatch[]
      assertThat(client.send(HttpRequest.newBuilder(server.uri("/slow/a")).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(504);
    }
  }

  @Test
  void virtual() throws Exception {
    // tag::virtual[]
    FakeClock clock = new FakeClock();
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).withRateLimit(1, 1).start()) {
      server.outage(Duration.ofSeconds(30));
      clock.advance(Duration.ofSeconds(30));                    // the outage is over, without waiting
      assertThat(server.isDown()).isFalse();
    }
    // end::virtual[]
  }
}
