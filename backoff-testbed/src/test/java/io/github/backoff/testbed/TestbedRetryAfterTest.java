package io.github.backoff.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.sim.ProgressListener;
import io.github.backoff.sim.overload.OverloadConfig;
import io.github.backoff.sim.overload.OverloadRunTotals;
import io.github.backoff.sim.overload.OverloadSimulation;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import io.github.backoff.testing.RecordedRequest;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The throttling server's hint ({@code --retry-after}) on the testbed: the server sends it, scaled, and the real
 * clients wait for it as the model's do. Real time on a loaded machine: the tolerances are generous.
 */
class TestbedRetryAfterTest {
  private static OverloadConfig throttling(String hint) {
    return OverloadConfig.builder().server("throttling").throttleRate(20).retryAfter(hint).build();
  }

  @Test
  void throttleReply_hint_carriesItScaledInTheHeaderTheClientsRead() {
    FaultReply none = Testbed.throttleReply(throttling("0"), 1);
    assertThat(none.statusCode()).isEqualTo(429);
    assertThat(none.header("Retry-After")).isNull();
    assertThat(Testbed.throttleReply(throttling("1s"), 1).header("Retry-After")).isEqualTo("1");
    assertThat(Testbed.throttleReply(throttling("1s"), 2).header("Retry-After")).isEqualTo("2");
    FaultReply millis = Testbed.throttleReply(throttling("millis:500ms"), 0.5);
    assertThat(millis.header("x-amz-retry-after")).isEqualTo("250");
    assertThat(millis.header("Retry-After")).isNull();
  }

  @Test
  void throttleReply_retryAfterNotWholeSecondsOnceScaled_failsSuggestingTheMillisecondHint() {
    assertThatThrownBy(() -> Testbed.throttleReply(throttling("1s"), 0.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: Retry-After carries whole seconds, and 1s x time-scale 0.5 = 500ms is not; give a "
            + "millisecond hint (millis:1s, x-amz-retry-after) or another time scale");
  }

  @Test
  void throttleReply_atTheFaultServer_theClientWaitsAtLeastTheHintBeforeItsRetry() throws Exception {
    // One request a second, a burst of 1: the first request takes the token, the second is throttled at once.
    try (FaultServer server = FaultServer.builder().withRateLimit(1, 1)
        .withThrottleReply(Testbed.throttleReply(throttling("1s"), 1)).start()) {
      RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofMillis(10)))
          .withMaxAttempts(3).build();
      RetryingHttpClient client = RetryingHttpClient.of(HttpClient.newHttpClient(), policy);
      HttpResponse<Void> first = client.send(request(server, "/first"), HttpResponse.BodyHandlers.discarding());
      HttpResponse<Void> second = client.send(request(server, "/second"), HttpResponse.BodyHandlers.discarding());

      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(second.statusCode()).as("the retry after the hint finds a token").isEqualTo(200);
      List<RecordedRequest> seconds = server.requests().stream().filter(r -> r.path().equals("/second")).toList();
      assertThat(seconds).as("the throttled attempt and one retry, not three attempts 10 ms apart").hasSize(2);
      double gap = (seconds.get(1).arrivalNanos() - seconds.get(0).arrivalNanos()) / 1e9;
      // Retry-After 1 plus a spread of up to max(0.5 s, 10 ms): 1 to 1.5 s, with room for a loaded machine.
      assertThat(gap).isBetween(0.99, 4.0);
    }
  }

  private static HttpRequest request(FaultServer server, String path) {
    return HttpRequest.newBuilder(server.uri(path)).PUT(HttpRequest.BodyPublishers.noBody()).build();
  }

  @Test
  void run_throttlingWithAMillisecondHint_matchesTheSimulatorsLoadAndLoss() {
    // 40 requests/s at a server that admits 20/s; each throttled reply asks for 1 s (x-amz-retry-after), which the
    // clients follow (clamped to at least their backoff): few retries reach the server in a 4 s run.
    OverloadConfig scenario = OverloadConfig.builder().rate(40).capacity(100).queue(50).timeout(0.5)
        .outage(0, 0, 0).horizon(4).server("throttling").throttleRate(20).retryAfter("millis:1000ms")
        .policies("retries").maxAttempts(4).runs(1).seed(42).build();
    OverloadRunTotals model = OverloadSimulation.simulate(scenario, ProgressListener.NONE).point("retries", "full-jitter")
        .runs().get(0);
    OverloadConfig hintless = OverloadConfig.builder().rate(40).capacity(100).queue(50).timeout(0.5)
        .outage(0, 0, 0).horizon(4).server("throttling").throttleRate(20).policies("retries").maxAttempts(4)
        .runs(1).seed(42).build();
    OverloadRunTotals modelWithout = OverloadSimulation.simulate(hintless, ProgressListener.NONE)
        .point("retries", "full-jitter").runs().get(0);
    assertThat(model.attempts()).as("the model: the hint holds retries back").isLessThan(modelWithout.attempts());

    TestbedResult real = Testbed.run(scenario, "retries", "full-jitter", 0, 1.0);
    assertThat(real.requests()).isEqualTo(model.requests());
    assertThat((double) real.attempts()).as("requests at the server")
        .isCloseTo(model.attempts(), within(0.2 * model.attempts() + 10));
    assertThat((double) real.lost()).as("lost").isCloseTo(model.lost(), within(0.25 * model.lost() + 15));
  }
}
