package snippets.langchain4j;

// tag::openai[]
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.github.backoff.RetryPolicy;
import io.github.backoff.langchain4j.BackoffHttpClient;
import io.github.backoff.strategy.Backoff;
import java.net.http.HttpResponse;
import java.time.Duration;
// end::openai[]
// tag::quota[]
import dev.langchain4j.exception.RateLimitException;
import io.github.backoff.StopReason;
import io.github.backoff.langchain4j.RetriedHttpException;
// end::quota[]

/** The code blocks of docs/llm.md's LangChain4j section; {@link LangChain4jSnippetsTest} runs them. */
final class LangChain4jSnippets {
  private LangChain4jSnippets() {}

  static ChatModel openAi(String baseUrl, String apiKey) {
    // tag::openai[]
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(500)).withCap(Duration.ofSeconds(20)).withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofMinutes(2))      // a reset that cannot fit stops at once
        .build();
    ChatModel model = OpenAiChatModel.builder()
        .baseUrl(baseUrl)                            // https://api.openai.com/v1 unless set
        .apiKey(apiKey)
        .modelName("gpt-4o-mini")
        .httpClientBuilder(BackoffHttpClient.builder(policy)
            .retryAllMethods()                         // chat completions are POSTs: safe for this API to repeat
            .withMaxRetryAfter(Duration.ofSeconds(90))) // the ceiling on a wait the server names (default 1 min)
        .maxRetries(0)                               // LangChain4j's own retry off, or the two multiply
        .build();
    // end::openai[]
    return model;
  }

  static String ask(ChatModel model, String question) {
    // tag::quota[]
    try {
      return model.chat(question);
    } catch (RateLimitException e) {   // LangChain4j's exception for a 429; Backoff's facts are its cause
      if (e.getCause() instanceof RetriedHttpException r && r.stopReason().orElse(null) == StopReason.QUOTA_EXHAUSTED) {
        return "out of quota: top up the account, retrying will not help";
      }
      throw e;                         // a rate limit that outlasted the attempts, the deadline or the ceiling
    }
    // end::quota[]
  }
}
