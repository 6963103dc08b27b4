package io.github.backoff.spring.boot.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.micrometer.BackoffMetrics;
import io.github.backoff.spring.boot.Retriers;
import io.github.backoff.spring.boot.RetryStats;
import io.github.backoff.testing.FaultServer;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.client.HttpServerErrorException;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The HTTP clients of a real application retry by property alone ({@code backoff.http.*.policy=remote}): the
 * {@code RestClient.Builder}, {@code RestTemplateBuilder} and {@code WebClient.Builder} Spring Boot injects call a
 * loopback {@link FaultServer} that counts what it sees, and the calls show in the policy's counts, its Micrometer
 * metrics and {@code /actuator/retries}. The context is the one {@link SharedApplicationContext}; the policy waits
 * for nothing.
 */
class HttpClientsApplicationTest extends SharedApplicationContext {
  @LocalServerPort
  int port;

  @Autowired
  RestClient.Builder restClientBuilder;

  @Autowired
  RestTemplateBuilder restTemplateBuilder;

  @Autowired
  WebClient.Builder webClientBuilder;

  @Autowired
  Retriers retriers;

  @Autowired
  MeterRegistry meters;

  private FaultServer server;

  @BeforeEach
  void start() {
    server = FaultServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void restClient_503Twice_retriedByPropertyThreeRequestsAtTheServer() {
    server.enqueueStatuses(503, 503);
    RetryStats stats = retriers.stats("remote");
    long retries = stats.retries();

    String body = restClientBuilder.build().get().uri(server.uri("/rest-client")).retrieve().body(String.class);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount("GET", "/rest-client")).isEqualTo(3);
    assertThat(stats.retries()).isEqualTo(retries + 2);
  }

  @Test
  void webClient_503Twice_retriedByPropertyThreeRequestsAtTheServer() {
    server.enqueueStatuses(503, 503);
    RetryStats stats = retriers.stats("remote");
    long retries = stats.retries();

    String body = webClientBuilder.build().get().uri(server.uri("/web-client")).retrieve()
        .bodyToMono(String.class).block(Duration.ofSeconds(10));

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount("GET", "/web-client")).isEqualTo(3);
    assertThat(stats.retries()).isEqualTo(retries + 2);
  }

  @Test
  void restTemplate_503Twice_retriedByPropertyThreeRequestsAtTheServer() {
    server.enqueueStatuses(503, 503);

    String body = restTemplateBuilder.build().getForObject(server.uri("/rest-template"), String.class);

    assertThat(body).isEqualTo("ok");
    assertThat(server.requestCount("GET", "/rest-template")).isEqualTo(3);
  }

  @Test
  void restClient_keepsFailing_stopsAtThePolicysMaxAttempts() {
    server.enqueueStatuses(503, 503, 503, 503);

    assertThatThrownBy(() -> restClientBuilder.build().get().uri(server.uri("/down")).retrieve().body(String.class))
        .isInstanceOf(HttpServerErrorException.ServiceUnavailable.class);
    assertThat(server.requestCount("GET", "/down")).isEqualTo(3); // backoff.policies.remote.max-attempts
  }

  @Test
  void restClient_post_isNotRetried() {
    server.enqueueStatuses(503);

    assertThatThrownBy(() -> restClientBuilder.build().post().uri(server.uri("/orders")).body("{}").retrieve()
        .toBodilessEntity()).isInstanceOf(HttpServerErrorException.ServiceUnavailable.class);
    assertThat(server.requestCount("POST", "/orders")).isEqualTo(1);
  }

  @Test
  void retriedCalls_showInTheMetricsAndTheActuatorEndpointUnderThePolicysName() throws Exception {
    double before = successesAfterRetry();
    server.enqueueStatuses(503);
    restClientBuilder.build().get().uri(server.uri("/counted")).retrieve().body(String.class);
    server.enqueueStatuses(429);
    webClientBuilder.build().get().uri(server.uri("/counted")).retrieve().bodyToMono(String.class)
        .block(Duration.ofSeconds(10));

    assertThat(server.requestCount("GET", "/counted")).isEqualTo(4);
    assertThat(successesAfterRetry()).isEqualTo(before + 2);
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/retries/remote"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    RetryStats stats = retriers.stats("remote");
    assertThat(response.body()).contains("\"maxAttempts\":3")
        .contains("\"retries\":" + stats.retries())
        .containsPattern("\"successes\":[1-9]");
  }

  private double successesAfterRetry() {
    Counter counter = meters.find(BackoffMetrics.CALLS).tag("name", "remote").tag("outcome", "success_after_retry")
        .counter();
    return counter == null ? 0 : counter.count();
  }
}
