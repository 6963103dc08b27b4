package io.github.backoff.spring.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.RetryPolicyBuilder;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * Responses that a retry leaves behind are closed (each holds a connection): those the policy's own result condition
 * retried, and the last one when the retries stop by throwing. Observed by an interceptor after ours that records
 * which of the real responses were closed.
 */
class RetryingRequestInterceptorClosingTest {
  private final FaultServer server = FaultServer.start();
  private final List<String> closed = new CopyOnWriteArrayList<>();
  private final AtomicInteger sent = new AtomicInteger();

  @AfterEach
  void stop() {
    server.close();
  }

  /** Numbers each response it passes back and records when one is closed. */
  private final ClientHttpRequestInterceptor recording = (request, body, execution) -> {
    ClientHttpResponse response = execution.execute(request, body);
    String name = "response " + sent.incrementAndGet();
    return new ClientHttpResponse() {
      @Override
      public HttpStatusCode getStatusCode() throws IOException {
        return response.getStatusCode();
      }

      @Override
      public String getStatusText() throws IOException {
        return response.getStatusText();
      }

      @Override
      public HttpHeaders getHeaders() {
        return response.getHeaders();
      }

      @Override
      public InputStream getBody() throws IOException {
        return response.getBody();
      }

      @Override
      public void close() {
        closed.add(name);
        response.close();
      }
    };
  };

  /** Retries a 404 (not a retryable status: only the policy's own condition retries it). */
  private static RetryPolicyBuilder<Object> retry404() {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ZERO)).withMaxAttempts(3)
        .retryIfResult(r -> status((ClientHttpResponse) r) == 404).build().toBuilder(); // a test may set each once more
  }

  private static int status(ClientHttpResponse response) {
    try {
      return response.getStatusCode().value();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private RestClient client(RetryPolicy<Object> policy) {
    return RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
        .requestInterceptor(RetryingRequestInterceptor.of(policy, io.github.backoff.httprules.HttpRetryOptions
            .defaults()))
        .requestInterceptor(recording)
        .build();
  }

  @Test
  void intercept_resultConditionRetries_closesEachRetriedResponseBeforeTheNextAttempt() {
    server.enqueue(FaultReply.status(404), FaultReply.status(404), FaultReply.ok("found"));

    String body = client(retry404().build()).get().uri(server.uri("/a")).retrieve().body(String.class);

    assertThat(body).isEqualTo("found");
    assertThat(closed).startsWith("response 1", "response 2");
  }

  @Test
  void intercept_retriesStopByThrowing_closesTheLastResponse() {
    server.dispatch(r -> FaultReply.status(404));

    assertThatThrownBy(() -> client(retry404().throwOnRetryableResult().build()).get().uri(server.uri("/a"))
        .retrieve().toBodilessEntity()).isInstanceOf(RetryException.class);

    assertThat(closed).containsExactlyInAnyOrder("response 1", "response 2", "response 3");
  }
}
