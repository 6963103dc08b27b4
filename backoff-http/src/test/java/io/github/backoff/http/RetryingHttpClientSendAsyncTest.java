package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Await;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RetryingHttpClient#sendAsync}, and the deadline in real time, against a real loopback server. */
class RetryingHttpClientSendAsyncTest {
  private static final HttpClient CLIENT = Fixtures.httpClient();

  private FaultServer server;
  private EventRecorder<RetryEvent<?>> events;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
    events = new EventRecorder<>();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static <T> T await(CompletableFuture<T> future) throws Exception {
    try {
      return future.get(10, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw (Exception) e.getCause();
    }
  }

  @Test
  void sendAsync_503Then200_completesWith200() throws Exception {
    server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.ok("hello"));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).onEvent(events::add).build());

    HttpResponse<String> response = await(http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(),
        BodyHandlers.ofString()));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("hello");
    assertThat(events.ofType(RetryScheduled.class)).hasSize(1);
  }

  @Test
  void sendAsync_429WithRetryAfter_retriesWhenVirtualTimeReachesTheAskedWait() throws Exception {
    server.enqueue(FaultReply.status(429).withHeader("Retry-After", "1"));
    ManualScheduler time = new ManualScheduler();
    RetryingHttpClient http = RetryingHttpClient.builder(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
            .onEvent(events::add).build())
        .withTicker(time::nanoTime).withSleeper(time::sleep).withScheduler(time)
        .withRandom(Randoms.uniforms(0.5)).withClock(time.wallClock(Fixtures.EPOCH)).build();

    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());
    Await.until(() -> time.pendingTasks() == 1, Duration.ofSeconds(10));
    time.advance(Duration.ofMillis(1249));

    assertThat(future).isNotDone();
    assertThat(server.requests()).hasSize(1);
    time.advance(Duration.ofMillis(1));
    assertThat(await(future).statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(2);
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> {
      assertThat(r.delay()).isEqualTo(Duration.ofMillis(1250));
      assertThat(r.overridden()).isTrue();
    });
  }

  @Test
  void sendAsync_cancelWhileARetryWaits_startsNoFurtherAttempt() {
    server.enqueue(FaultReply.status(503));
    ManualScheduler time = new ManualScheduler();
    RetryingHttpClient http = RetryingHttpClient.builder(CLIENT, RetryPolicy.<HttpResponse<?>>builder().build())
        .withTicker(time::nanoTime).withScheduler(time).build();

    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());
    Await.until(() -> time.pendingTasks() == 1, Duration.ofSeconds(10));
    future.cancel(true);

    assertThat(time.pendingTasks()).isZero();
    time.advance(Duration.ofMinutes(1));
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void sendAsync_cancelWhileAResultConditionRetryWaits_closesTheRetriedStream() throws Exception {
    server.enqueue(FaultReply.ok("p".repeat(1_000_000)).withHeader("X-State", "pending"));
    ManualScheduler time = new ManualScheduler();
    java.util.List<InputStream> streams = new java.util.concurrent.CopyOnWriteArrayList<>();
    RetryingHttpClient http = RetryingHttpClient.builder(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
            .retryIfResult(r -> {
              if (r.body() instanceof InputStream stream && !streams.contains(stream)) {
                streams.add(stream);
              }
              return r.headers().firstValue("X-State").isPresent();
            }).build())
        .withTicker(time::nanoTime).withScheduler(time).build();

    CompletableFuture<HttpResponse<InputStream>> future =
        http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofInputStream());
    Await.until(() -> time.pendingTasks() == 1);
    future.cancel(true);

    // Nobody will read it: the caller cancelled, and no attempt comes to release it.
    assertThat(streams).singleElement().satisfies(stream ->
        assertThatThrownBy(stream::read).isInstanceOf(IOException.class).hasMessage("closed"));
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void sendAsync_connectionRefused_completesExceptionallyWithRetryException() throws IOException {
    URI closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/");
    }
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1))).withMaxAttempts(3).build());

    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(HttpRequest.newBuilder(closed).build(), BodyHandlers.ofString());

    assertThatThrownBy(() -> await(future)).isInstanceOfSatisfying(RetryException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(e.attempts()).isEqualTo(3);
      assertThat(e).hasCauseInstanceOf(ConnectException.class);
    });
  }

  @Test
  void sendAsync_serverSlowerThanTheRequestTimeout_retriesAfterTheTimeout() throws Exception {
    server.enqueue(FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(5)), FaultReply.ok("in time"));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1))).onEvent(events::add).build());

    HttpResponse<String> response = await(http.sendAsync(
        HttpRequest.newBuilder(server.uri("/a")).timeout(Duration.ofMillis(500)).build(), BodyHandlers.ofString()));

    assertThat(response.body()).isEqualTo("in time");
    assertThat(events.ofType(RetryScheduled.class)).singleElement()
        .satisfies(r -> assertThat(r.failure()).isInstanceOf(HttpTimeoutException.class));
  }

  @Test
  void send_policyAttemptTimeoutWithASlowServer_retriesAfterTheTimeout() {
    // The second reply must come within the attempt timeout too: 2 s, for a loaded machine.
    server.enqueue(FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(60)), FaultReply.ok("in time"));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1))).withAttemptTimeout(Duration.ofMillis(2000))
        .onEvent(events::add).build());

    HttpResponse<String> response = http.send(HttpRequest.newBuilder(server.uri("/a")).build(),
        BodyHandlers.ofString());

    assertThat(response.body()).isEqualTo("in time");
    // The request timeout and the core's own attempt timer race; either way the attempt is retried.
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> assertThat(r.failure())
        .isInstanceOfAny(HttpTimeoutException.class, io.github.backoff.AttemptTimeoutException.class));
  }

  @Test
  void sendAsync_policyAttemptTimeoutWithASlowServer_retriesAfterTheTimeout() throws Exception {
    // The second reply must come within the attempt timeout too: 2 s, for a loaded machine.
    server.enqueue(FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(60)), FaultReply.ok("in time"));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1))).withAttemptTimeout(Duration.ofMillis(2000))
        .onEvent(events::add).build());

    HttpResponse<String> response = await(http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(),
        BodyHandlers.ofString()));

    assertThat(response.body()).isEqualTo("in time");
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> assertThat(r.failure())
        .isInstanceOfAny(HttpTimeoutException.class, io.github.backoff.AttemptTimeoutException.class));
  }

  @Test
  void sendAsync_nonReplayableBody_throwsBeforeTheFirstAttempt() {
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder().build());
    HttpRequest put = HttpRequest.newBuilder(server.uri("/file"))
        .PUT(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[1]))).build();

    assertThatThrownBy(() -> http.sendAsync(put, BodyHandlers.ofString()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be sent twice");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void send_deadlineShorterThanASlowServer_stopsWithTimeBudgetExhaustedInTime() {
    // 60 s: far beyond the 300 ms deadline, so that the bound below can be generous (the server closes at the end).
    server.dispatch(r -> FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(60)));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).withMaxAttempts(5)
        .withMaxElapsed(Duration.ofMillis(300)).build());
    long start = System.nanoTime();

    assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString()))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED);
          assertThat(e).hasCauseInstanceOf(HttpTimeoutException.class);
        });
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void sendAsync_deadlineShorterThanASlowServer_stopsWithTimeBudgetExhausted() {
    server.dispatch(r -> FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(60)));
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(10))).withMaxAttempts(5)
        .withMaxElapsed(Duration.ofMillis(300)).build());

    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());

    assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(RetryException.class)
        .cause().satisfies(e -> assertThat(((RetryException) e).reason())
            .isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
  }

  /**
   * 100 requests at once; a seeded plan makes half of them fail 1 to 4 times (503, a connection closed mid-body,
   * 429 with Retry-After: 0, 500, in that order). With 4 attempts, those failing 4 times end with their last 500,
   * all others with 200 and their own body, each after exactly the planned number of attempts.
   */
  @Test
  void sendAsync_hundredConcurrentRequestsHalfFailingAtRandom_allCompleteWithTheRightOutcome() throws Exception {
    int n = 100;
    SplittableRandom seeded = new SplittableRandom(20261121);
    int[] failures = new int[n];
    for (int i = 0; i < n; i++) {
      failures[i] = seeded.nextBoolean() ? 1 + seeded.nextInt(4) : 0;
    }
    Map<Integer, AtomicInteger> hits = new ConcurrentHashMap<>();
    server.dispatch(r -> {
      int id = Integer.parseInt(r.path().substring("/item/".length()));
      int attempt = hits.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
      if (attempt > failures[id]) {
        return FaultReply.ok("item " + id);
      }
      return switch (attempt) {
        case 1 -> FaultReply.status(503).withBody("busy");
        case 2 -> FaultReply.truncatedBody(100, 7); // hangs up mid-body
        case 3 -> FaultReply.status(429).withHeader("Retry-After", "0");
        default -> FaultReply.status(500).withBody("broken");
      };
    });
    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(5))).withMaxAttempts(4).onEvent(events::add).build());
    http = RetryingHttpClient.builder(CLIENT, http.policy()).withoutBudget().build(); // exact attempts: no budget

    List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      futures.add(http.sendAsync(HttpRequest.newBuilder(server.uri("/item/" + i)).build(), BodyHandlers.ofString()));
    }
    CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(15, TimeUnit.SECONDS);

    int expectedRetries = 0;
    for (int i = 0; i < n; i++) {
      HttpResponse<String> response = futures.get(i).join();
      int id = i;
      if (failures[i] >= 4) {
        assertThat(response.statusCode()).as("request %d", id).isEqualTo(500);
        assertThat(response.body()).isEqualTo("broken");
      } else {
        assertThat(response.statusCode()).as("request %d", id).isEqualTo(200);
        assertThat(response.body()).isEqualTo("item " + i);
      }
      assertThat(hits.get(i).get()).as("attempts of request %d", id).isEqualTo(Math.min(failures[i] + 1, 4));
      expectedRetries += Math.min(failures[i], 3);
    }
    assertThat(events.ofType(RetryScheduled.class)).hasSize(expectedRetries);
    assertThat(events.ofType(RetryScheduled.class)).filteredOn(r -> r.attempt() == 2)
        .allSatisfy(r -> assertThat(r.failure()).isInstanceOf(IOException.class));
    assertThat(events.ofType(RetryScheduled.class)).filteredOn(RetryScheduled<?>::overridden).hasSize(
        (int) java.util.Arrays.stream(failures).filter(f -> f >= 3).count());
    assertThat(java.util.Arrays.stream(failures).filter(f -> f > 0).count()).isBetween(35L, 65L);
  }
}
