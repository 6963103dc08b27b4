package io.github.backoff.httpclient5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.nio.entity.BasicAsyncEntityProducer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The strategy in HttpClient 5's async client against a real loopback server, counting what it saw. */
class BackoffHttpRequestRetryStrategyAsyncTest {
  static FaultServer server;
  static CloseableHttpAsyncClient client;
  static final List<Object> EVENTS = new CopyOnWriteArrayList<>();
  static final AtomicInteger PATHS = new AtomicInteger();

  @BeforeAll
  static void start() {
    server = FaultServer.start();
    RetryPolicy<HttpResponse> policy = RetryPolicy.<HttpResponse>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(20)))
        .withMaxAttempts(3)
        .onEvent(EVENTS::add)
        .build();
    client = HttpAsyncClients.custom().setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build();
    client.start();
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    server.close();
  }

  @AfterEach
  void everyScriptedReplyWasUsed() {
    assertThat(server.pendingReplies()).isZero();
    EVENTS.clear();
  }

  static String path() {
    return "/a" + PATHS.incrementAndGet();
  }

  static SimpleHttpResponse send(SimpleHttpRequest request, HttpClientContext context) throws Exception {
    return client.execute(request, context, null).get(10, TimeUnit.SECONDS);
  }

  @Test
  void get_on503Twice_retriesUntil200() throws Exception {
    String path = path();
    server.enqueueStatuses(503, 503);

    assertThat(send(SimpleRequestBuilder.get(server.uri(path)).build(), HttpClientContext.create()).getCode())
        .isEqualTo(200);

    assertThat(server.requestCount("GET", path)).isEqualTo(3);
  }

  @Test
  void post_on503_isNeverSentTwice() throws Exception {
    String path = path();
    server.enqueueStatuses(503);
    HttpClientContext context = HttpClientContext.create();

    assertThat(send(SimpleRequestBuilder.post(server.uri(path)).setBody("order", ContentType.TEXT_PLAIN).build(),
        context).getCode()).isEqualTo(503);

    assertThat(server.requestCount("POST", path)).isEqualTo(1);
    assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason)
        .isEqualTo(Optional.of(StopReason.NOT_RETRYABLE));
  }

  @Test
  void postWithIdempotencyKey_on429_isRetried() throws Exception {
    String path = path();
    server.enqueueStatuses(429);

    assertThat(send(SimpleRequestBuilder.post(server.uri(path)).setHeader("Idempotency-Key", "k-2")
        .setBody("order", ContentType.TEXT_PLAIN).build(), HttpClientContext.create()).getCode()).isEqualTo(200);

    assertThat(server.requestCount("POST", path)).isEqualTo(2);
  }

  @Test
  void get_retryAfterOverTheMaximum_returnsThe503AtOnce() throws Exception {
    String path = path();
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofHours(1)));
    HttpClientContext context = HttpClientContext.create();

    assertThat(send(SimpleRequestBuilder.get(server.uri(path)).build(), context).getCode()).isEqualTo(503);

    assertThat(server.requestCount("GET", path)).isEqualTo(1);
    assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason)
        .isEqualTo(Optional.of(StopReason.DELAY_TOO_LONG));
  }

  @Test
  void get_onRefusedConnection_isRetriedUntilTheAttemptsRunOut() throws Exception {
    URI refused = URI.create("http://127.0.0.1:" + BackoffHttpRequestRetryStrategyTest.freePort() + "/");

    assertThatThrownBy(() -> send(SimpleRequestBuilder.get(refused).build(), HttpClientContext.create()))
        .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ConnectException.class);

    assertThat(EVENTS).filteredOn(AttemptFailed.class::isInstance).hasSize(3);
  }

  @Test
  void contextReused_nextExchangeNotAskedAbout_reportsItsOwnOutcomeNotThePreviousOne() throws Exception {
    String first = path();
    String second = path();
    server.enqueueStatuses(503, 503, 503);
    HttpClientContext context = HttpClientContext.create();
    assertThat(send(SimpleRequestBuilder.get(server.uri(first)).build(), context).getCode()).isEqualTo(503);
    // A body producer that cannot send its body twice: HttpClient does not ask the strategy about its exchange.
    BasicAsyncEntityProducer once = new BasicAsyncEntityProducer("order".getBytes(StandardCharsets.UTF_8),
        ContentType.TEXT_PLAIN) {
      @Override
      public boolean isRepeatable() {
        return false;
      }
    };

    SimpleHttpResponse response = client.execute(new BasicRequestProducer(Method.POST, server.uri(second), once),
        SimpleResponseConsumer.create(), context, null).get(10, TimeUnit.SECONDS);

    assertThat(response.getCode()).isEqualTo(200);
    assertThat(server.requestCount("POST", second)).isEqualTo(1);
    assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().satisfies(outcome -> {
      assertThat(outcome.response().getCode()).isEqualTo(200);
      assertThat(outcome.attempts()).isEqualTo(1);
      assertThat(outcome.stopReason()).isEmpty();
    });
  }
}
