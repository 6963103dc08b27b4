package snippets.llm;

// tag::openai[]
import io.github.backoff.okhttp.RetryInterceptor;
import io.github.backoff.spring.boot.Retriers;
import java.time.Duration;
import org.springframework.ai.openai.http.okhttp.OpenAiHttpClientBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
// end::openai[]
/**
 * The Spring AI block of docs/llm.md: the bean that puts backoff-okhttp's interceptor, on the policy {@code llm} of
 * {@code backoff.policies}, into the OkHttp client Spring AI 2.0 builds for the OpenAI SDK.
 * {@code SpringAiOpenAiApplicationTest} runs it with Spring AI's own auto-configuration against a loopback server.
 */
// tag::openai[]
@Configuration(proxyBeanMethods = false)
public class LlmRetries {
  @Bean
  OpenAiHttpClientBuilderCustomizer backoffRetries(Retriers retriers) {
    RetryInterceptor retries = RetryInterceptor.builder(retriers.policy("llm"))
        .retryAllMethods()                           // POST /v1/chat/completions: safe for this API to repeat
        .withMaxRetryAfter(Duration.ofSeconds(90))   // the ceiling on a wait the server names (default 1 min)
        .build();
    return builder -> builder.interceptor(retries);
  }
}
// end::openai[]
