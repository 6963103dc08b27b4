package io.github.backoff.llm.boot3;

import static io.github.backoff.llm.OpenAiReplies.overloaded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import io.github.backoff.spring.boot.Retriers;
import io.github.backoff.testing.FaultServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.retry.TransientAiException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Why docs/llm.md sets {@code spring.ai.retry.max-attempts=1} with Spring AI 1.1: its {@code RetryTemplate} sits
 * outside Backoff's interceptor, so when Backoff has given up on a 5xx (a {@code TransientAiException} to Spring
 * AI), the template calls again and each of its attempts is a new round of Backoff's: the two limits multiply. Here
 * Backoff makes 3 attempts and the template 2 (its waits shortened to 10 ms): six requests for one call.
 */
@SpringBootTest(classes = SpringAiOpenAiBoot3Test.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.NONE, properties = {
        "backoff.policies.llm.strategy=full-jitter",
        "backoff.policies.llm.base=10ms",
        "backoff.policies.llm.cap=20ms",
        "backoff.policies.llm.max-attempts=3",
        "spring.ai.openai.api-key=sk-test",
        "spring.ai.retry.max-attempts=2",
        "spring.ai.retry.backoff.initial-interval=10ms",
        "spring.ai.openai.chat.options.model=gpt-4o-mini"})
class SpringAiOpenAiBoot3RetryTemplateTest {
  static final FaultServer SERVER = FaultServer.start();

  @DynamicPropertySource
  static void openAi(DynamicPropertyRegistry registry) {
    registry.add("spring.ai.openai.base-url", () -> SERVER.uri("").toString());
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
  void call_503sWithSpringAiRetryOn_eachTemplateAttemptIsANewRoundOfBackoff() {
    for (int i = 0; i < 6; i++) {
      SERVER.enqueue(overloaded());
    }

    assertThatThrownBy(() -> chatModel.call("Say hello.")).isInstanceOf(TransientAiException.class)
        .hasMessageContaining("503");

    assertThat(SERVER.requestCount("POST", "/v1/chat/completions")).isEqualTo(6);
    assertThat(retriers.stats("llm").giveUps().get(StopReason.ATTEMPTS_EXHAUSTED)).isEqualTo(2);
    assertThat(retriers.stats("llm").retries()).isEqualTo(4);
  }
}
