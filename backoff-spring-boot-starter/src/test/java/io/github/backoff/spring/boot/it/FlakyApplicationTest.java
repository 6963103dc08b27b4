package io.github.backoff.spring.boot.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.StopReason;
import io.github.backoff.micrometer.BackoffMetrics;
import io.github.backoff.spring.boot.Retriers;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The end-to-end path: a real application on a random port, whose {@code @Retry} bean calls a flaky endpoint of the
 * same server over loopback HTTP. One context for the whole class, shared with {@link HttpClientsApplicationTest}
 * ({@link SharedApplicationContext}); waits of 1 ms to 4 ms.
 */
class FlakyApplicationTest extends SharedApplicationContext {
  @LocalServerPort
  int port;

  @Autowired
  private MeterRegistry meters;

  @Autowired
  FlakyApplication.StatusClient client;

  @Autowired
  FlakyApplication.FlakyController server;

  @Autowired
  Retriers retriers;

  private URI flaky(String key, int failures) {
    return URI.create("http://127.0.0.1:" + port + "/flaky?key=" + key + "&failures=" + failures);
  }

  @Test
  void get_endpointFailsTwice_retriedUntilItAnswers() throws Exception {
    assertThat(client.get(flaky("sync", 2))).isEqualTo("ok after 3");
    assertThat(server.requests("sync")).hasValue(3);
  }

  @Test
  void getAsync_endpointFailsTwice_retriedWithoutHoldingAThread() throws Exception {
    assertThat(client.getAsync(flaky("async", 2)).get(10, TimeUnit.SECONDS)).isEqualTo("ok after 3");
    assertThat(server.requests("async")).hasValue(3);
  }

  @Test
  void get_endpointKeepsFailing_stopsAfterMaxAttempts() {
    double gaveUp = gaveUp();
    assertThatThrownBy(() -> client.get(flaky("down", 100))).isInstanceOfSatisfying(RetryException.class, e -> {
      assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
      assertThat(e.attempts()).isEqualTo(4);
      assertThat(e.getCause()).hasMessage("HTTP 503");
    });
    assertThat(server.requests("down")).hasValue(4);
    // Metrics wired by the starter into Actuator's registry, under the policy's name.
    assertThat(gaveUp()).isEqualTo(gaveUp + 1);
  }

  private double gaveUp() {
    Counter counter = meters.find(BackoffMetrics.CALLS).tag("name", "http").tag("outcome", "gave_up")
        .tag("reason", "attempts_exhausted").counter();
    assertThat(counter).as("backoff.calls of policy http").isNotNull();
    return counter.count();
  }

  @Test
  void fallback_afterTheRetries_answersInstead() throws Exception {
    assertThat(client.getOrDefault(flaky("fallback", 100))).isEqualTo("unavailable: HTTP 503");
    assertThat(server.requests("fallback")).hasValue(4); // the inner self-invocation is not retried again
  }

  @Test
  void actuatorEndpoint_listsThePolicyItsBudgetAndCounts() throws Exception {
    client.get(flaky("counted", 1));
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/retries/http"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body())
        .contains("\"backoff\":\"" + retriers.policy("http").backoff() + "\"")
        .contains("\"maxAttempts\":4")
        .contains("\"budget\":{\"name\":\"local\",\"type\":\"token-bucket\",\"available\":")
        .containsPattern("\"successes\":[1-9]")
        .containsPattern("\"retries\":[1-9]")
        .contains("\"ATTEMPTS_EXHAUSTED\":");
  }

  @Test
  void actuatorEndpoint_unknownPolicy_is404() throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/retries/nope"))
            .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(404);
  }
}
