package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.AttemptTimeoutException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.Randoms;
import io.github.backoff.testing.RecordedRequest;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


/** The HTTP rules, end to end through a real OkHttp client and a real loopback server, in virtual time. */
class RetryInterceptorTest {
  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
  private FaultServer server;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OkHttpClient client(RetryPolicy<Response> policy) {
    return Fixtures.client(Fixtures.virtual(policy, clock).build()).build();
  }

  private OkHttpClient client() {
    return client(Fixtures.policy(events));
  }

  private Request get() {
    return new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build();
  }

  @Test
  void intercept_503Then200_retriesOnTheSameConnection() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    OkHttpClient client = client();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
      assertThat(response.body().string()).isEqualTo("ok");
      assertThat(RetryInterceptor.outcomeOf(response)).as("a success after a retry: final, 2 attempts")
          .contains(HttpRetryOutcome.of(response, 2, Duration.ofSeconds(1), Optional.empty()));
    }

    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(server.requests().get(1).remotePort()).isEqualTo(server.requests().get(0).remotePort());
    assertThat(events.ofType(RetryScheduled.class)).extracting(RetryScheduled<?>::delay).containsExactly(Duration.ofSeconds(1));
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofSeconds(1).toNanos());
    assertThat(client.connectionPool().connectionCount()).isEqualTo(1);
  }

  @Test
  void intercept_largeFailedBody_isReadSoTheConnectionIsReused() throws IOException {
    server.enqueue(FaultReply.status(500).withBody("x".repeat(256 * 1024)),
        FaultReply.status(502).withBody("y".repeat(256 * 1024)));
    OkHttpClient client = client();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }

    assertThat(server.requests()).extracting(RecordedRequest::remotePort).containsOnly(
        server.requests().get(0).remotePort());
    assertThat(server.requestCount()).isEqualTo(3);
  }

  @Test
  void intercept_retryableStatusToTheEnd_returnsTheLastResponseWithItsStop() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy 1"), FaultReply.status(503).withBody("busy 2"),
        FaultReply.status(503).withBody("busy 3"));
    OkHttpClient client = client();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(503);
      assertThat(response.body().string()).isEqualTo("busy 3");
      assertThat(RetryInterceptor.outcomeOf(response)).contains(HttpRetryOutcome.of(response, 3, Duration.ofSeconds(2),
          Optional.of(StopReason.ATTEMPTS_EXHAUSTED)));
    }
    assertThat(server.requestCount()).isEqualTo(3);
    // Every response the interceptor did not return was closed: no connection is leaked, all are idle again.
    assertThat(client.connectionPool().idleConnectionCount()).isEqualTo(client.connectionPool().connectionCount());
  }

  @Test
  void intercept_throwOnRetryableResult_throwsWithTheResponse() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.status(503).withBody("busy"),
        FaultReply.status(503).withBody("busy"));
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().throwOnRetryableResult().build();

    assertThatThrownBy(() -> client(policy).newCall(get()).execute())
        .isInstanceOfSatisfying(RetryIOException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(((Response) e.retryException().lastResult()).code()).isEqualTo(503);
        });
  }

  @Test
  void intercept_notRetryableStatus_returnedAtOnce() throws IOException {
    server.enqueue(FaultReply.status(404).withBody("no such item"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(404);
      assertThat(response.body().string()).isEqualTo("no such item");
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_post_sentOnce() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    Request post = new Request.Builder().url(HttpUrl.get(server.uri("/orders")))
        .post(RequestBody.create("{}", MediaType.get("application/json"))).build();

    try (Response response = client().newCall(post).execute()) {
      assertThat(response.code()).isEqualTo(503);
      assertThat(RetryInterceptor.outcomeOf(response).map(HttpRetryOutcome::attempts)).contains(1);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_postWithIdempotencyKey_retriedWithTheSameKeyAndBody() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    Request post = new Request.Builder().url(HttpUrl.get(server.uri("/orders"))).header("Idempotency-Key", "k-1")
        .post(RequestBody.create("{\"n\":1}", MediaType.get("application/json"))).build();

    try (Response response = client().newCall(post).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(server.requests()).extracting(RecordedRequest::bodyAsString, r -> r.header("Idempotency-Key"))
        .containsOnly(org.assertj.core.groups.Tuple.tuple("{\"n\":1}", "k-1"));
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void intercept_oneShotBody_sentOnceEvenIfIdempotent() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    RequestBody oneShot = new RequestBody() {
      @Override
      public MediaType contentType() {
        return MediaType.get("text/plain");
      }

      @Override
      public void writeTo(BufferedSink sink) throws IOException {
        sink.writeUtf8("streamed");
      }

      @Override
      public boolean isOneShot() {
        return true;
      }
    };
    Request put = new Request.Builder().url(HttpUrl.get(server.uri("/items/1"))).put(oneShot).build();

    try (Response response = client().newCall(put).execute()) {
      assertThat(response.code()).isEqualTo(503);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_retryAllMethods_retriesPost() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).retryAllMethods().build())
        .build();
    Request post = new Request.Builder().url(HttpUrl.get(server.uri("/orders"))).post(RequestBody.create(new byte[0]))
        .build();

    try (Response response = client.newCall(post).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void intercept_retryAfterSeconds_waitsWhatTheServerAsksPlusASpreadOfUpToHalf() throws IOException {
    server.enqueue(FaultReply.status(429).withBody("slow down").withHeader("Retry-After", "3"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    RetryScheduled<?> retry = events.ofType(RetryScheduled.class).get(0);
    assertThat(retry.overridden()).isTrue();
    // HttpRetryDelays, as in backoff-http: 3 s plus up to max(3 s / 2, the strategy's 1 s)
    assertThat(retry.delay()).isBetween(Duration.ofSeconds(3), Duration.ofMillis(4500));
    assertThat(clock.nanoTime()).isEqualTo(retry.delay().toNanos());
  }

  @Test
  void intercept_retryAfterSpreadPastTheDeadline_isCutToTheTimeLeftAndRetries() throws IOException {
    // Issue 24 item 10, as in backoff-http: Retry-After 2 s, maxElapsed 3 s, the first answer after 30 ms; a spread
    // drawn past the deadline is cut to end halfway between the hint and the deadline, and the retry is made.
    server.dispatch(r -> {
      if (r.sequence() > 0) {
        return null; // the default: 200 "ok"
      }
      clock.advance(Duration.ofMillis(30));
      return FaultReply.status(429).withBody("slow down").withHeader("Retry-After", "2");
    });
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().withMaxElapsed(Duration.ofSeconds(3)).build();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).withRandom(Randoms.uniforms(0.99))
        .build()).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
      assertThat(RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason)).isEmpty();
      assertThat(RetryInterceptor.outcomeOf(response).map(HttpRetryOutcome::attempts)).contains(2);
    }
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(events.ofType(RetryScheduled.class)).extracting(RetryScheduled<?>::delay).containsExactly(Duration.ofMillis(2485));
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofMillis(30 + 2485).toNanos());
  }

  @Test
  void intercept_retryAfterSeconds_sameWaitAsHttpRetryDelaysWithTheSameDraw() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy").withHeader("Retry-After", "4"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    // The interceptor's first draw from the seeded source goes to the spread (the constant strategy draws none).
    double u = Randoms.seeded(42).nextDouble();
    long expected = HttpRetryDelays.retryAfterWaitNanos(Duration.ofSeconds(4).toNanos(),
        Duration.ofSeconds(1).toNanos(), RetryInterceptor.DEFAULT_MAX_RETRY_AFTER.toNanos(), u);
    assertThat(events.ofType(RetryScheduled.class).get(0).delay()).isEqualTo(Duration.ofNanos(expected));
  }

  @Test
  void intercept_retryAfterZero_spreadByTheStrategysDelay() throws IOException {
    // 429, not 503: OkHttp itself resends a 503 with "Retry-After: 0" once, before any interceptor sees it.
    server.enqueue(FaultReply.status(429).withBody("slow down").withHeader("Retry-After", "0"));
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(2)).withCap(Duration.ofSeconds(8)).withFullJitter())
        .withMaxAttempts(3).onEvent(events::add).build();

    try (Response response = client(policy).newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    RetryScheduled<?> retry = events.ofType(RetryScheduled.class).get(0);
    assertThat(retry.overridden()).isTrue();
    assertThat(retry.delay()).isBetween(Duration.ZERO, Duration.ofSeconds(2));
  }

  @Test
  void intercept_503WithRetryAfterZero_resentByOkHttpItselfBelowTheInterceptor() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy").withHeader("Retry-After", "0"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(events.ofType(RetryScheduled.class)).isEmpty(); // the interceptor saw one attempt, the 200
  }

  @Test
  void intercept_retryAfterHttpDate_waitsUntilThatTime() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("down")
        .withHeader("Retry-After", "Mon, 23 Nov 2026 12:00:10 GMT"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(events.ofType(RetryScheduled.class).get(0).delay()).isBetween(Duration.ofSeconds(10), Duration.ofSeconds(15));
  }

  @Test
  void intercept_retryAfterBeyondTheMaximum_stopsWithDelayTooLong() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("down for maintenance").withHeader("Retry-After", "3600"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(503);
      assertThat(response.body().string()).isEqualTo("down for maintenance");
      assertThat(RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.DELAY_TOO_LONG);
    }
    assertThat(server.requestCount()).isEqualTo(1);
    assertThat(clock.nanoTime()).isZero();
  }

  @Test
  void intercept_429InsufficientQuota_stopsWithQuotaExhaustedAndKeepsTheBody() throws IOException {
    String quota = "{\"error\":{\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}";
    server.enqueue(FaultReply.status(429).withBody(quota), FaultReply.ok("never"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(429);
      assertThat(response.body().string()).as("peeking left the body whole").isEqualTo(quota);
      assertThat(RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason))
          .contains(StopReason.QUOTA_EXHAUSTED);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_429WithOpenAisTokenReset_waitsForIt() throws IOException {
    server.enqueue(FaultReply.status(429).withHeader("x-ratelimit-remaining-tokens", "0")
        .withHeader("x-ratelimit-reset-tokens", "4s").withBody("{\"error\":{\"code\":\"rate_limit_exceeded\"}}"),
        FaultReply.ok("ok"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(events.ofType(RetryScheduled.class).get(0).delay())
        .isBetween(Duration.ofSeconds(4), Duration.ofSeconds(6));
  }

  @Test
  void intercept_retryAfterPastTheDeadline_stopsWithTimeBudgetExhausted() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("down").withHeader("Retry-After", "30"));
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().withMaxElapsed(Duration.ofSeconds(10)).build();

    try (Response response = client(policy).newCall(get()).execute()) {
      assertThat(RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.TIME_BUDGET_EXHAUSTED);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_malformedRetryAfter_usesTheStrategysDelay() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("down").withHeader("Retry-After", "soon"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(events.ofType(RetryScheduled.class).get(0).overridden()).isFalse();
    assertThat(events.ofType(RetryScheduled.class).get(0).delay()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void intercept_connectionRefused_retriedThenThrowsWithTheCause() throws IOException {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    Request request = new Request.Builder().url("http://127.0.0.1:" + port + "/").build();

    assertThatThrownBy(() -> client().newCall(request).execute())
        .isInstanceOfSatisfying(RetryIOException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.retryException().getCause()).isInstanceOf(ConnectException.class);
        });
    assertThat(events.all().get(events.all().size() - 1)).isInstanceOf(GaveUp.class);
  }

  @Test
  void intercept_deadline_cutsTheTimeoutsOfLaterAttempts() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.status(503).withBody("busy"));
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder().withBackoff(Backoff.constant(Duration.ofMillis(1500)))
        .withMaxAttempts(3).withMaxElapsed(Duration.ofMillis(3200)).build();
    List<int[]> timeouts = new CopyOnWriteArrayList<>();
    Interceptor recorder = chain -> {
      timeouts.add(new int[] {chain.connectTimeoutMillis(), chain.readTimeoutMillis(), chain.writeTimeoutMillis()});
      return chain.proceed(chain.request());
    };
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).build()).addInterceptor(recorder).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    // The client's own 2 s, then 3.2 s - 1.5 s = 1.7 s, then 3.2 s - 3 s = 200 ms left.
    assertThat(timeouts).extracting(t -> t[0]).containsExactly(2000, 1700, 200);
    assertThat(timeouts).extracting(t -> t[1]).containsExactly(2000, 1700, 200);
    assertThat(timeouts).extracting(t -> t[2]).containsExactly(2000, 1700, 200);
  }

  @Test
  void intercept_attemptTimeout_cutsEachAttemptsTimeouts() throws IOException {
    // 1.5 s: under the fixture's 2 s, so the cut shows, and long enough for a loaded machine's loopback answer.
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder().withAttemptTimeout(Duration.ofMillis(1500)).build();
    List<Integer> reads = new CopyOnWriteArrayList<>();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).build())
        .addInterceptor(chain -> {
          reads.add(chain.readTimeoutMillis());
          return chain.proceed(chain.request());
        }).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(reads).containsExactly(1500);
  }

  @Test
  void intercept_silentServerAndDeadline_lastAttemptEndsAtTheDeadline() throws IOException {
    // Real time: the server never answers (60 s), the client's read timeout is 30 s, the deadline 300 ms: an attempt
    // the deadline did not cut would end at 30 s, far past the bound, which is generous for a loaded machine.
    server.enqueue(FaultReply.ok("late").withHeadersDelay(Duration.ofSeconds(60)));
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder().withMaxElapsed(Duration.ofMillis(300)).build();
    OkHttpClient client = Fixtures.client(RetryInterceptor.of(policy)).readTimeout(30, TimeUnit.SECONDS).build();
    long start = System.nanoTime();

    assertThatThrownBy(() -> client.newCall(get()).execute()).isInstanceOfSatisfying(RetryIOException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  // Regression: rounding an attempt limit within 1 ms of Long.MAX_VALUE ns up to milliseconds overflowed to a
  // negative timeout, which OkHttp refuses.
  @Test
  void intercept_attemptTimeoutNearLongMaxValue_sendsWithoutOverflowing() throws IOException {
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder()
        .withAttemptTimeout(Duration.ofNanos(Long.MAX_VALUE - 1)).build();
    OkHttpClient client = Fixtures.client(RetryInterceptor.of(policy)).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_listenersSeeEveryAttempt() throws IOException {
    server.enqueue(FaultReply.status(500).withBody("oops"), FaultReply.status(500).withBody("oops"));

    try (Response response = client().newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(events.ofType(RetryScheduled.class)).hasSize(2);
    assertThat(events.ofType(RetryScheduled.class)).allSatisfy(r -> assertThat(((Response) r.result()).code()).isEqualTo(500));
  }

  @Test
  void intercept_responseThatArrivedAfterTheAttemptTimeout_isClosedBeforeTheRetry() throws IOException {
    // The core replaces an attempt that overran its timeout by AttemptTimeoutException, dropping its response;
    // the interceptor closes that response, so the retry reuses its connection.
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().withAttemptTimeout(Duration.ofSeconds(1))
        .build();
    AtomicInteger calls = new AtomicInteger();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(policy, clock).build()).addInterceptor(chain -> {
      Response response = chain.proceed(chain.request());
      if (calls.incrementAndGet() == 1) {
        clock.advance(Duration.ofSeconds(2));
      }
      return response;
    }).build();

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(events.ofType(RetryScheduled.class).get(0).failure()).isInstanceOf(AttemptTimeoutException.class);
    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(server.requests().get(1).remotePort()).isEqualTo(server.requests().get(0).remotePort());
    assertThat(client.connectionPool().idleConnectionCount()).isEqualTo(1);
  }

  @Test
  void intercept_budgetDenies_returnsTheResponseWithBudgetDenied() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    RetryPolicy<Response> policy = Fixtures.policy(events).toBuilder().withBudget(RetryBudget.tokenBucket(1, 0.1))
        .build();

    try (Response response = client(policy).newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(503);
      assertThat(RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.BUDGET_DENIED);
    }
    assertThat(server.requestCount()).isEqualTo(1);
  }

  @Test
  void intercept_asANetworkInterceptor_failsWithAClearMessage() {
    OkHttpClient client = new OkHttpClient.Builder()
        .addNetworkInterceptor(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();

    assertThatThrownBy(() -> client.newCall(get()).execute()).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("addInterceptor, not addNetworkInterceptor");
    assertThat(server.requestCount()).isZero();
  }
}
