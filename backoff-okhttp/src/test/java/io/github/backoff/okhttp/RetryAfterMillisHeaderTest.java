package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.testing.EventRecorder;
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

/**
 * The millisecond hint header ({@code withRetryAfterMillisHeader}), against a real loopback server, in virtual time:
 * the fixture policy's strategy waits a constant 1 s, so a hint is clamped to {@code [1 s, 6 s]}.
 */
class RetryAfterMillisHeaderTest {
  private static final String AMZ = "x-amz-retry-after";

  private final FakeClock clock = new FakeClock();
  private final EventRecorder<RetryEvent<?>> events = new EventRecorder<>();
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
  void intercept_hintWithinTheClamp_waitsTheHint() throws IOException {
    RetryScheduled<?> retry = retryAfter(FaultReply.status(503).withBody("busy").withHeader(AMZ, "2500"));

    assertThat(retry.overridden()).isTrue();
    assertThat(retry.delay()).isEqualTo(Duration.ofMillis(2500));
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofMillis(2500).toNanos());
  }

  @Test
  void intercept_hintFarAboveTheBackoff_atMost5sAboveIt() throws IOException {
    assertThat(retryAfter(FaultReply.status(500).withBody("error").withHeader(AMZ, "60000")).delay())
        .isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void intercept_hintBelowTheBackoff_neverShortensIt() throws IOException {
    assertThat(retryAfter(FaultReply.status(429).withBody("slow down").withHeader(AMZ, "200")).delay())
        .isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void intercept_invalidHint_ignored() throws IOException {
    for (String invalid : new String[] {"1.5", "-100", "2s", "", "Mon, 23 Nov 2026 12:00:10 GMT"}) {
      events.clear();
      RetryScheduled<?> retry = retryAfter(FaultReply.status(503).withBody("busy").withHeader(AMZ, invalid));

      assertThat(retry.overridden()).as(invalid).isFalse();
      assertThat(retry.delay()).as(invalid).isEqualTo(Duration.ofSeconds(1));
    }
  }

  @Test
  void intercept_retryAfterAndHint_retryAfterWins() throws IOException {
    RetryScheduled<?> retry = retryAfter(FaultReply.status(503).withBody("busy").withHeader("Retry-After", "3")
        .withHeader(AMZ, "100"));

    assertThat(retry.delay()).isBetween(Duration.ofSeconds(3), Duration.ofMillis(4500));
  }

  @Test
  void intercept_notConfigured_hintIgnored() throws IOException {
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock).build()).build();
    server.enqueue(FaultReply.status(503).withBody("busy").withHeader(AMZ, "2500"));

    client.newCall(get()).execute().close();

    assertThat(server.requestCount()).isEqualTo(2);
    assertThat(events.ofType(RetryScheduled.class).get(0).delay()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void intercept_customMaxAbove_clampsToIt() throws IOException {
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock)
        .withRetryAfterMillisHeader("x-retry-after-ms", Duration.ofMillis(500)).build()).build();
    server.enqueue(FaultReply.status(503).withBody("busy").withHeader("x-retry-after-ms", "4000"));

    client.newCall(get()).execute().close();

    assertThat(events.ofType(RetryScheduled.class).get(0).delay()).isEqualTo(Duration.ofMillis(1500));
  }

  /** One call through a client that follows {@value #AMZ}: {@code first}, then 200; returns its one retry. */
  private RetryScheduled<?> retryAfter(FaultReply first) throws IOException {
    int before = server.requestCount();
    OkHttpClient client = Fixtures.client(Fixtures.virtual(Fixtures.policy(events), clock)
        .withRetryAfterMillisHeader(AMZ).build()).build();
    server.enqueue(first);

    try (Response response = client.newCall(get()).execute()) {
      assertThat(response.code()).isEqualTo(200);
    }
    assertThat(server.requestCount() - before).isEqualTo(2);
    assertThat(events.ofType(RetryScheduled.class)).hasSize(1);
    return events.ofType(RetryScheduled.class).get(0);
  }

  private Request get() {
    return new Request.Builder().url(HttpUrl.get(server.uri("/items"))).build();
  }
}
