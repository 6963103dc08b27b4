package snippets.springweb;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.spring.web.RetryingExchangeFilter;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultServer;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;

/** Runs the snippets of docs/spring-web.md against a loopback server. */
class SpringWebSnippetsTest {
  @Test
  void restClient_fromTheSnippet_callsTheServer() {
    // The snippet's policy waits for real (full jitter from 100 ms): no retry here, RetryingRequestInterceptorTest
    // covers retries in virtual time.
    try (FaultServer server = FaultServer.start()) {
      String body = SpringWebSnippets.restClient().get().uri(server.uri("/")).retrieve().body(String.class);
      assertThat(body).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(1);
    }
  }

  @Test
  void restTemplate_fromTheSnippet_retriesA503() {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(503);
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).build();
      assertThat(SpringWebSnippets.restTemplate(policy).getForObject(server.uri("/"), String.class)).isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void webClient_fromTheSnippet_retriesA503() {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(503);
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).build();
      assertThat(SpringWebSnippets.webClient(policy, server.uri("/")).block(java.time.Duration.ofSeconds(10)))
          .isEqualTo("ok");
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }

  @Test
  void stop_fromTheSnippet_saysWhyItGaveUp() {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(503, 503, 503, 503);
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(2).build();
      org.springframework.web.client.RestClient client = org.springframework.web.client.RestClient.builder()
          .requestInterceptor(io.github.backoff.spring.web.RetryingRequestInterceptor.of(policy)).build();
      Optional<HttpRetryOutcome<ClientHttpResponse>> outcome = SpringWebSnippets.stop(client, server.uri("/"));
      assertThat(outcome.flatMap(HttpRetryOutcome::stopReason)).contains(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(outcome.map(HttpRetryOutcome::attempts)).contains(2);
    }
  }

  @Test
  void webClientOutcome_fromTheSnippet_saysHowTheExchangeEnded() {
    try (FaultServer server = FaultServer.start()) {
      server.enqueueStatuses(503);
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(3).build();
      WebClient client = WebClient.builder().filter(RetryingExchangeFilter.of(policy)).build();

      Optional<HttpRetryOutcome<ClientResponse>> outcome = SpringWebSnippets.webClientOutcome(client,
          server.uri("/"));

      assertThat(outcome.map(HttpRetryOutcome::attempts)).contains(2);
      assertThat(outcome.flatMap(HttpRetryOutcome::stopReason)).isEmpty();
      assertThat(server.requestCount()).isEqualTo(2);
    }
  }
}
