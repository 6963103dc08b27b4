package io.github.backoff.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.EventRecorder;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real LangChain4j {@link OpenAiChatModel} and {@link OpenAiStreamingChatModel} (langchain4j-open-ai) on a
 * {@link BackoffHttpClient}, pointed at a loopback {@link FaultServer} (one for the class) that answers as OpenAI
 * does. Real time: every bound on a wait is one-sided below (never earlier than the server's reset) and generous
 * above, for a loaded machine.
 */
class OpenAiChatModelTest {
  /** The slowest a retry after a 300 ms reset may come on a loaded machine: far above the 450 ms spread's end. */
  static final Duration GENEROUS = Duration.ofSeconds(15);

  static FaultServer server;

  final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  RetryPolicy<HttpResponse<?>> policy(int maxAttempts) {
    return RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(2)).withFullJitter())
        .withMaxAttempts(maxAttempts)
        .withMaxElapsed(Duration.ofMinutes(1))
        .onEvent(events::add)
        .build();
  }

  /** The recommended configuration: Backoff retries each request, LangChain4j's own retry is off. */
  ChatModel model(String path, int maxAttempts) {
    return OpenAiChatModel.builder()
        .baseUrl(server.uri(path).toString())
        .apiKey("sk-test")
        .modelName("gpt-4o-mini")
        .httpClientBuilder(BackoffHttpClient.builder(policy(maxAttempts)).retryAllMethods())
        .maxRetries(0)
        .build();
  }

  static List<RecordedRequest> requestsTo(String path) {
    return server.requests().stream().filter(r -> r.path().equals(path)).toList();
  }

  @Test
  void chat_429WithOpenAisHeadersThen200_waitsForTheResetThenAnswers() {
    server.enqueue(OpenAiFixtures.rateLimited("300ms"), OpenAiFixtures.completion("Hello! How can I help?"));
    ChatModel model = model("/reset/v1", 5);

    long start = System.nanoTime();
    String answer = model.chat("Hello");
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(answer).isEqualTo("Hello! How can I help?");
    List<RecordedRequest> seen = requestsTo("/reset/v1/chat/completions");
    assertThat(seen).hasSize(2);
    assertThat(seen.get(1).bodyAsString()).isEqualTo(seen.get(0).bodyAsString()).contains("\"gpt-4o-mini\"");
    assertThat(seen.get(1).header("Authorization")).isEqualTo("Bearer sk-test");
    // What the core chose: the named reset, never shorter, spread at most half above it.
    assertThat(events.ofType(RetryScheduled.class)).singleElement().satisfies(e -> assertThat(e.delay())
        .isBetween(Duration.ofMillis(300), Duration.ofMillis(450)));
    // What the server saw: the second request at least the reset after the first; well within a generous bound.
    Duration gap = Duration.ofNanos(seen.get(1).arrivalNanos() - seen.get(0).arrivalNanos());
    assertThat(gap).isGreaterThanOrEqualTo(Duration.ofMillis(300)).isLessThan(GENEROUS);
    System.out.printf("OpenAiChatModel, 429 (reset 300ms) then 200: gap between requests %d ms, chat() %d ms%n",
        gap.toMillis(), took.toMillis());
  }

  @Test
  void chat_insufficientQuota_stopsAfterOneRequestWithTheQuotaReason() {
    server.enqueue(OpenAiFixtures.insufficientQuota());
    ChatModel model = model("/quota/v1", 5);

    long start = System.nanoTime();
    RateLimitException e = catchThrowableOfType(() -> model.chat("Hello"), RateLimitException.class);
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(requestsTo("/quota/v1/chat/completions")).hasSize(1);
    assertThat(e.getCause()).isInstanceOfSatisfying(RetriedHttpException.class, r -> {
      assertThat(r.stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
      assertThat(r.attempts()).isEqualTo(1);
      assertThat(r.statusCode()).isEqualTo(429);
      assertThat(r.getMessage()).contains("insufficient_quota");
    });
    assertThat(events.ofType(RetryScheduled.class)).isEmpty();
    System.out.printf("OpenAiChatModel, insufficient_quota: 1 request, chat() threw after %d ms%n", took.toMillis());
  }

  @Test
  void chat_withLangChain4jsOwnRetryLeftOn_theTwoRetryLoopsMultiply() {
    // LangChain4j's default maxRetries (2) retries the RateLimitException that Backoff already stopped on: an
    // exhausted quota is sent 3 times, and a policy of 2 attempts becomes 6 requests.
    server.enqueue(OpenAiFixtures.insufficientQuota(), OpenAiFixtures.insufficientQuota(),
        OpenAiFixtures.insufficientQuota());
    for (int i = 0; i < 6; i++) {
      server.enqueue(OpenAiFixtures.rateLimited("20ms"));
    }
    ChatModel quota = OpenAiChatModel.builder().baseUrl(server.uri("/both-quota/v1").toString()).apiKey("sk-test")
        .modelName("gpt-4o-mini").httpClientBuilder(BackoffHttpClient.builder(policy(5)).retryAllMethods()).build();
    ChatModel limited = OpenAiChatModel.builder().baseUrl(server.uri("/both-limit/v1").toString())
        .apiKey("sk-test").modelName("gpt-4o-mini")
        .httpClientBuilder(BackoffHttpClient.builder(policy(2)).retryAllMethods()).build();

    catchThrowableOfType(() -> quota.chat("Hello"), RateLimitException.class);
    catchThrowableOfType(() -> limited.chat("Hello"), RateLimitException.class);

    assertThat(requestsTo("/both-quota/v1/chat/completions")).hasSize(3);
    assertThat(requestsTo("/both-limit/v1/chat/completions")).hasSize(6);
  }

  @Test
  void streamingChat_429BeforeTheStreamOpens_isRetriedAndStreamsOnce() throws Exception {
    server.enqueue(OpenAiFixtures.rateLimited("200ms"), OpenAiFixtures.stream("Hello", " world", "!"));
    StreamingChatModel model = OpenAiStreamingChatModel.builder()
        .baseUrl(server.uri("/stream/v1").toString())
        .apiKey("sk-test")
        .modelName("gpt-4o-mini")
        .httpClientBuilder(BackoffHttpClient.builder(policy(5)).retryAllMethods())
        .build();
    List<String> partials = new CopyOnWriteArrayList<>();
    CompletableFuture<ChatResponse> done = new CompletableFuture<>();

    model.chat("Hello", new StreamingChatResponseHandler() {
      @Override
      public void onPartialResponse(String partialResponse) {
        partials.add(partialResponse);
      }

      @Override
      public void onCompleteResponse(ChatResponse completeResponse) {
        done.complete(completeResponse);
      }

      @Override
      public void onError(Throwable error) {
        done.completeExceptionally(error);
      }
    });

    ChatResponse response = done.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
    assertThat(response.aiMessage().text()).isEqualTo("Hello world!");
    assertThat(partials).containsExactly("Hello", " world", "!");
    List<RecordedRequest> seen = requestsTo("/stream/v1/chat/completions");
    assertThat(seen).hasSize(2);
    assertThat(Duration.ofNanos(seen.get(1).arrivalNanos() - seen.get(0).arrivalNanos()))
        .isGreaterThanOrEqualTo(Duration.ofMillis(200)).isLessThan(GENEROUS);
  }
}
