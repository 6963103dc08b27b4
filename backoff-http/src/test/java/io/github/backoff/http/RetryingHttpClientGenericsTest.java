package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 23 item 2: the policy's natural generic forms compile with {@link RetryingHttpClient#of} and
 * {@link RetryingHttpClient#builder}, and their result conditions see the responses. Compiling this class is half
 * the test.
 */
class RetryingHttpClientGenericsTest {
  private static final HttpClient CLIENT = Fixtures.httpClient();

  private FaultServer server;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void of_policyOfHttpResponseOfString_compilesAndItsResultConditionRetries() {
    RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(1)))
        .retryIfResult(r -> r.statusCode() == 418 && r.body().equals("teapot"))
        .build();
    RetryingHttpClient of = RetryingHttpClient.of(CLIENT, policy);
    server.enqueue(FaultReply.status(418).withBody("teapot"), FaultReply.ok("ok"));

    HttpResponse<String> response = RetryingHttpClient.builder(CLIENT, policy).withSleeper(nanos -> {}).build()
        .send(HttpRequest.newBuilder(server.uri("/a")).build(), BodyHandlers.ofString());

    assertThat(of.policy()).isSameAs(policy);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void of_policyOfHttpResponseOfWildcard_compiles() {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .retryIfResult(r -> r.statusCode() == 503).build();

    assertThat(RetryingHttpClient.of(CLIENT, policy).policy()).isSameAs(policy);
  }

  @Test
  void of_policyOfObject_compiles() {
    RetryPolicy<Object> policy = RetryPolicy.builder().withMaxAttempts(2).build();

    assertThat(RetryingHttpClient.of(CLIENT, policy).policy()).isSameAs(policy);
    assertThat(RetryingHttpClient.builder(CLIENT, policy).build().policy()).isSameAs(policy);
  }

  @Test
  void of_policyOfHttpResponseOfString_withOptions_compiles() {
    RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
        .retryIfResult(r -> r.statusCode() == 503).build();

    RetryingHttpClient http = RetryingHttpClient.of(CLIENT, policy,
        io.github.backoff.httprules.HttpRetryOptions.builder().withRetryableStatuses(429).build());

    assertThat(http.retryableStatuses()).containsExactly(429);
  }
}
