package io.github.backoff.llm;

import static io.github.backoff.llm.OpenAiReplies.outOfQuota;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.errors.RateLimitException;
import io.github.backoff.StopReason;
import io.github.backoff.spring.boot.Retriers;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Why docs/llm.md sets {@code spring.ai.openai.max-retries=0}: the OpenAI SDK's own retry sits outside Backoff's
 * interceptor and retries a 429 whatever its body says, so a quota 429 that Backoff stopped at once still reaches
 * the server once more per SDK retry (each attempt marked by the SDK's {@code X-Stainless-Retry-Count} header), and
 * each of those is stopped by Backoff again. Here the SDK may retry twice: three requests for one call.
 */
@SpringBootTest(classes = SpringAiOpenAiApplicationTest.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {
        "backoff.policies.llm.strategy=full-jitter",
        "backoff.policies.llm.base=10ms",
        "backoff.policies.llm.cap=20ms",
        "backoff.policies.llm.max-attempts=4",
        "spring.ai.openai.api-key=sk-test",
        "spring.ai.openai.max-retries=2",
        "spring.ai.openai.chat.options.model=gpt-4o-mini"})
class SpringAiOpenAiSdkRetryTest {
  static final FaultServer SERVER = FaultServer.start();

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
  void call_insufficientQuotaWithSdkRetriesOn_eachSdkRetryIsAnotherRequest() {
    SERVER.enqueue(outOfQuota(), outOfQuota(), outOfQuota());

    assertThatThrownBy(() -> chatModel.call("Say hello.")).isInstanceOf(RateLimitException.class);

    assertThat(SERVER.requests()).extracting(r -> r.header("X-Stainless-Retry-Count"))
        .containsExactly("0", "1", "2");
    assertThat(SERVER.requests()).extracting(RecordedRequest::path).containsOnly("/v1/chat/completions");
    assertThat(retriers.stats("llm").giveUps().get(StopReason.QUOTA_EXHAUSTED)).isEqualTo(3);
    assertThat(retriers.stats("llm").retries()).isZero();
  }
}
