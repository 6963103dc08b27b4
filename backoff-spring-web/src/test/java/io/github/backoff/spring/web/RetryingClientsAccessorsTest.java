package io.github.backoff.spring.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * What the scenario tests do not read: a given-up response as the caller sees it (status text, body, toString of the
 * buffered copy), and the factories' and accessors' results. Against a real loopback server; no wait (zero backoff).
 */
class RetryingClientsAccessorsTest {
  private final FaultServer server = FaultServer.start();

  @AfterEach
  void stop() {
    server.close();
  }

  private static RetryPolicy<Object> twoAttemptsNoWait() {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ZERO)).withMaxAttempts(2).build();
  }

  @Test
  void intercept_givenUpOn503_returnsTheBufferedResponseWithItsStatusTextAndBody() {
    server.dispatch(r -> FaultReply.status(503).withBody("busy"));
    RestClient client = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory())
        .requestInterceptor(RetryingRequestInterceptor.of(twoAttemptsNoWait(), HttpRetryOptions.defaults()))
        .build();

    String seen = client.get().uri(server.uri("/a")).exchange((request, response) ->
        response.getStatusCode().value() + " " + response.getStatusText() + " "
            + new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8));

    assertThat(seen).isEqualTo("503 Service Unavailable busy");
    assertThat(server.requestCount()).isEqualTo(2);
  }

  @Test
  void readAndClose_realResponse_namesStatusAndSizeInToString() throws Exception {
    server.dispatch(r -> FaultReply.status(503).withBody("busy"));
    ClientHttpResponse received = new JdkClientHttpRequestFactory().createRequest(server.uri("/a"), HttpMethod.GET)
        .execute();

    BufferedResponse buffered = BufferedResponse.readAndClose(received);

    assertThat(buffered).hasToString("BufferedResponse[503 SERVICE_UNAVAILABLE, 4 bytes]");
    assertThat(buffered.getStatusText()).isEqualTo("Service Unavailable");
  }

  @Test
  void interceptorOf_keepsItsOptionsAndNamesThemInToString() {
    HttpRetryOptions options = HttpRetryOptions.builder().withMaxRetryAfter(Duration.ofSeconds(7)).build();

    RetryingRequestInterceptor interceptor = RetryingRequestInterceptor.of(twoAttemptsNoWait(), options);

    assertThat(interceptor.options()).usingRecursiveComparison().isEqualTo(options);
    assertThat(interceptor.toString()).startsWith("RetryingRequestInterceptor[").contains("PT7S");
  }

  @Test
  void filterOf_keepsItsPolicyAndOptionsAndNamesThemInToString() {
    RetryPolicy<Object> policy = twoAttemptsNoWait();
    HttpRetryOptions options = HttpRetryOptions.builder().withMaxRetryAfter(Duration.ofSeconds(7)).build();

    RetryingExchangeFilter filter = RetryingExchangeFilter.of(policy, options);

    assertThat(filter.policy()).isSameAs(policy);
    assertThat(filter.options()).usingRecursiveComparison().isEqualTo(options);
    assertThat(filter.toString()).startsWith("RetryingExchangeFilter[").contains("PT7S");
  }
}
