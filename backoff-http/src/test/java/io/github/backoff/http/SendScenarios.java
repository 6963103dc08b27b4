package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.StopReason;
import io.github.backoff.event.GaveUp;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import io.github.backoff.testing.RecordedRequest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The scenarios that {@link RetryingHttpClient#send} and {@link RetryingHttpClient#sendAsync} share, against a real
 * server on a loopback port; each subclass runs them through one of the two. Waits between attempts run in virtual
 * time (a {@link ManualScheduler} is the ticker, sleeper and scheduler), so only the HTTP exchanges take real time;
 * the jitter draws are all 0.5, so every wait is exact.
 */
abstract class SendScenarios {
  private static final HttpClient CLIENT = Fixtures.httpClient();
  private static final Duration STEP = Duration.ofMillis(200);

  FaultServer server;
  ManualScheduler time;
  EventRecorder<RetryEvent<?>> events;

  /** Sends through the driver under test; a failure is thrown as {@code send} would throw it. */
  abstract <T> HttpResponse<T> send(RetryingHttpClient http, HttpRequest request, HttpResponse.BodyHandler<T> handler);

  /** {@code sendWithOutcome} through the driver under test. */
  abstract <T> HttpRetryOutcome<HttpResponse<T>> sendWithOutcome(RetryingHttpClient http, HttpRequest request,
      HttpResponse.BodyHandler<T> handler);

  /** A client under test that sends through the driver of the subclass. */
  final class Client {
    final RetryingHttpClient http;

    Client(RetryingHttpClient http) {
      this.http = http;
    }

    <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
      return SendScenarios.this.send(http, request, handler);
    }

    <T> HttpRetryOutcome<HttpResponse<T>> sendWithOutcome(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
      return SendScenarios.this.sendWithOutcome(http, request, handler);
    }
  }

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
    time = new ManualScheduler();
    events = new EventRecorder<>();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The scenarios' base policy, as a toBuilder() builder: a test may set each of its options once more. */
  RetryPolicyBuilder<HttpResponse<?>> policy() {
    return RetryPolicy.<HttpResponse<?>>builder().withBackoff(Backoff.constant(STEP)).withMaxAttempts(4)
        .onEvent(events::add).build().toBuilder();
  }

  Client http(RetryPolicyBuilder<HttpResponse<?>> policy) {
    return http(policy, b -> b);
  }

  Client http(RetryPolicyBuilder<HttpResponse<?>> policy, UnaryOperator<RetryingHttpClientBuilder> options) {
    // The fixture's options, which a test may change: each option may be set once per builder, and a builder made
    // from options may change each of theirs once.
    HttpRetryOptions virtualTime = HttpRetryOptions.builder()
        .withTicker(time::nanoTime).withSleeper(time::sleep).withScheduler(time)
        .withRandom(Randoms.uniforms(0.5)).withClock(time.wallClock(Fixtures.EPOCH)).build();
    return new Client(options.apply(new RetryingHttpClientBuilder(CLIENT, policy.build(), virtualTime)).build());
  }

  HttpRequest get(String path) {
    return HttpRequest.newBuilder(server.uri(path)).build();
  }

  @Test
  void send_503Then200_returns200AfterOneRetry() {
    server.enqueue(FaultReply.status(503).withBody("busy"), FaultReply.ok("hello"));

    HttpResponse<String> response = http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("hello");
    assertThat(server.requests()).hasSize(2);
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> {
      assertThat(r.delay()).isEqualTo(STEP);
      assertThat(r.overridden()).isFalse();
      assertThat(((HttpResponse<?>) r.result()).statusCode()).isEqualTo(503);
      assertThat(((HttpResponse<?>) r.result()).body()).isEqualTo("busy".getBytes(StandardCharsets.UTF_8));
    });
    assertThat(time.nanoTime()).isEqualTo(STEP.toNanos());
  }

  @Test
  void send_everyDefaultRetryableStatus_isRetried() {
    server.enqueue(FaultReply.status(429), FaultReply.status(500), FaultReply.status(502), FaultReply.status(504));

    HttpResponse<String> response = http(policy().withMaxAttempts(5)).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(5);
  }

  @Test
  void send_404_isNotRetried() {
    server.enqueue(FaultReply.status(404).withBody("no such thing"));

    HttpResponse<String> response = http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.body()).isEqualTo("no such thing");
    assertThat(server.requests()).hasSize(1);
    assertThat(events.ofType(RetryScheduled.class)).isEmpty();
  }

  @Test
  void send_configuredStatus403_isRetried() {
    server.enqueue(FaultReply.status(403).withBody("rate limited"));

    HttpResponse<String> response = http(policy(), b -> b.withRetryableStatuses(403, 429, 503))
        .send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void send_429WithRetryAfterSeconds_waitsWhatTheServerAsksPlusJitter() {
    server.enqueue(FaultReply.status(429).withBody("slow down").withHeader("Retry-After", "1"));

    HttpResponse<String> response = http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    // 1 s asked, plus half (the draw) of the spread bound: half the asked wait, longer than the strategy's 200 ms
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> {
      assertThat(r.delay()).isEqualTo(Duration.ofMillis(1250));
      assertThat(r.overridden()).isTrue();
    });
    assertThat(time.nanoTime()).isEqualTo(Duration.ofMillis(1250).toNanos());
  }

  @Test
  void send_503WithRetryAfterHttpDate_waitsUntilThatDatePlusJitter() {
    String inThreeSeconds = DateTimeFormatter.RFC_1123_DATE_TIME.format(
        Fixtures.EPOCH.plusSeconds(3).atOffset(ZoneOffset.UTC));
    server.enqueue(FaultReply.status(503).withBody("maintenance").withHeader("Retry-After", inThreeSeconds));

    HttpResponse<String> response = http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    // 3 s asked, plus half of the 1.5 s spread bound (half the wait)
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> {
      assertThat(r.delay()).isEqualTo(Duration.ofMillis(3750));
      assertThat(r.overridden()).isTrue();
    });
  }

  @Test
  void send_garbageRetryAfter_usesTheStrategyDelay() {
    server.enqueue(FaultReply.status(503).withHeader("Retry-After", "after lunch"),
        FaultReply.status(429).withHeader("Retry-After", "-5"));

    HttpResponse<String> response = http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(events.ofType(RetryScheduled.class)).hasSize(2).allSatisfy(r -> {
      assertThat(r.delay()).isEqualTo(STEP);
      assertThat(r.overridden()).isFalse();
    });
  }

  @Test
  void send_retryAfterOn500_isIgnored() {
    server.enqueue(FaultReply.status(500).withHeader("Retry-After", "30"));

    http(policy()).send(get("/a"), BodyHandlers.ofString());

    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(r -> assertThat(r.delay()).isEqualTo(STEP));
  }

  @Test
  void send_retryAfterLongerThanMax_givesUpAtOnceWithDelayTooLong() {
    // 30 min: above the maximum, below the hour from which a 429's wait means an exhausted quota (QUOTA_EXHAUSTED)
    server.enqueue(FaultReply.status(429).withBody("come back tomorrow").withHeader("Retry-After", "1800"));

    HttpResponse<String> response = http(policy(), b -> b.withMaxRetryAfter(Duration.ofSeconds(30)))
        .send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(429);
    assertThat(response.body()).isEqualTo("come back tomorrow");
    assertThat(response.headers().firstValue("Retry-After")).contains("1800");
    assertThat(server.requests()).hasSize(1);
    assertThat(time.nanoTime()).isZero();
    assertThat(events.all()).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.DELAY_TOO_LONG));
  }

  @Test
  void send_retryAfterLongerThanMaxWithThrowOnRetryableResult_throwsDelayTooLong() {
    server.enqueue(FaultReply.status(503).withBody("later").withHeader("Retry-After", "3600"));
    Client http = http(policy().throwOnRetryableResult());

    assertThatThrownBy(() -> http.send(get("/a"), BodyHandlers.ofString()))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.DELAY_TOO_LONG);
          assertThat(e.attempts()).isEqualTo(1);
          assertThat(e.getMessage()).contains("requested delay too long");
          assertThat(((HttpResponse<?>) e.lastResult()).statusCode()).isEqualTo(503);
        });
  }

  @Test
  void send_retryAfterPastTheDeadline_givesUpAtOnceWithTimeBudgetExhausted() {
    server.enqueue(FaultReply.status(503).withHeader("Retry-After", "20"));

    HttpResponse<String> response = http(policy().withMaxElapsed(Duration.ofSeconds(10)))
        .send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(server.requests()).hasSize(1);
    assertThat(time.nanoTime()).isZero();
    assertThat(events.all()).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
  }

  @Test
  void send_retryAfterSpreadPastTheDeadline_isCutToTheTimeLeftAndRetries() {
    // Issue 24 item 10: Retry-After 2 s, maxElapsed 3 s, the first answer after 30 ms. The spread drawn (0.99 of
    // 1 s) would end the wait at 3.02 s, past the deadline; waiting what the server asked fits, so the spread is cut
    // to end halfway between the hint and the deadline (2 s + 0.97 s / 2) and the retry is made.
    server.dispatch(r -> {
      if (r.sequence() > 0) {
        return null; // the default: 200 "ok"
      }
      time.advance(Duration.ofMillis(30));
      return FaultReply.status(429).withHeader("Retry-After", "2");
    });

    HttpResponse<String> response = http(policy().withMaxElapsed(Duration.ofSeconds(3)),
        b -> b.withRandom(Randoms.uniforms(0.99))).send(get("/a"), BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(2);
    assertThat(events.ofType(RetryScheduled.class)).singleElement()
        .satisfies(r -> assertThat(r.delay()).isEqualTo(Duration.ofMillis(2485)));
    assertThat(time.nanoTime()).isEqualTo(Duration.ofMillis(30 + 2485).toNanos());
  }

  @Test
  void send_deadline_stopsRetriesAndShortensTheLastAttemptTimeout() {
    server.dispatch(r -> FaultReply.status(503).withHeader("Retry-After", "1"));
    HttpRequest request = HttpRequest.newBuilder(server.uri("/a")).timeout(Duration.ofSeconds(10)).build();

    HttpResponse<String> response = http(policy().withMaxAttempts(10).withMaxElapsed(Duration.ofMillis(3000)))
        .send(request, BodyHandlers.ofString());

    // Attempts at 0, 1.25 s and 2.5 s; the next would start at 3.75 s, past the deadline.
    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(server.requests()).hasSize(3);
    assertThat(events.all()).last().isInstanceOfSatisfying(GaveUp.class,
        g -> assertThat(g.reason()).isEqualTo(StopReason.TIME_BUDGET_EXHAUSTED));
    List<Duration> timeouts = events.ofType(RetryScheduled.class).stream()
        .map(r -> ((HttpResponse<?>) r.result()).request().timeout().orElseThrow()).toList();
    assertThat(timeouts).containsExactly(Duration.ofMillis(3000), Duration.ofMillis(1750));
    assertThat(response.request().timeout()).contains(Duration.ofMillis(500));
  }

  @Test
  void send_noTimeoutsAnywhere_sendsTheRequestUnchanged() {
    HttpRequest request = get("/a");

    HttpResponse<String> response = http(policy()).send(request, BodyHandlers.ofString());

    assertThat(response.request().timeout()).isEmpty();
  }

  @Test
  void send_serverClosesTheConnectionMidResponse_retries() throws IOException {
    try (FaultServer raw = FaultServer.start().enqueue(FaultReply.truncatedBody(100, 7),
        FaultReply.ok("ok").withConnectionClose())) {
      HttpResponse<String> response = http(policy())
          .send(HttpRequest.newBuilder(raw.uri("/a")).build(), BodyHandlers.ofString());

      assertThat(response.body()).isEqualTo("ok");
      assertThat(raw.connectionCount()).isEqualTo(2);
      assertThat(events.ofType(RetryScheduled.class)).singleElement()
          .satisfies(r -> assertThat(r.failure()).isInstanceOf(IOException.class));
    }
  }

  @Test
  void send_connectionReset_retries() throws IOException {
    try (FaultServer raw = FaultServer.start().enqueue(FaultReply.reset(), FaultReply.ok("ok").withConnectionClose())) {
      // A PUT, because the JDK's client silently retries a GET once on a reset connection itself.
      HttpResponse<String> response = http(policy())
          .send(HttpRequest.newBuilder(raw.uri("/a")).PUT(BodyPublishers.noBody()).build(), BodyHandlers.ofString());

      assertThat(response.body()).isEqualTo("ok");
      assertThat(raw.connectionCount()).isEqualTo(2);
      assertThat(events.ofType(RetryScheduled.class)).singleElement()
          .satisfies(r -> assertThat(r.failure()).isInstanceOf(IOException.class));
    }
  }

  @Test
  void send_serverSlowerThanTheRequestTimeout_retriesAfterTheTimeout() {
    // 60 s: far beyond the 2 s request timeout (which the second reply must beat too, on a loaded machine), so that
    // the bound below can be generous.
    server.enqueue(FaultReply.ok("too late").withHeadersDelay(Duration.ofSeconds(60)), FaultReply.ok("in time"));
    HttpRequest request = HttpRequest.newBuilder(server.uri("/a")).timeout(Duration.ofMillis(2000)).build();
    long start = System.nanoTime();

    HttpResponse<String> response = http(policy()).send(request, BodyHandlers.ofString());

    assertThat(response.body()).isEqualTo("in time");
    assertThat(events.ofType(RetryScheduled.class)).singleElement()
        .satisfies(r -> assertThat(r.failure()).isInstanceOf(HttpTimeoutException.class));
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void send_postIsNotRetriedByDefault() {
    server.enqueue(FaultReply.status(503).withBody("busy"));
    HttpRequest post = HttpRequest.newBuilder(server.uri("/orders")).POST(BodyPublishers.ofString("order")).build();

    HttpResponse<String> response = http(policy()).send(post, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(response.body()).isEqualTo("busy");
    assertThat(server.requests()).hasSize(1);
    assertThat(events.ofType(RetryScheduled.class)).isEmpty();
  }

  @Test
  void send_postConnectionFailureWithoutOptIn_failsAfterOneAttempt() throws IOException {
    HttpRequest post = HttpRequest.newBuilder(closedPortUri()).POST(BodyPublishers.ofString("order")).build();

    assertThatThrownBy(() -> http(policy()).send(post, BodyHandlers.ofString()))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.attempts()).isEqualTo(1);
          assertThat(e).hasCauseInstanceOf(ConnectException.class);
        });
  }

  @Test
  void send_postWithAllMethodsOptedIn_isRetriedWithTheWholeBodyEachTime() {
    server.enqueue(FaultReply.status(503), FaultReply.status(502));
    HttpRequest post = HttpRequest.newBuilder(server.uri("/orders")).POST(BodyPublishers.ofString("order")).build();

    HttpResponse<String> response = http(policy(), RetryingHttpClientBuilder::retryAllMethods)
        .send(post, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).extracting(RecordedRequest::bodyAsString).containsExactly("order", "order", "order");
  }

  @Test
  void send_postWithConfiguredMethods_isRetried() {
    server.enqueue(FaultReply.status(503));
    HttpRequest post = HttpRequest.newBuilder(server.uri("/orders")).POST(BodyPublishers.ofString("order")).build();

    HttpResponse<String> response = http(policy(), b -> b.withRetryableMethods("GET", "POST"))
        .send(post, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void send_postWithIdempotencyKey_isRetried() {
    server.enqueue(FaultReply.status(503));
    HttpRequest post = HttpRequest.newBuilder(server.uri("/orders")).header("Idempotency-Key", "k-42")
        .POST(BodyPublishers.ofString("order")).build();

    HttpResponse<String> response = http(policy()).send(post, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).extracting(r -> r.header("Idempotency-Key")).containsExactly("k-42", "k-42");
  }

  @Test
  void send_putWithInputStreamBody_failsBeforeTheFirstAttempt() {
    HttpRequest put = HttpRequest.newBuilder(server.uri("/file"))
        .PUT(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[10]))).build();
    Client http = http(policy());

    assertThatThrownBy(() -> http.send(put, BodyHandlers.ofString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the body of PUT " + server.uri("/file") + " cannot be sent twice")
        .hasMessageContaining("RetryingHttpClient.replayable");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void send_postWithInputStreamBodyWithoutOptIn_isSentOnce() {
    HttpRequest post = HttpRequest.newBuilder(server.uri("/file"))
        .POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream("data".getBytes(StandardCharsets.UTF_8))))
        .build();

    HttpResponse<String> response = http(policy()).send(post, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).extracting(RecordedRequest::bodyAsString).containsExactly("data");
  }

  @Test
  void send_replayableInputStreamBody_isRetriedWithTheWholeBody() {
    server.enqueue(FaultReply.status(503));
    HttpRequest put = HttpRequest.newBuilder(server.uri("/file"))
        .PUT(RetryingHttpClient.replayable(BodyPublishers.ofInputStream(
            () -> new ByteArrayInputStream("data".getBytes(StandardCharsets.UTF_8)))))
        .build();

    HttpResponse<String> response = http(policy()).send(put, BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).extracting(RecordedRequest::bodyAsString).containsExactly("data", "data");
  }

  @Test
  void send_failedResponseBodies_areDrainedSoTheConnectionIsReused() throws IOException {
    server.enqueue(FaultReply.status(503).withBody("x".repeat(10_000)),
        FaultReply.status(500).withBody("y".repeat(10_000)), FaultReply.ok("done"));

    HttpResponse<InputStream> response = http(policy()).send(get("/a"), BodyHandlers.ofInputStream());

    try (InputStream body = response.body()) {
      assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("done");
    }
    assertThat(server.requests()).hasSize(3)
        .extracting(RecordedRequest::remotePort).containsOnly(server.requests().get(0).remotePort());
  }

  @Test
  void send_resultConditionOnAStreamedBody_closesEachRetriedStreamBeforeTheNextAttempt() throws IOException {
    // The policy's own condition retries a 200 whose body (bigger than the socket buffers) the caller streams: a
    // retried stream nobody reads or closes would hold its connection busy for good.
    String pending = "p".repeat(1_000_000);
    server.enqueue(FaultReply.ok(pending).withHeader("X-State", "pending"),
        FaultReply.ok(pending).withHeader("X-State", "pending"), FaultReply.ok("done"));
    List<InputStream> streams = new CopyOnWriteArrayList<>();
    RetryPolicyBuilder<HttpResponse<?>> whilePending = policy().retryIfResult(r -> {
      if (r.body() instanceof InputStream stream && !streams.contains(stream)) {
        streams.add(stream);
      }
      return r.headers().firstValue("X-State").isPresent();
    });

    HttpResponse<InputStream> response = http(whilePending).send(get("/a"), BodyHandlers.ofInputStream());

    try (InputStream body = response.body()) {
      assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("done");
    }
    assertThat(server.requests()).hasSize(3);
    assertThat(streams).hasSize(3);
    for (InputStream retried : streams.subList(0, 2)) {
      assertThatThrownBy(retried::read).isInstanceOf(IOException.class).hasMessage("closed");
    }
  }

  @Test
  void send_resultConditionOnAPublishedBody_cancelsEachRetriedPublisher() throws Exception {
    String pending = "p".repeat(1_000_000);
    server.enqueue(FaultReply.ok(pending).withHeader("X-State", "pending"), FaultReply.ok("done"));
    List<Flow.Publisher<?>> publishers = new CopyOnWriteArrayList<>();
    RetryPolicyBuilder<HttpResponse<?>> whilePending = policy().retryIfResult(r -> {
      if (r.body() instanceof Flow.Publisher<?> publisher && !publishers.contains(publisher)) {
        publishers.add(publisher);
      }
      return r.headers().firstValue("X-State").isPresent();
    });

    HttpResponse<Flow.Publisher<List<ByteBuffer>>> response =
        http(whilePending).send(get("/a"), BodyHandlers.ofPublisher());

    assertThat(response.headers().firstValue("X-State")).isEmpty();
    assertThat(publishers).hasSize(2);
    // The JDK's body publisher takes one subscriber: the retried one was taken (and cancelled) before the retry.
    CompletableFuture<Throwable> refused = new CompletableFuture<>();
    @SuppressWarnings("unchecked")
    Flow.Publisher<List<ByteBuffer>> retried = (Flow.Publisher<List<ByteBuffer>>) publishers.get(0);
    retried.subscribe(new Flow.Subscriber<>() {
      @Override
      public void onSubscribe(Flow.Subscription subscription) {
        subscription.request(Long.MAX_VALUE);
      }

      @Override
      public void onNext(List<ByteBuffer> item) {
        refused.complete(null); // the retried body was still there for the taking
      }

      @Override
      public void onError(Throwable failure) {
        refused.complete(failure);
      }

      @Override
      public void onComplete() {
        refused.complete(null);
      }
    });
    assertThat(refused.get(10, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class);
    response.body().subscribe(new FaultScenarios.DrainingSubscriber());
  }

  @Test
  void send_retriesExhaustedOnAStatus_returnsTheLastResponseWithItsBody() throws IOException {
    server.dispatch(r -> FaultReply.status(503).withBody("still busy " + server.requests().size())
        .withHeader("X-Attempt", "n"));

    HttpResponse<String> asString = http(policy()).send(get("/a"), BodyHandlers.ofString());
    HttpResponse<InputStream> asStream = http(policy()).send(get("/b"), BodyHandlers.ofInputStream());

    assertThat(asString.statusCode()).isEqualTo(503);
    assertThat(asString.body()).isEqualTo("still busy 4");
    assertThat(asString.headers().firstValue("X-Attempt")).contains("n");
    assertThat(asString.uri()).isEqualTo(server.uri("/a"));
    assertThat(asString.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    try (InputStream body = asStream.body()) {
      assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("still busy 8");
    }
    assertThat(events.all()).filteredOn(e -> e instanceof GaveUp).hasSize(2).allSatisfy(
        e -> assertThat(((GaveUp<?>) e).reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
  }

  @Test
  void send_connectionRefused_isRetriedThenFailsWithTheConnectException() throws IOException {
    HttpRequest request = HttpRequest.newBuilder(closedPortUri()).build();
    Client http = http(policy());

    assertThatThrownBy(() -> http.send(request, BodyHandlers.ofString()))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(4);
          assertThat(e).hasCauseInstanceOf(ConnectException.class);
        });
    assertThat(events.ofType(RetryScheduled.class)).hasSize(3);
  }

  @Test
  void send_abortConditionOfThePolicy_wins() throws IOException {
    HttpRequest request = HttpRequest.newBuilder(closedPortUri()).build();
    Client http = http(policy().abortOn(ConnectException.class));

    assertThatThrownBy(() -> http.send(request, BodyHandlers.ofString()))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ABORTED);
          assertThat(e.attempts()).isEqualTo(1);
        });
  }

  @Test
  void send_events_showStatusDelayAndWhetherRetryAfterSetIt() {
    server.enqueue(FaultReply.status(503).withHeader("Retry-After", "2"), FaultReply.status(502));

    http(policy()).send(get("/a"), BodyHandlers.ofString());

    var retries = events.ofType(RetryScheduled.class);
    assertThat(retries).extracting(r -> ((HttpResponse<?>) r.result()).statusCode()).containsExactly(503, 502);
    assertThat(retries).extracting(RetryScheduled<?>::overridden).containsExactly(true, false);
    assertThat(retries).extracting(RetryScheduled<?>::delay).containsExactly(Duration.ofMillis(2500), STEP);
  }

  /** A loopback port that nothing listens on (bound, then released). */
  static java.net.URI closedPortUri() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    return java.net.URI.create("http://127.0.0.1:" + port + "/");
  }
}
