package snippets.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.chat.ChatModel;
import io.github.backoff.langchain4j.OpenAiFixtures;
import io.github.backoff.testing.FaultServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The docs' configuration, with the real OpenAiChatModel, against a loopback server speaking OpenAI's headers. */
class LangChain4jSnippetsTest {
  static FaultServer server;

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void openAi_429WithAResetThen200_answers() {
    server.enqueue(OpenAiFixtures.rateLimited("120ms"), OpenAiFixtures.completion("Hello! How can I help?"));
    ChatModel model = LangChain4jSnippets.openAi(server.uri("/docs/v1").toString(), "sk-test");

    assertThat(LangChain4jSnippets.ask(model, "Hello")).isEqualTo("Hello! How can I help?");
    assertThat(server.requestCount("POST", "/docs/v1/chat/completions")).isEqualTo(2);
  }

  @Test
  void ask_insufficientQuota_saysSoAfterOneRequest() {
    server.enqueue(OpenAiFixtures.insufficientQuota());
    ChatModel model = LangChain4jSnippets.openAi(server.uri("/docs-quota/v1").toString(), "sk-test");

    assertThat(LangChain4jSnippets.ask(model, "Hello")).startsWith("out of quota");
    assertThat(server.requestCount("POST", "/docs-quota/v1/chat/completions")).isEqualTo(1);
  }
}
