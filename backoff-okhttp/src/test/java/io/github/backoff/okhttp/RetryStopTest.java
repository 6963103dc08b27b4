package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import io.github.backoff.okhttp.Fixtures.Events;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.IOException;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The deprecated {@link RetryStop} keeps working for a release: it reads {@link RetryInterceptor#outcomeOf}. */
@SuppressWarnings("removal")
class RetryStopTest {
  private final Events events = new Events();
  private final FakeClock clock = new FakeClock();
  private FaultServer server;
  private OkHttpClient client;

  @BeforeEach
  void start() throws IOException {
    server = FaultServer.start();
    client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void of_retriesStoppedOnTheResponse_givesTheOutcomesFacts() throws IOException {
    server.dispatch(r -> FaultReply.status(503));

    try (Response response = client.newCall(get()).execute()) {
      assertThat(RetryStop.of(response)).contains(new RetryStop(StopReason.ATTEMPTS_EXHAUSTED, 3,
          Duration.ofSeconds(2)));
      assertThat(RetryStop.of(response).orElseThrow().attempts())
          .isEqualTo(RetryInterceptor.outcomeOf(response).orElseThrow().attempts());
    }
  }

  @Test
  void of_success_isEmpty() throws IOException {
    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
      assertThat(RetryStop.of(response)).isEmpty();
    }
  }

  @Test
  void new_nullComponents_rejected() {
    assertThatThrownBy(() -> new RetryStop(null, 1, Duration.ZERO)).isInstanceOf(NullPointerException.class)
        .hasMessage("reason");
  }

  private Request get() {
    return new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build();
  }
}
