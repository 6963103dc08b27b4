package snippets.llm.boot3;

// tag::restclient[]
import io.github.backoff.spring.boot.Retriers;
import io.github.backoff.spring.web.RetryingRequestInterceptor;
import java.time.Duration;
import org.springframework.boot.web.client.RestClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
// end::restclient[]
/**
 * The Spring AI 1.1 block of docs/llm.md: on Spring Boot 3.5, where the starter's {@code backoff.http.*} wiring does
 * not apply (it builds on Boot 4's client modules), a Boot 3 {@code RestClientCustomizer} puts backoff-spring-web's
 * interceptor, on the policy {@code llm}, into every {@code RestClient.Builder} Boot makes: Spring AI 1.1's OpenAI
 * client is built from one. {@code SpringAiOpenAiBoot3Test} runs it against a loopback server.
 */
// tag::restclient[]
@Configuration(proxyBeanMethods = false)
public class LlmRestClientRetries {
  @Bean
  RestClientCustomizer backoffRetries(Retriers retriers) {   // Boot 3's org.springframework.boot.web.client
    RetryingRequestInterceptor retries = RetryingRequestInterceptor.builder(retriers.policy("llm"))
        .retryAllMethods()                           // POST /v1/chat/completions: safe for this API to repeat
        .withMaxRetryAfter(Duration.ofSeconds(90))   // the ceiling on a wait the server names (default 1 min)
        .build();
    return builder -> builder.requestInterceptor(retries);
  }
}
// end::restclient[]
