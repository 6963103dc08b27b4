package io.github.backoff.llm;

import static io.github.backoff.llm.OpenAiReplies.chatCompletion;
import static io.github.backoff.llm.OpenAiReplies.chatCompletionStream;
import static io.github.backoff.llm.OpenAiReplies.outOfQuota;
import static io.github.backoff.llm.OpenAiReplies.rateLimited;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.errors.RateLimitException;
import io.github.backoff.StopReason;
import io.github.backoff.spring.boot.Retriers;
import io.github.backoff.spring.boot.RetryStats;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import snippets.llm.LlmRetries;

/**
 * Spring AI's real OpenAI chat client (Spring AI 2.0's auto-configuration: {@link OpenAiChatModel} on the official
 * openai-java SDK, over Spring AI's OkHttp client) retries under the policy {@code llm} through the bean of
 * docs/llm.md ({@link LlmRetries}), against a loopback {@link FaultServer} that answers as OpenAI does: a 429 with
 * OpenAI's rate-limit headers is waited out for the reset the server names, then the answer comes (a call, and a
 * stream); a 429 {@code insufficient_quota} stops at once with {@link StopReason#QUOTA_EXHAUSTED}. The SDK's own
 * retry is off ({@code spring.ai.openai.max-retries=0}), so every request the server counts is one of Backoff's
 * attempts. The strategy alone would wait at most 20 ms, so a gap of the named reset shows the header was read. Its
 * own context (no web server); one server for the class.
 */
@SpringBootTest(classes = SpringAiOpenAiApplicationTest.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {
        "backoff.policies.llm.strategy=full-jitter",
        "backoff.policies.llm.base=10ms",
        "backoff.policies.llm.cap=20ms",
        "backoff.policies.llm.max-attempts=4",
        "backoff.policies.llm.max-elapsed=30s",
        "spring.ai.openai.api-key=sk-test",
        "spring.ai.openai.max-retries=0",
        "spring.ai.openai.chat.options.model=gpt-4o-mini"})
class SpringAiOpenAiApplicationTest {
  /** The reset the 429 names in {@code x-ratelimit-reset-requests}: short, for a fast test. */
  static final Duration RESET = Duration.ofMillis(300);

  static final FaultServer SERVER = FaultServer.start();

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(LlmRetries.class)
  static class Application {}

  @DynamicPropertySource
  static void openAi(DynamicPropertyRegistry registry) {
    registry.add("spring.ai.openai.base-url", () -> SERVER.uri("/v1").toString());
  }

  @AfterAll
  static void stop() {
    SERVER.close();
  }

  @Autowired
  ChatModel chatModel;

  @Autowired
  Retriers retriers;

  @Test
  void call_rateLimited429ThenOk_waitsForTheNamedResetAndAnswers() {
    RetryStats stats = retriers.stats("llm");
    long successes = stats.successes();
    long retries = stats.retries();
    int before = SERVER.requestCount();
    SERVER.enqueue(rateLimited(RESET), chatCompletion("Hello from the loopback server."));

    String answer = chatModel.call("Say hello.");

    assertThat(answer).isEqualTo("Hello from the loopback server.");
    List<RecordedRequest> requests = requestsSince(before);
    assertThat(requests).hasSize(2).allSatisfy(r -> {
      assertThat(r.method()).isEqualTo("POST");
      assertThat(r.path()).isEqualTo("/v1/chat/completions");
      assertThat(r.header("Authorization")).isEqualTo("Bearer sk-test");
      assertThat(r.bodyAsString()).contains("\"model\":\"gpt-4o-mini\"", "Say hello.");
    });
    Duration gap = Duration.ofNanos(requests.get(1).arrivalNanos() - requests.get(0).arrivalNanos());
    assertThat(gap).as("the retry never comes before the reset the server named")
        .isGreaterThanOrEqualTo(RESET)
        .isLessThan(Duration.ofSeconds(20));
    assertThat(stats.successes()).isEqualTo(successes + 1);
    assertThat(stats.retries()).isEqualTo(retries + 1);
  }

  @Test
  void stream_rateLimited429ThenStream_waitsForTheNamedResetAndStreamsTheAnswer() {
    RetryStats stats = retriers.stats("llm");
    long retries = stats.retries();
    int before = SERVER.requestCount();
    SERVER.enqueue(rateLimited(RESET), chatCompletionStream("Hello ", "from the ", "stream."));

    String answer = String.join("", chatModel.stream("Say hello.").collectList().block(Duration.ofSeconds(30)));

    assertThat(answer).isEqualTo("Hello from the stream.");
    List<RecordedRequest> requests = requestsSince(before);
    assertThat(requests).hasSize(2).allSatisfy(r -> {
      assertThat(r.path()).isEqualTo("/v1/chat/completions");
      assertThat(r.bodyAsString()).contains("\"stream\":true");
    });
    Duration gap = Duration.ofNanos(requests.get(1).arrivalNanos() - requests.get(0).arrivalNanos());
    assertThat(gap).as("the retry never comes before the reset the server named")
        .isGreaterThanOrEqualTo(RESET)
        .isLessThan(Duration.ofSeconds(20));
    assertThat(stats.retries()).isEqualTo(retries + 1);
  }

  @Test
  void call_insufficientQuota429_stopsAtOnceWithQuotaExhausted() {
    RetryStats stats = retriers.stats("llm");
    long quotaStops = stats.giveUps().get(StopReason.QUOTA_EXHAUSTED);
    long retries = stats.retries();
    int before = SERVER.requestCount();
    SERVER.enqueue(outOfQuota());   // a retry would get the default reply, 200 "ok", and fail to parse

    assertThatThrownBy(() -> chatModel.call("Say hello."))
        .isInstanceOf(RateLimitException.class)   // the SDK's exception for the 429 it was given
        .hasMessageContaining("exceeded your current quota");

    assertThat(requestsSince(before)).hasSize(1);
    assertThat(stats.giveUps().get(StopReason.QUOTA_EXHAUSTED)).isEqualTo(quotaStops + 1);
    assertThat(stats.retries()).isEqualTo(retries);
  }

  private static List<RecordedRequest> requestsSince(int before) {
    List<RecordedRequest> all = SERVER.requests();
    return all.subList(before, all.size());
  }
}
