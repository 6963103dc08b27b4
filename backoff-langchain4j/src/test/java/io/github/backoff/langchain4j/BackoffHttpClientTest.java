package io.github.backoff.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpMethod;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.http.client.sse.DefaultServerSentEventParser;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.Sleeper;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.RecordedRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link BackoffHttpClient} as a plain LangChain4j {@code HttpClient} (no model), against a loopback
 * {@link FaultServer} (one for the class); the synchronous waits run in virtual time ({@link FakeClock}), so what the
 * core chose to wait is read exactly.
 */
class BackoffHttpClientTest {
  static final String RATE_LIMITED = "{\"error\":{\"message\":\"Rate limit reached for gpt-4o-mini on requests per min"
      + " (RPM): Limit 500, Used 500, Requested 1. Please try again in 250ms.\",\"type\":\"requests\",\"param\":null,"
      + "\"code\":\"rate_limit_exceeded\"}}";
  static final String NO_QUOTA = "{\"error\":{\"message\":\"You exceeded your current quota, please check your plan"
      + " and billing details.\",\"type\":\"insufficient_quota\",\"param\":null,\"code\":\"insufficient_quota\"}}";

  static FaultServer server;

  final FakeClock clock = new FakeClock();

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @AfterEach
  void everyQueuedReplyTaken() {
    assertThat(server.pendingReplies()).as("replies queued but not taken").isZero();
  }

  /** A 429 as OpenAI sends it when the requests-per-minute limit is reached. */
  static FaultReply openAi429(String resetRequests) {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_4c1a0f2e9b7d4e5f8a6b3c2d1e0f9a8b")
        .withHeader("x-ratelimit-limit-requests", "500")
        .withHeader("x-ratelimit-remaining-requests", "0")
        .withHeader("x-ratelimit-reset-requests", resetRequests)
        .withHeader("x-ratelimit-limit-tokens", "200000")
        .withHeader("x-ratelimit-remaining-tokens", "199975")
        .withHeader("x-ratelimit-reset-tokens", "7ms")
        .withBody(RATE_LIMITED);
  }

  static FaultReply quota429() {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withHeader("x-request-id", "req_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b")
        .withBody(NO_QUOTA);
  }

  BackoffHttpClientBuilder virtualTime(RetryPolicy<? super HttpResponse<?>> policy) {
    return BackoffHttpClient.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep)
        .withClock(clock.wallClock(Instant.parse("2026-11-27T12:00:00Z")));
  }

  static RetryPolicy<HttpResponse<?>> policy(int maxAttempts) {
    return RetryPolicy.<HttpResponse<?>>builder().withBackoff(Backoff.constant(Duration.ofMillis(10)))
        .withMaxAttempts(maxAttempts).build();
  }

  static HttpRequest post(String path) {
    return HttpRequest.builder().method(HttpMethod.POST).url(server.uri(path).toString())
        .addHeader("Authorization", "Bearer sk-test").addHeader("Content-Type", "application/json")
        .body("{\"model\":\"gpt-4o-mini\"}").build();
  }

  @Test
  void execute_429WithOpenAiResetThen200_waitsAtLeastTheResetThenReturnsTheResponse() {
    server.enqueue(openAi429("250ms"), FaultReply.ok("{\"id\":\"chatcmpl-1\"}")
        .withHeader("Content-Type", "application/json"));
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();

    SuccessfulHttpResponse response = client.execute(post("/reset/chat/completions"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("{\"id\":\"chatcmpl-1\"}");
    assertThat(response.contentType()).isEqualTo("application/json");
    assertThat(server.requestCount("POST", "/reset/chat/completions")).isEqualTo(2);
    // The reset of the exhausted limit (requests: 250 ms), never the tokens' 7 ms; spread at most half above it.
    assertThat(clock.sleeps()).singleElement().satisfies(wait -> assertThat(wait)
        .isGreaterThanOrEqualTo(Duration.ofMillis(250)).isLessThanOrEqualTo(Duration.ofMillis(375)));
    List<RecordedRequest> seen = server.requests();
    assertThat(seen.get(seen.size() - 1).bodyAsString()).isEqualTo(seen.get(seen.size() - 2).bodyAsString());
  }

  @Test
  void execute_retryAfterMs_isFollowed() {
    server.enqueue(FaultReply.status(429).withHeader("retry-after-ms", "1500").withBody(RATE_LIMITED),
        FaultReply.ok("{}"));
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();

    client.execute(post("/ms/chat/completions"));

    assertThat(clock.sleeps()).singleElement().satisfies(wait -> assertThat(wait)
        .isBetween(Duration.ofMillis(1500), Duration.ofMillis(2250)));
  }

  @Test
  void execute_insufficientQuota_stopsAfterOneRequestWithTheQuotaReason() {
    server.enqueue(quota429());
    HttpClient client = virtualTime(policy(5)).retryAllMethods().build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/quota/chat/completions")),
        RetriedHttpException.class);

    assertThat(server.requestCount("POST", "/quota/chat/completions")).isEqualTo(1);
    assertThat(e.statusCode()).isEqualTo(429);
    assertThat(e.getMessage()).isEqualTo(NO_QUOTA);
    assertThat(e.stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
    assertThat(e.attempts()).isEqualTo(1);
    assertThat(e.getCause()).as("no cause: LangChain4j's mapper reads the root cause").isNull();
    assertThat(e.headers()).containsKey("x-request-id");
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void execute_waitAboveTheCeiling_stopsAtOnceWithDelayTooLong() {
    server.enqueue(openAi429("6m0s"));
    HttpClient client = virtualTime(policy(5)).retryAllMethods().withMaxRetryAfter(Duration.ofSeconds(90)).build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/ceiling/chat/completions")),
        RetriedHttpException.class);

    assertThat(e.stopReason()).contains(StopReason.DELAY_TOO_LONG);
    assertThat(server.requestCount("POST", "/ceiling/chat/completions")).isEqualTo(1);
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void execute_attemptsExhausted_throwsTheLast429WithItsFacts() {
    server.enqueue(openAi429("20ms"), openAi429("20ms"), openAi429("20ms"));
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/exhausted/chat/completions")),
        RetriedHttpException.class);

    assertThat(e.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(e.attempts()).isEqualTo(3);
    assertThat(e.headers().get("x-ratelimit-reset-requests")).containsExactly("20ms");
    assertThat(server.requestCount("POST", "/exhausted/chat/completions")).isEqualTo(3);
  }

  @Test
  void execute_postByDefault_isSentOnceAndSaysNotRetryable() {
    server.enqueue(openAi429("20ms"));
    HttpClient client = virtualTime(policy(3)).build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/post/chat/completions")),
        RetriedHttpException.class);

    assertThat(e.stopReason()).contains(StopReason.NOT_RETRYABLE);
    assertThat(server.requestCount("POST", "/post/chat/completions")).isEqualTo(1);
  }

  @Test
  void execute_postWithIdempotencyKey_isRetriedWithoutRetryAllMethods() {
    server.enqueue(FaultReply.status(503), FaultReply.ok("{}"));
    BackoffHttpClient client = virtualTime(policy(3)).build();
    HttpRequest request = HttpRequest.builder().method(HttpMethod.POST).url(server.uri("/key/v1/messages").toString())
        .addHeader("Idempotency-Key", "7f1c").body("{}").build();

    assertThat(client.isRetryable(request)).isTrue();
    assertThat(client.execute(request).statusCode()).isEqualTo(200);
    assertThat(server.requestCount("POST", "/key/v1/messages")).isEqualTo(2);
  }

  @Test
  void execute_statusNotRetried_throwsAtOnceWithoutAStopReason() {
    server.enqueue(FaultReply.status(401).withBody("{\"error\":{\"code\":\"invalid_api_key\"}}"));
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/401/chat/completions")),
        RetriedHttpException.class);

    assertThat(e.statusCode()).isEqualTo(401);
    assertThat(e.stopReason()).isEmpty();
    assertThat(server.requestCount("POST", "/401/chat/completions")).isEqualTo(1);
  }

  @Test
  void execute_connectionResetEachTime_throwsTheCoresRetryExceptionAfterTheAttempts() {
    server.enqueue(FaultReply.reset(), FaultReply.reset(), FaultReply.reset());
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();

    RetryException e = catchThrowableOfType(() -> client.execute(post("/reset-conn/chat/completions")),
        RetryException.class);

    assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(e.attempts()).isEqualTo(3);
    assertThat(server.requestCount("POST", "/reset-conn/chat/completions")).isEqualTo(3);
  }

  @Test
  void execute_interruptedWhileWaiting_stopsWithInterruptedAndKeepsTheFlag() throws Exception {
    server.enqueue(FaultReply.status(429).withHeader("retry-after-ms", "30000").withBody(RATE_LIMITED));
    // A real (interruptible) wait that says when it starts, so the interrupt lands in it, not before the 429 is read.
    CountDownLatch waiting = new CountDownLatch(1);
    HttpClient client = BackoffHttpClient.builder(policy(3)).retryAllMethods()
        .withMaxRetryAfter(Duration.ofMinutes(1)).withSleeper(nanos -> {
          waiting.countDown();
          Sleeper.SYSTEM.sleep(nanos);
        }).build();
    CompletableFuture<Object[]> outcome = new CompletableFuture<>();
    Thread caller = new Thread(() -> {
      try {
        client.execute(post("/interrupt/chat/completions"));
        outcome.complete(new Object[] {null, Thread.currentThread().isInterrupted()});
      } catch (RuntimeException e) {
        outcome.complete(new Object[] {e, Thread.currentThread().isInterrupted()});
      }
    });
    int before = server.requestCount();
    caller.start();
    assertThat(server.awaitRequestCount(before + 1, Duration.ofSeconds(10))).isTrue();
    assertThat(waiting.await(10, TimeUnit.SECONDS)).as("the caller waits for the reset the 429 names").isTrue();
    caller.interrupt();

    Object[] result = outcome.get(10, TimeUnit.SECONDS);
    assertThat(result[0]).isInstanceOfSatisfying(RetryException.class,
        e -> assertThat(e.reason()).isEqualTo(StopReason.INTERRUPTED));
    assertThat(result[1]).as("interrupt flag kept").isEqualTo(true);
    assertThat(server.requestCount("POST", "/interrupt/chat/completions")).isEqualTo(1);
  }

  @Test
  void execute_formData_sendsOneMultipartBodyAgainOnRetry() {
    server.enqueue(FaultReply.status(503), FaultReply.ok("{\"text\":\"hello\"}"));
    HttpClient client = virtualTime(policy(3)).retryAllMethods().build();
    HttpRequest request = HttpRequest.builder().method(HttpMethod.POST)
        .url(server.uri("/form/audio/transcriptions").toString())
        .addFormDataField("model", "whisper-1")
        .addFormDataFile("file", "hello.wav", "audio/wav", new byte[] {1, 2, 3})
        .build();

    assertThat(client.execute(request).body()).isEqualTo("{\"text\":\"hello\"}");

    List<RecordedRequest> seen = server.requests();
    RecordedRequest first = seen.get(seen.size() - 2);
    RecordedRequest second = seen.get(seen.size() - 1);
    assertThat(second.body()).isEqualTo(first.body());
    String boundary = first.header("Content-Type").substring("multipart/form-data; boundary=".length());
    assertThat(first.bodyAsString()).startsWith("--" + boundary + "\r\nContent-Disposition: form-data; name=\"model\"")
        .contains("whisper-1", "filename=\"hello.wav\"\r\nContent-Type: audio/wav\r\n\r\n\u0001\u0002\u0003\r\n")
        .endsWith("--" + boundary + "--\r\n");
  }

  @Test
  void langChain4jsOwnJdkClient_429_reportsNoHeaders_soADecoratorCouldNotFollowTheReset() {
    // The evidence for building on the JDK client rather than decorating LangChain4j's: its SPI drops the headers.
    server.enqueue(openAi429("250ms"));
    HttpClient own = JdkHttpClient.builder().build();

    HttpException e = catchThrowableOfType(() -> own.execute(post("/own/chat/completions")), HttpException.class);

    assertThat(e.statusCode()).isEqualTo(429);
    assertThat(e.getMessage()).isEqualTo(RATE_LIMITED);
    assertThat(e).isExactlyInstanceOf(HttpException.class); // status and body: nothing else to read a reset from
  }

  // --- streaming ---

  /** Records what a listener saw, in order; completes when the stream closed or failed. */
  static class Recorded implements ServerSentEventListener {
    final List<String> seen = new CopyOnWriteArrayList<>();
    final CompletableFuture<Throwable> done = new CompletableFuture<>();
    volatile String openedOn;

    @Override
    public void onOpen(SuccessfulHttpResponse response) {
      openedOn = Thread.currentThread().getName();
      seen.add("open " + response.statusCode());
    }

    @Override
    public void onEvent(ServerSentEvent event) {
      seen.add("event " + event.data());
    }

    @Override
    public void onError(Throwable throwable) {
      seen.add("error");
      done.complete(throwable);
    }

    @Override
    public void onClose() {
      seen.add("close");
      done.complete(null);
    }
  }

  static FaultReply stream(String... data) {
    StringBuilder body = new StringBuilder();
    for (String d : data) {
      body.append("data: ").append(d).append("\n\n");
    }
    return FaultReply.ok(body.toString()).withHeader("Content-Type", "text/event-stream");
  }

  @Test
  void executeStreaming_429BeforeTheStreamOpens_isRetriedAndTheListenerSeesOneStream() throws Exception {
    server.enqueue(openAi429("50ms"), stream("{\"a\":1}", "[DONE]"));
    HttpClient client = BackoffHttpClient.builder(policy(3)).retryAllMethods().build();
    Recorded listener = new Recorded();

    client.execute(post("/stream/chat/completions"), new DefaultServerSentEventParser(), listener);

    assertThat(listener.done.get(10, TimeUnit.SECONDS)).isNull();
    assertThat(listener.seen).containsExactly("open 200", "event {\"a\":1}", "event [DONE]", "close");
    assertThat(listener.openedOn).as("read on a thread of this client's, never one of the core's")
        .startsWith(BackoffHttpClient.STREAM_THREAD);
    assertThat(server.requestCount("POST", "/stream/chat/completions")).isEqualTo(2);
    List<RecordedRequest> seen = server.requests();
    assertThat(seen.get(seen.size() - 1).arrivalNanos() - seen.get(seen.size() - 2).arrivalNanos())
        .as("the second request waited for the 50 ms reset").isGreaterThanOrEqualTo(Duration.ofMillis(50).toNanos());
  }

  @Test
  void executeStreaming_insufficientQuota_reachesOnErrorWithTheQuotaReasonAfterOneRequest() throws Exception {
    server.enqueue(quota429());
    HttpClient client = BackoffHttpClient.builder(policy(5)).retryAllMethods().build();
    Recorded listener = new Recorded();

    client.execute(post("/stream-quota/chat/completions"), new DefaultServerSentEventParser(), listener);

    assertThat(listener.done.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(RetriedHttpException.class, e -> {
      assertThat(e.statusCode()).isEqualTo(429);
      assertThat(e.getMessage()).isEqualTo(NO_QUOTA);
      assertThat(e.stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
    });
    assertThat(listener.seen).containsExactly("error");
    assertThat(server.requestCount("POST", "/stream-quota/chat/completions")).isEqualTo(1);
  }

  @Test
  void executeStreaming_failureAfterTheStreamOpened_isNotRetried() throws Exception {
    server.enqueue(FaultReply.truncatedBody(1000, 100)); // a 200 whose body breaks off: the stream has opened
    ManualScheduler scheduler = new ManualScheduler();
    HttpClient client = BackoffHttpClient.builder(policy(5)).retryAllMethods().withScheduler(scheduler).build();
    Recorded listener = new Recorded();

    client.execute(post("/stream-cut/chat/completions"), new DefaultServerSentEventParser(), listener);

    assertThat(listener.done.get(10, TimeUnit.SECONDS)).isNotNull();
    assertThat(listener.seen).startsWith("open 200", "error");
    scheduler.runUntilIdle(); // a retry, were one wrongly scheduled, is sent now, in virtual time
    assertThat(scheduler.pendingTasks()).isZero();
    assertThat(server.requestCount("POST", "/stream-cut/chat/completions")).isEqualTo(1);
  }

  @Test
  void executeStreaming_aListenerThatThrows_doesNotBreakTheStream() throws Exception {
    server.enqueue(stream("1", "2"));
    HttpClient client = BackoffHttpClient.builder(policy(3)).retryAllMethods().build();
    Recorded listener = new Recorded() {
      @Override
      public void onOpen(SuccessfulHttpResponse response) {
        super.onOpen(response);
        throw new IllegalStateException("listener bug");
      }
    };

    client.execute(post("/stream-throw/chat/completions"), new DefaultServerSentEventParser(), listener);

    assertThat(listener.done.get(10, TimeUnit.SECONDS)).isNull();
    assertThat(listener.seen).containsExactly("open 200", "event 1", "event 2", "close");
  }

  @Test
  void executeStreaming_jdkClientWithAnExecutor_readsTheStreamOnIt() throws Exception {
    java.util.concurrent.ExecutorService executor = java.util.concurrent.Executors.newSingleThreadExecutor(
        task -> new Thread(task, "users-executor"));
    try {
      server.enqueue(stream("1"));
      HttpClient client = BackoffHttpClient.builder(policy(3)).retryAllMethods()
          .withJdkClientBuilder(java.net.http.HttpClient.newBuilder().executor(executor)).build();
      Recorded listener = new Recorded();

      client.execute(post("/stream-executor/chat/completions"), new DefaultServerSentEventParser(), listener);

      assertThat(listener.done.get(10, TimeUnit.SECONDS)).isNull();
      assertThat(listener.openedOn).isEqualTo("users-executor");
    } finally {
      executor.shutdownNow();
    }
  }

  // --- builder ---

  @Test
  void builder_withOptions_usesThemAndEachMayStillBeChangedOnce() {
    server.enqueue(openAi429("20ms"));
    HttpRetryOptions options = HttpRetryOptions.builder().withRetryableStatuses(503).build();
    BackoffHttpClient client = BackoffHttpClient.builder(policy(3), options).retryAllMethods()
        .withTicker(clock::nanoTime).withSleeper(clock::sleep).build();

    RetriedHttpException e = catchThrowableOfType(() -> client.execute(post("/options/chat/completions")),
        RetriedHttpException.class);

    assertThat(client.options().retryableStatuses()).containsExactly(503);
    assertThat(e.stopReason()).as("429 is not retried under these options").isEmpty();
    assertThat(server.requestCount("POST", "/options/chat/completions")).isEqualTo(1);
    assertThat(client.budget()).isPresent();
  }

  @Test
  void builder_asLangChain4jsBuilder_takesTheModelsTimeoutsAgainAndBuildsWithThem() {
    BackoffHttpClientBuilder builder = BackoffHttpClient.builder(policy(3))
        .connectTimeout(Duration.ofSeconds(15)).readTimeout(Duration.ofSeconds(60));
    builder.connectTimeout(Duration.ofSeconds(5)).readTimeout(Duration.ofSeconds(30));

    assertThat(builder.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(builder.readTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(builder.build().readTimeout()).contains(Duration.ofSeconds(30));
  }

  @Test
  void builder_badValues_failNamingTheParameterAndValue() {
    BackoffHttpClientBuilder builder = BackoffHttpClient.builder(policy(3));

    assertThatThrownBy(() -> builder.connectTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("connectTimeout must be positive: PT0S");
    assertThatThrownBy(() -> builder.readTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("readTimeout must be positive: PT-1S");
    assertThatThrownBy(() -> BackoffHttpClient.builder(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("policy");
  }

  @Test
  void builder_optionSetTwice_isRefused() {
    BackoffHttpClientBuilder builder = BackoffHttpClient.builder(policy(3)).retryAllMethods()
        .withJdkClientBuilder(java.net.http.HttpClient.newBuilder());

    assertThatThrownBy(builder::retryAllMethods).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("retryableMethods");
    assertThatThrownBy(() -> builder.withJdkClientBuilder(java.net.http.HttpClient.newBuilder()))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("jdkClientBuilder was already set");
  }

  @Test
  void builder_jdkClientBuilder_isUsedWithTheConnectTimeout() {
    java.net.http.HttpClient.Builder jdk = java.net.http.HttpClient.newBuilder()
        .version(java.net.http.HttpClient.Version.HTTP_1_1);
    server.enqueue(FaultReply.ok("{}"));

    BackoffHttpClient client = BackoffHttpClient.builder(policy(3)).withJdkClientBuilder(jdk)
        .connectTimeout(Duration.ofSeconds(3)).build();

    assertThat(client.execute(HttpRequest.builder().method(HttpMethod.GET).url(server.uri("/jdk").toString())
        .build()).statusCode()).isEqualTo(200);
    assertThat(jdk.build().connectTimeout()).contains(Duration.ofSeconds(3));
  }
}
