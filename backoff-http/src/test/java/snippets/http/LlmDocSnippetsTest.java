package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.RateLimitRules;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LlmDocSnippetsTest {
  @Test
  void complete_429WithAShortResetThen200_returnsTheCompletion() {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.status(429)
        .withHeader("x-ratelimit-remaining-requests", "0").withHeader("x-ratelimit-reset-requests", "20ms"),
        FaultReply.ok("{\"choices\":[]}"))) {
      String body = LlmDocSnippets.complete(server.uri("/v1/chat/completions"), "sk-test", "{}");

      assertThat(body).isEqualTo("{\"choices\":[]}");
      assertThat(server.requestCount()).isEqualTo(2);
      assertThat(server.requests().get(0).method()).isEqualTo("POST");
    }
  }

  @Test
  void complete_429InsufficientQuota_saysSoAfterOneRequest() {
    try (FaultServer server = FaultServer.start().enqueue(FaultReply.status(429)
        .withBody("{\"error\":{\"type\":\"insufficient_quota\",\"code\":\"insufficient_quota\"}}"))) {
      String body = LlmDocSnippets.complete(server.uri("/v1/chat/completions"), "sk-test", "{}");

      assertThat(body).startsWith("out of quota");
      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void rules_theUsersFamilyAndMarker_areRead() {
    HttpRetryOptions options = LlmDocSnippets.rules();
    RateLimitRules rules = options.rateLimitRules();

    assertThat(rules.namedWait(403, name -> switch (name) {
      case "acme-quota-reset" -> "9";
      case "acme-quota-remaining" -> "0";
      default -> null;
    }, Instant.EPOCH)).contains(Duration.ofSeconds(9));
    assertThat(rules.isQuotaExhausted(429, Optional.empty(), options.maxRetryAfter(),
        () -> "{\"code\":\"plan_limit_exceeded\"}")).isTrue();
    assertThat(rules.isQuotaExhausted(429, Optional.of(Duration.ofMinutes(45)), options.maxRetryAfter(),
        () -> null)).isTrue();
  }
}
