package io.github.backoff.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The real LangChain4j {@link AnthropicChatModel} (langchain4j-anthropic) on a {@link BackoffHttpClient}, against a
 * loopback {@link FaultServer} (one for the class) answering 429 with Anthropic's headers: {@code retry-after} in
 * seconds and the {@code anthropic-ratelimit-*-reset} instants (RFC 3339). Real time; bounds one-sided below.
 */
class AnthropicChatModelTest {
  static final String RATE_LIMITED = "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":"
      + "\"This request would exceed the rate limit for your organization of 50 requests per minute. For details,"
      + " refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage."
      + " Please reduce the prompt length or the maximum tokens requested, or try again later.\"},"
      + "\"request_id\":\"req_011CVXbackoff0test0000001\"}";
  static final String MESSAGE = "{\"id\":\"msg_01Backoff0Test000000000001\",\"type\":\"message\",\"role\":"
      + "\"assistant\",\"model\":\"claude-sonnet-4-5-20250929\",\"content\":[{\"type\":\"text\",\"text\":"
      + "\"Hello! How can I help?\"}],\"stop_reason\":\"end_turn\",\"stop_sequence\":null,\"usage\":"
      + "{\"input_tokens\":9,\"cache_creation_input_tokens\":0,\"cache_read_input_tokens\":0,\"output_tokens\":9,"
      + "\"service_tier\":\"standard\"}}";

  static FaultServer server;

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static ChatModel model(String path) {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(2)).withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofMinutes(1))
        .build();
    return AnthropicChatModel.builder()
        .baseUrl(server.uri(path).toString())
        .apiKey("sk-ant-test")
        .modelName("claude-sonnet-4-5")
        .httpClientBuilder(BackoffHttpClient.builder(policy).retryAllMethods())
        .maxRetries(0)
        .build();
  }

  static FaultReply rateLimited(Instant reset) {
    return FaultReply.status(429)
        .withHeader("Content-Type", "application/json")
        .withHeader("request-id", "req_011CVXbackoff0test0000001")
        .withHeader("anthropic-organization-id", "5d3c1b2a-0f9e-4d8c-b7a6-95f4e3d2c1b0")
        .withHeader("anthropic-ratelimit-requests-limit", "50")
        .withHeader("anthropic-ratelimit-requests-remaining", "0")
        .withHeader("anthropic-ratelimit-requests-reset", reset.toString())
        .withHeader("anthropic-ratelimit-input-tokens-limit", "30000")
        .withHeader("anthropic-ratelimit-input-tokens-remaining", "29991")
        .withHeader("anthropic-ratelimit-input-tokens-reset", Instant.now().truncatedTo(ChronoUnit.SECONDS)
            .toString())
        .withBody(RATE_LIMITED);
  }

  static List<RecordedRequest> requestsTo(String path) {
    return server.requests().stream().filter(r -> r.path().equals(path)).toList();
  }

  @Test
  void chat_429WithRetryAfterAndTheRequestsReset_waitsThenAnswers() {
    Instant reset = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
    server.enqueue(rateLimited(reset).withHeader("retry-after", "1"),
        FaultReply.ok(MESSAGE).withHeader("Content-Type", "application/json"));

    String answer = model("/ra/v1").chat("Hello");

    assertThat(answer).isEqualTo("Hello! How can I help?");
    List<RecordedRequest> seen = requestsTo("/ra/v1/messages");
    assertThat(seen).hasSize(2);
    assertThat(seen.get(1).header("x-api-key")).isEqualTo("sk-ant-test");
    assertThat(Duration.ofNanos(seen.get(1).arrivalNanos() - seen.get(0).arrivalNanos()))
        .as("Retry-After: 1 (second) followed").isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void chat_429WithOnlyTheRequestsResetInstant_waitsUntilThatInstant() {
    Instant reset = Instant.now().plusMillis(600);
    server.enqueue(rateLimited(reset), FaultReply.ok(MESSAGE).withHeader("Content-Type", "application/json"));

    String answer = model("/reset/v1").chat("Hello");

    assertThat(Instant.now()).as("the answer came after the named reset, never before").isAfterOrEqualTo(reset);
    assertThat(answer).isEqualTo("Hello! How can I help?");
    assertThat(requestsTo("/reset/v1/messages")).hasSize(2);
  }
}
