package io.github.backoff.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FaultServerTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();

  private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
    return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(), BodyHandlers.ofString());
  }

  /** A POST: the JDK client resends a GET once on its own after a broken connection, never a POST. */
  private static HttpResponse<String> post(URI uri) throws IOException, InterruptedException {
    return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).POST(BodyPublishers.ofString("x"))
        .build(), BodyHandlers.ofString());
  }

  @Test
  void enqueueStatuses_answersInOrder_thenTheDefault() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(503, 429, 500);
      List<Integer> codes = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        codes.add(get(server.uri("/a")).statusCode());
      }
      assertThat(codes).containsExactly(503, 429, 500, 200);
      assertThat(get(server.uri("/a")).body()).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(5);
      assertThat(server.pendingReplies()).isZero();
    }
  }

  @Test
  void withDefaultReply_answersOnceTheQueueIsEmpty() throws Exception {
    try (FaultServer server = FaultServer.builder().withDefaultReply(FaultReply.status(503).withBody("down"))
        .start()) {
      server.enqueue(FaultReply.ok("first"));
      assertThat(get(server.uri("/")).body()).isEqualTo("first");
      HttpResponse<String> r = get(server.uri("/"));
      assertThat(r.statusCode()).isEqualTo(503);
      assertThat(r.body()).isEqualTo("down");
    }
  }

  @Test
  void retryAfter_inEveryForm_reachesTheClient() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(2)),
          FaultReply.status(503).withRetryAfter(Duration.ofMillis(1500)),
          FaultReply.status(429).withRetryAfterDate(Instant.parse("2026-11-21T12:00:03Z")),
          FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(250)));
      assertThat(get(server.uri("/")).headers().firstValue("Retry-After")).contains("2");
      assertThat(get(server.uri("/")).headers().firstValue("Retry-After")).contains("2"); // rounded up
      assertThat(get(server.uri("/")).headers().firstValue("Retry-After")).contains("Sat, 21 Nov 2026 12:00:03 GMT");
      assertThat(get(server.uri("/")).headers().firstValue("x-amz-retry-after")).contains("250");
    }
  }

  @Test
  void requests_recordMethodTargetHeadersBodyAndArrival() throws Exception {
    FakeClock clock = new FakeClock(1_000);
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).start()) {
      CLIENT.send(HttpRequest.newBuilder(server.uri("/orders?page=2")).header("Idempotency-Key", "k-1")
          .POST(BodyPublishers.ofString("{\"id\":1}")).build(), BodyHandlers.discarding());
      clock.advance(Duration.ofMillis(7));
      get(server.uri("/orders"));
      get(server.uri("/health"));

      List<RecordedRequest> seen = server.requests();
      RecordedRequest post = seen.get(0);
      assertThat(post.sequence()).isZero();
      assertThat(post.method()).isEqualTo("POST");
      assertThat(post.target()).isEqualTo("/orders?page=2");
      assertThat(post.path()).isEqualTo("/orders");
      assertThat(post.requestLine()).isEqualTo("POST /orders?page=2 HTTP/1.1");
      assertThat(post.header("idempotency-key")).isEqualTo("k-1");
      assertThat(post.headerValues("IDEMPOTENCY-KEY")).containsExactly("k-1");
      assertThat(post.bodyAsString()).isEqualTo("{\"id\":1}");
      assertThat(post.arrivalNanos()).isEqualTo(1_000);
      assertThat(seen.get(1).arrivalNanos()).isEqualTo(1_000 + 7_000_000);
      assertThat(server.requestCount("GET", "/orders")).isEqualTo(1);
      assertThat(server.requestCount("post", "/orders")).isEqualTo(1);
      assertThat(server.requestCounts()).containsExactly(
          java.util.Map.entry("GET /health", 1), java.util.Map.entry("GET /orders", 1),
          java.util.Map.entry("POST /orders", 1));
    }
  }

  @Test
  void requests_chunkedBody_isRecordedWhole() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      byte[] body = "a body of unknown length".getBytes(StandardCharsets.UTF_8);
      HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(server.uri("/upload"))
          .POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build(), BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(server.requests().get(0).header("Transfer-Encoding")).isEqualTo("chunked");
      assertThat(server.requests().get(0).body()).isEqualTo(body);
    }
  }

  @Test
  void expectContinue_isAnsweredAndTheBodyRead() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(server.uri("/upload")).expectContinue(true)
          .PUT(BodyPublishers.ofString("payload")).build(), BodyHandlers.ofString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(server.requests().get(0).bodyAsString()).isEqualTo("payload");
    }
  }

  @Test
  void connections_areKeptAlive_unlessTheReplyCloses() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      get(server.uri("/1"));
      get(server.uri("/2"));
      server.enqueue(FaultReply.ok("bye").withConnectionClose());
      get(server.uri("/3"));
      get(server.uri("/4"));
      List<RecordedRequest> seen = server.requests();
      assertThat(seen.get(1).connection()).isEqualTo(seen.get(0).connection());
      assertThat(seen.get(1).remotePort()).isEqualTo(seen.get(0).remotePort());
      assertThat(seen.get(2).connection()).isEqualTo(seen.get(0).connection());
      assertThat(seen.get(3).connection()).isNotEqualTo(seen.get(2).connection());
      assertThat(server.connectionCount()).isEqualTo(2);
    }
  }

  @Test
  void headRequest_getsNoBody_and204HasNone() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      HttpResponse<String> head = CLIENT.send(HttpRequest.newBuilder(server.uri("/")).method("HEAD",
          BodyPublishers.noBody()).build(), BodyHandlers.ofString());
      assertThat(head.body()).isEmpty();
      assertThat(head.headers().firstValue("Content-Length")).contains("2");
      server.enqueue(FaultReply.status(204));
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(204);
      assertThat(get(server.uri("/")).body()).isEqualTo("ok"); // the connection survived both
    }
  }

  @Test
  void reset_failsTheRequest_butItIsCounted() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.reset());
      assertThatThrownBy(() -> post(server.uri("/"))).isInstanceOf(IOException.class);
      assertThat(server.requestCount()).isEqualTo(1);
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void closeAndTruncatedBodyAndResetAfterFirstByte_failTheRequest() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.close(), FaultReply.truncatedBody(100, 7), FaultReply.resetAfterFirstByte());
      for (int i = 0; i < 3; i++) {
        assertThatThrownBy(() -> post(server.uri("/"))).isInstanceOf(IOException.class);
      }
      assertThat(server.requestCount()).isEqualTo(3);
      assertThat(server.connectionCount()).isEqualTo(3);
    }
  }

  @Test
  void stall_neverAnswers_untilTheClientGivesUp() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.stall());
      // The timeout also covers connecting and sending: long enough for the request to arrive on a busy machine.
      assertThatThrownBy(() -> CLIENT.send(HttpRequest.newBuilder(server.uri("/")).timeout(Duration.ofMillis(300))
          .build(), BodyHandlers.ofString())).isInstanceOf(HttpTimeoutException.class);
      assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();
      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void close_endsAStall_andIsIdempotent() throws Exception {
    FaultServer server = FaultServer.start();
    server.enqueue(FaultReply.stall());
    CompletableFuture<HttpResponse<String>> pending =
        CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/")).build(), BodyHandlers.ofString());
    assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();
    server.close();
    server.close();
    assertThatThrownBy(() -> pending.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(IOException.class);
  }

  @Test
  void bodyThrottle_sendsTheBodyInSteps() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.ok("abcdef").withBodyThrottle(2, Duration.ofMillis(5)));
      long start = System.nanoTime();
      assertThat(get(server.uri("/")).body()).isEqualTo("abcdef");
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(15));
    }
  }

  @Test
  void headersDelay_holdsTheReply() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(503).withHeadersDelay(Duration.ofMillis(20)));
      long start = System.nanoTime();
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(503);
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  @Test
  void dispatch_computesRepliesAfterTheQueue_andMayReadTheServer() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueue(FaultReply.status(500));
      server.dispatch(r -> r.path().equals("/busy")
          ? FaultReply.status(503).withBody("busy " + server.requestCount()) : null);
      assertThat(get(server.uri("/busy")).statusCode()).isEqualTo(500);
      assertThat(get(server.uri("/busy")).body()).isEqualTo("busy 2");
      assertThat(get(server.uri("/other")).body()).isEqualTo("ok");
    }
  }

  @Test
  void maxConcurrency_withoutQueue_rejectsTheExcessWithTheOverloadReply() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withQueueCapacity(0)
        .withDispatcher(r -> {
          await(release);
          return null;
        }).start()) {
      CompletableFuture<HttpResponse<String>> first =
          CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/")).build(), BodyHandlers.ofString());
      assertThat(server.awaitRequestCount(1, Duration.ofSeconds(5))).isTrue();
      awaitTrue(() -> server.inService() == 1);
      HttpResponse<String> second = get(server.uri("/"));
      assertThat(second.statusCode()).isEqualTo(503);
      assertThat(second.headers().firstValue("Retry-After")).contains("1");
      release.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(server.overloadedCount()).isEqualTo(1);
      assertThat(server.requestCount()).isEqualTo(2);
      assertThat(server.maxInService()).isEqualTo(1);
    }
  }

  @Test
  void queue_holdsRequestsUntilASlotFrees_andRejectsBeyondItsCapacity() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withQueueCapacity(1)
        .withOverloadReply(FaultReply.status(429).withRetryAfter(Duration.ofSeconds(3)))
        .withDispatcher(r -> {
          await(release);
          return null;
        }).start()) {
      CompletableFuture<HttpResponse<String>> a =
          CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());
      awaitTrue(() -> server.inService() == 1);
      CompletableFuture<HttpResponse<String>> b =
          CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/b")).build(), BodyHandlers.ofString());
      awaitTrue(() -> server.queued() == 1);
      HttpResponse<String> c = get(server.uri("/c"));
      assertThat(c.statusCode()).isEqualTo(429);
      assertThat(c.headers().firstValue("Retry-After")).contains("3");
      release.countDown();
      assertThat(a.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(b.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(server.maxInService()).isEqualTo(1);
      assertThat(server.overloadedCount()).isEqualTo(1);
    }
  }

  @Test
  void queueTimeout_turnsAwayARequestThatWaitedTooLong() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(1).withQueueTimeout(Duration.ofMillis(20))
        .withDispatcher(r -> {
          await(release);
          return null;
        }).start()) {
      CompletableFuture<HttpResponse<String>> a =
          CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());
      awaitTrue(() -> server.inService() == 1);
      assertThat(get(server.uri("/b")).statusCode()).isEqualTo(503);
      release.countDown();
      assertThat(a.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      assertThat(server.overloadedCount()).isEqualTo(1);
    }
  }

  @Test
  void rateLimit_throttlesBeyondTheBurst_andRefillsOnTheTicker() throws Exception {
    FakeClock clock = new FakeClock();
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).withRateLimit(2, 2).start()) {
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
      HttpResponse<String> throttled = get(server.uri("/"));
      assertThat(throttled.statusCode()).isEqualTo(429);
      assertThat(throttled.headers().firstValue("Retry-After")).contains("1");
      clock.advance(Duration.ofMillis(499));
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(429);
      clock.advance(Duration.ofMillis(1));
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
      assertThat(server.throttledCount()).isEqualTo(2);
      assertThat(server.requestCount()).isEqualTo(5);
    }
  }

  @Test
  void throttleReply_replacesThe429() throws Exception {
    FakeClock clock = new FakeClock();
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).withRateLimit(1, 1)
        .withThrottleReply(FaultReply.status(503).withAmzRetryAfter(Duration.ofMillis(40))).start()) {
      get(server.uri("/"));
      HttpResponse<String> r = get(server.uri("/"));
      assertThat(r.statusCode()).isEqualTo(503);
      assertThat(r.headers().firstValue("x-amz-retry-after")).contains("40");
    }
  }

  @Test
  void downAndUp_switchTheOutageReply() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(201);
      server.down();
      assertThat(server.isDown()).isTrue();
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(503);
      server.up();
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(201); // the queued reply waited for the outage
      assertThat(server.outageCount()).isEqualTo(1);
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void outage_endsByItselfAfterItsLength() throws Exception {
    FakeClock clock = new FakeClock();
    try (FaultServer server = FaultServer.builder().withTicker(clock::nanoTime).start()) {
      server.outage(Duration.ofSeconds(30));
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(503);
      clock.advance(Duration.ofSeconds(29));
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(503);
      clock.advance(Duration.ofSeconds(1));
      assertThat(server.isDown()).isFalse();
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
      assertThat(server.outageCount()).isEqualTo(2);
    }
  }

  @Test
  void outageReply_reset_refusesEveryRequest() throws Exception {
    try (FaultServer server = FaultServer.builder().withOutageReply(FaultReply.reset()).start()) {
      server.down();
      assertThatThrownBy(() -> post(server.uri("/"))).isInstanceOf(IOException.class);
      assertThat(server.outageCount()).isEqualTo(1);
      server.up();
      assertThat(get(server.uri("/")).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void serviceTime_isDrawnPerAdmittedRequest_andHoldsTheSlot() throws Exception {
    List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());
    try (FaultServer server = FaultServer.builder().withServiceTime(r -> {
      asked.add(r.path());
      return Duration.ofMillis(10);
    }).start()) {
      long start = System.nanoTime();
      get(server.uri("/x"));
      assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(10));
      assertThat(asked).containsExactly("/x");
    }
  }

  @Test
  void concurrentRequests_areEachCountedOnce() throws Exception {
    try (FaultServer server = FaultServer.builder().withMaxConcurrency(4)
        .withServiceTime(Duration.ofMillis(2)).start()) {
      List<CompletableFuture<HttpResponse<String>>> all = IntStream.range(0, 24)
          .mapToObj(i -> CLIENT.sendAsync(HttpRequest.newBuilder(server.uri("/p" + (i % 3))).build(),
              BodyHandlers.ofString())).toList();
      for (CompletableFuture<HttpResponse<String>> f : all) {
        assertThat(f.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
      }
      assertThat(server.requestCount()).isEqualTo(24);
      assertThat(server.requests()).extracting(RecordedRequest::sequence)
          .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 24).boxed().toList());
      assertThat(server.requestCounts()).containsValues(8, 8, 8);
      assertThat(server.maxInService()).isBetween(1, 4);
    }
  }

  @Test
  void http2Client_isServedOverHttp11() throws Exception {
    HttpClient h2 = HttpClient.newHttpClient(); // asks to upgrade to h2c; the server answers in HTTP/1.1
    try (FaultServer server = FaultServer.start()) {
      HttpResponse<String> r = h2.send(HttpRequest.newBuilder(server.uri("/")).build(), BodyHandlers.ofString());
      assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
      assertThat(r.body()).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void awaitRequestCount_timesOutWhenNothingArrives() throws Exception {
    try (FaultServer server = FaultServer.start()) {
      assertThat(server.awaitRequestCount(1, Duration.ofMillis(5))).isFalse();
    }
  }

  @Test
  void uri_bindsToLoopback() {
    try (FaultServer server = FaultServer.start()) {
      assertThat(server.uri("/x").toString()).isEqualTo("http://127.0.0.1:" + server.port() + "/x");
      assertThat(server.uri("x")).isEqualTo(server.uri("/x"));
      assertThat(server.port()).isPositive();
    }
  }

  @Test
  void builder_rejectsBadValues_namingTheParameter() {
    FaultServerBuilder b = FaultServer.builder();
    assertThatThrownBy(() -> b.withMaxConcurrency(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxConcurrency must be >= 1: 0");
    assertThatThrownBy(() -> b.withQueueCapacity(-1)).hasMessage("queueCapacity must be >= 0: -1");
    assertThatThrownBy(() -> b.withQueueTimeout(Duration.ofMillis(-1)))
        .hasMessage("queueTimeout must not be negative: PT-0.001S");
    assertThatThrownBy(() -> b.withRateLimit(0, 1)).hasMessage("perSecond must be > 0 and finite: 0.0");
    assertThatThrownBy(() -> b.withRateLimit(Double.POSITIVE_INFINITY, 1))
        .hasMessage("perSecond must be > 0 and finite: Infinity");
    assertThatThrownBy(() -> b.withRateLimit(1, 0)).hasMessage("burst must be >= 1: 0");
    assertThatThrownBy(() -> b.withServiceTime(Duration.ofMillis(-2)))
        .hasMessage("serviceTime must not be negative: PT-0.002S");
    assertThatThrownBy(() -> b.withBacklog(0)).hasMessage("backlog must be >= 1: 0");
    assertThatThrownBy(() -> b.withDefaultReply(null)).isInstanceOf(NullPointerException.class).hasMessage("reply");
  }

  @Test
  void reply_rejectsBadValues_namingTheParameter() {
    assertThatThrownBy(() -> FaultReply.status(99)).hasMessage("status must be in [100, 999]: 99");
    assertThatThrownBy(() -> FaultReply.truncatedBody(5, 5)).hasMessage("sent must be in [0, promised): 5, promised 5");
    assertThatThrownBy(() -> FaultReply.status(503).withRetryAfter(Duration.ofSeconds(-1)))
        .hasMessage("delay must not be negative: PT-1S");
    assertThatThrownBy(() -> FaultReply.ok("x").withBodyThrottle(0, Duration.ZERO)).hasMessage("bytes must be > 0: 0");
    assertThatThrownBy(() -> FaultReply.ok("x").withHeader("X-A", "b\r\nX-Injected: 1"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> FaultReply.reset().withBody("x")).isInstanceOf(IllegalStateException.class)
        .hasMessage("withBody applies to a response, not to a reset fault");
    try (FaultServer server = FaultServer.start()) {
      assertThatThrownBy(() -> server.outage(Duration.ofSeconds(-1))).hasMessage("length must not be negative: PT-1S");
    }
  }

  @Test
  void reply_isImmutable() {
    FaultReply base = FaultReply.status(503);
    FaultReply withHeader = base.withRetryAfter(Duration.ofSeconds(1));
    assertThat(base.header("Retry-After")).isNull();
    assertThat(withHeader.header("retry-after")).isEqualTo("1");
    assertThat(withHeader.statusCode()).isEqualTo(503);
    assertThat(FaultReply.stall().statusCode()).isZero();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits (really, briefly: at most 10 s, which only a failure reaches) until the condition holds. */
  private static void awaitTrue(java.util.function.BooleanSupplier condition) {
    Await.until(condition, Duration.ofSeconds(10));
  }
}
