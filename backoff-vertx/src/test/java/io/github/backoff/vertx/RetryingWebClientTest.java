package io.github.backoff.vertx;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.GaveUp;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link RetryingWebClient} with a real Vert.x 5 {@code WebClient} against a loopback {@link FaultServer}. */
class RetryingWebClientTest {
  static FaultServer server;
  static Vertx vertx;
  static WebClient web;
  static BlockedThreadWarnings checker;
  static final AtomicInteger PATHS = new AtomicInteger();
  static final List<Object> EVENTS = new CopyOnWriteArrayList<>();
  static RetryingWebClient retrying;

  @BeforeAll
  static void start() throws Exception {
    server = FaultServer.start();
    checker = new BlockedThreadWarnings();
    vertx = BlockedThreadWarnings.strictVertx();
    web = WebClient.create(vertx);
    retrying = RetryingWebClient.of(vertx, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(20)))
        .withMaxAttempts(3)
        .onEvent(EVENTS::add)
        .build());
    web.get(server.port(), "127.0.0.1", "/warm-up").send().await(10, TimeUnit.SECONDS); // loads classes
    checker.warnings.clear();
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
    checker.close();
    server.close();
  }

  @AfterEach
  void nothingLeftAndNothingBlocked() {
    assertThat(server.pendingReplies()).isZero();
    assertThat(checker.warnings).isEmpty();
    EVENTS.clear();
  }

  static String path() {
    return "/w" + PATHS.incrementAndGet();
  }

  static <T> CompletableFuture<T> onEventLoop(Supplier<Future<T>> call) {
    CompletableFuture<T> outcome = new CompletableFuture<>();
    vertx.getOrCreateContext().runOnContext(v -> call.get().onComplete(r -> {
      if (r.succeeded()) {
        outcome.complete(r.result());
      } else {
        outcome.completeExceptionally(r.cause());
      }
    }));
    return outcome;
  }

  @Test
  void get_on503Twice_retriesUntil200() throws Exception {
    String path = path();
    server.enqueueStatuses(503, 503);

    HttpRetryOutcome<HttpResponse<Buffer>> outcome = onEventLoop(() -> retrying.sendWithOutcome(
        web.get(server.port(), "127.0.0.1", path))).get(10, TimeUnit.SECONDS);

    assertThat(outcome.response().statusCode()).isEqualTo(200);
    assertThat(outcome.response().bodyAsString()).isEqualTo("ok");
    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(outcome.stopReason()).isEmpty();
    assertThat(server.requestCount("GET", path)).isEqualTo(3);
  }

  @Test
  void post_on503_isSentOnce() throws Exception {
    String path = path();
    server.enqueueStatuses(503);

    HttpRetryOutcome<HttpResponse<Buffer>> outcome = onEventLoop(() -> retrying.sendBufferWithOutcome(
        web.post(server.port(), "127.0.0.1", path), Buffer.buffer("order"))).get(10, TimeUnit.SECONDS);

    assertThat(outcome.response().statusCode()).isEqualTo(503);
    assertThat(outcome.stopReason()).contains(StopReason.NOT_RETRYABLE);
    assertThat(server.requestCount("POST", path)).isEqualTo(1);
  }

  @Test
  void postWithIdempotencyKey_on503_isRetriedWithTheSameBody() throws Exception {
    String path = path();
    server.enqueueStatuses(503);

    HttpResponse<Buffer> response = onEventLoop(() -> retrying.sendBuffer(web.post(server.port(), "127.0.0.1", path)
        .putHeader("Idempotency-Key", "k-3"), Buffer.buffer("order"))).get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).filteredOn(r -> r.path().equals(path)).hasSize(2)
        .allSatisfy(r -> assertThat(r.bodyAsString()).isEqualTo("order"));
  }

  @Test
  void get_retryAfterOverTheMaximum_returnsThe503AtOnce() throws Exception {
    String path = path();
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofHours(1)));

    HttpRetryOutcome<HttpResponse<Buffer>> outcome = onEventLoop(() -> retrying.sendWithOutcome(
        web.get(server.port(), "127.0.0.1", path))).get(10, TimeUnit.SECONDS);

    assertThat(outcome.response().statusCode()).isEqualTo(503);
    assertThat(outcome.stopReason()).contains(StopReason.DELAY_TOO_LONG);
    assertThat(outcome.attempts()).isEqualTo(1);
    assertThat(server.requestCount("GET", path)).isEqualTo(1);
    assertThat(EVENTS).filteredOn(GaveUp.class::isInstance).singleElement()
        .extracting(e -> ((GaveUp<?>) e).reason()).isEqualTo(StopReason.DELAY_TOO_LONG);
  }

  @Test
  void get_retryAfterOneSecond_waitsAtLeastThatLongOnATimer() throws Exception {
    String path = path();
    server.enqueue(FaultReply.status(429).withRetryAfter(Duration.ofSeconds(1)));

    HttpResponse<Buffer> response = onEventLoop(() -> retrying.send(web.get(server.port(), "127.0.0.1", path)))
        .get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    List<Long> arrivals = server.requests().stream().filter(r -> r.path().equals(path))
        .map(r -> r.arrivalNanos()).toList();
    assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0))).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void get_connectionClosedWithoutAResponse_isRetried() throws Exception {
    String path = path();
    server.enqueue(FaultReply.close());

    HttpResponse<Buffer> response = onEventLoop(() -> retrying.send(web.get(server.port(), "127.0.0.1", path)))
        .get(10, TimeUnit.SECONDS);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requestCount("GET", path)).isEqualTo(2);
  }

  @Test
  void get_refusedConnection_isRetriedThenFailsWithTheReason() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    int refused = port;

    CompletableFuture<HttpResponse<Buffer>> outcome = onEventLoop(() -> retrying.send(web.get(refused, "127.0.0.1",
        "/")));

    assertThat(outcome).failsWithin(Duration.ofSeconds(10)).withThrowableThat().havingCause()
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.getCause()).isInstanceOf(ConnectException.class);
        });
  }
}
