package io.github.backoff.httpclient5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.event.AttemptFailed;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.event.Succeeded;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The strategy in HttpClient 5's classic client against a real loopback server, counting what it saw. */
class BackoffHttpRequestRetryStrategyTest {
  static FaultServer server;
  static final AtomicInteger PATHS = new AtomicInteger();

  final List<Object> events = new CopyOnWriteArrayList<>();
  final RetryPolicy<HttpResponse> policy = RetryPolicy.<HttpResponse>builder()
      .withBackoff(Backoff.constant(Duration.ofMillis(20)))
      .withMaxAttempts(3)
      .onEvent(events::add)
      .build();

  @BeforeAll
  static void startServer() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @AfterEach
  void everyScriptedReplyWasUsed() {
    assertThat(server.pendingReplies()).isZero();
  }

  static String path() {
    return "/p" + PATHS.incrementAndGet();
  }

  static int send(CloseableHttpClient client, ClassicHttpRequest request, HttpClientContext context)
      throws IOException {
    return client.execute(request, context, response -> {
      EntityUtils.consume(response.getEntity());
      return response.getCode();
    });
  }

  @Test
  void get_on503Twice_retriesUntil200() throws IOException {
    String path = path();
    server.enqueueStatuses(503, 503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();

      assertThat(send(client, new HttpGet(server.uri(path)), context)).isEqualTo(200);

      assertThat(server.requestCount("GET", path)).isEqualTo(3);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().satisfies(outcome -> {
        assertThat(outcome.attempts()).isEqualTo(3);
        assertThat(outcome.stopReason()).isEmpty();
        assertThat(outcome.response().getCode()).isEqualTo(200);
      });
      assertThat(events).filteredOn(Succeeded.class::isInstance).hasSize(1);
    }
  }

  @Test
  void get_on503EveryTime_returnsTheLast503AndSaysWhy() throws IOException {
    String path = path();
    server.enqueueStatuses(503, 503, 503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();

      assertThat(send(client, new HttpGet(server.uri(path)), context)).isEqualTo(503);

      assertThat(server.requestCount("GET", path)).isEqualTo(3);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason,
          HttpRetryOutcome::attempts).containsExactly(Optional.of(StopReason.ATTEMPTS_EXHAUSTED), 3);
    }
  }

  @Test
  void post_on503_isNeverSentTwice() throws IOException {
    String path = path();
    server.enqueueStatuses(503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpPost post = new HttpPost(server.uri(path));
      post.setEntity(new StringEntity("order"));
      HttpClientContext context = HttpClientContext.create();

      assertThat(send(client, post, context)).isEqualTo(503);

      assertThat(server.requestCount("POST", path)).isEqualTo(1);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason,
          HttpRetryOutcome::attempts).containsExactly(Optional.of(StopReason.NOT_RETRYABLE), 1);
    }
  }

  @Test
  void postWithIdempotencyKey_on503_isRetried() throws IOException {
    String path = path();
    server.enqueueStatuses(503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpPost post = new HttpPost(server.uri(path));
      post.setHeader("Idempotency-Key", "k-1");
      post.setEntity(new StringEntity("order"));

      assertThat(send(client, post, HttpClientContext.create())).isEqualTo(200);

      assertThat(server.requestCount("POST", path)).isEqualTo(2);
      assertThat(server.requests()).filteredOn(r -> r.path().equals(path))
          .allSatisfy(r -> assertThat(r.bodyAsString()).isEqualTo("order"));
    }
  }

  @Test
  void get_on200_succeedsAtOnce_theCoreIsToldAndTheOutcomeIsFinal() throws IOException {
    String path = path();
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();

      assertThat(send(client, new HttpGet(server.uri(path)), context)).isEqualTo(200);

      assertThat(events).singleElement().isInstanceOfSatisfying(Succeeded.class,
          e -> assertThat(e.attempt()).isEqualTo(1));
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::attempts,
          HttpRetryOutcome::stopReason).containsExactly(1, Optional.empty());
    }
  }

  @Test
  void get_on404_isReturnedAtOnce() throws IOException {
    String path = path();
    server.enqueueStatuses(404);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      assertThat(send(client, new HttpGet(server.uri(path)), HttpClientContext.create())).isEqualTo(404);

      assertThat(server.requestCount("GET", path)).isEqualTo(1);
    }
  }

  @Test
  void get_onConnectionReset_isRetried() throws IOException {
    String path = path();
    server.enqueue(FaultReply.reset());
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      assertThat(send(client, new HttpGet(server.uri(path)), HttpClientContext.create())).isEqualTo(200);

      assertThat(server.requestCount("GET", path)).isEqualTo(2);
    }
  }

  @Test
  void get_onRefusedConnection_isRetriedUntilTheAttemptsRunOut() throws IOException {
    URI refused = URI.create("http://127.0.0.1:" + freePort() + "/");
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();

      assertThatThrownBy(() -> send(client, new HttpGet(refused), context)).isInstanceOf(ConnectException.class)
          .satisfies(e -> assertThat(e.getSuppressed()).singleElement().isInstanceOfSatisfying(RetryException.class,
              stop -> assertThat(stop.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED)));

      assertThat(events).filteredOn(AttemptFailed.class::isInstance).hasSize(3);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).isEmpty();
    }
  }

  @Test
  void get_retryAfterOverTheMaximum_returnsThe503AtOnce() throws IOException {
    String path = path();
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofHours(1)));
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();
      long start = System.nanoTime();

      assertThat(send(client, new HttpGet(server.uri(path)), context)).isEqualTo(503);

      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
      assertThat(server.requestCount("GET", path)).isEqualTo(1);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason)
          .isEqualTo(Optional.of(StopReason.DELAY_TOO_LONG));
    }
  }

  @Test
  void get_retryAfterOneSecond_waitsAtLeastThatLong() throws IOException {
    String path = path();
    server.enqueue(FaultReply.status(429).withRetryAfter(Duration.ofSeconds(1)));
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      assertThat(send(client, new HttpGet(server.uri(path)), HttpClientContext.create())).isEqualTo(200);

      List<Long> arrivals = server.requests().stream().filter(r -> r.path().equals(path))
          .map(r -> r.arrivalNanos()).toList();
      assertThat(arrivals).hasSize(2);
      assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0))).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }
  }

  @Test
  void contextReusedForANewRequest_startsAfresh() throws IOException {
    String first = path();
    String second = path();
    server.enqueueStatuses(503, 503, 503, 503, 503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();

      assertThat(send(client, new HttpGet(server.uri(first)), context)).isEqualTo(503);
      assertThat(send(client, new HttpGet(server.uri(second)), context)).isEqualTo(200);

      assertThat(server.requestCount("GET", first)).isEqualTo(3);
      assertThat(server.requestCount("GET", second)).isEqualTo(3);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().extracting(HttpRetryOutcome::stopReason,
          HttpRetryOutcome::attempts).containsExactly(Optional.empty(), 3);
    }
  }

  /** A POST whose body can be sent once: HttpClient returns its response (or throws) without asking the strategy. */
  static HttpPost unrepeatablePost(URI uri) {
    HttpPost post = new HttpPost(uri);
    post.setEntity(new InputStreamEntity(new ByteArrayInputStream("order".getBytes(StandardCharsets.UTF_8)),
        ContentType.TEXT_PLAIN));
    return post;
  }

  @Test
  void contextReused_nextExchangeNotAskedAbout_reportsItsOwnOutcomeNotThePreviousOne() throws IOException {
    String first = path();
    String second = path();
    server.enqueueStatuses(503, 503, 503);
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();
      assertThat(send(client, new HttpGet(server.uri(first)), context)).isEqualTo(503);

      assertThat(send(client, unrepeatablePost(server.uri(second)), context)).isEqualTo(200);

      assertThat(server.requestCount("POST", second)).isEqualTo(1);
      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).get().satisfies(outcome -> {
        assertThat(outcome.response().getCode()).isEqualTo(200);
        assertThat(outcome.attempts()).isEqualTo(1);
        assertThat(outcome.stopReason()).isEmpty();
      });
    }
  }

  @Test
  void contextReused_nextExchangeFailsWithoutAResponse_reportsNoOutcome() throws IOException {
    String first = path();
    server.enqueueStatuses(503, 503, 503);
    URI refused = URI.create("http://127.0.0.1:" + freePort() + "/");
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();
      assertThat(send(client, new HttpGet(server.uri(first)), context)).isEqualTo(503);

      assertThatThrownBy(() -> send(client, unrepeatablePost(refused), context)).isInstanceOf(IOException.class);

      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).isEmpty();
    }
  }

  @Test
  void contextReused_afterASuccessAtOnce_nextExchangeFailsWithoutAResponse_reportsNoOutcome() throws IOException {
    URI refused = URI.create("http://127.0.0.1:" + freePort() + "/");
    try (CloseableHttpClient client = HttpClients.custom()
        .setRetryStrategy(BackoffHttpRequestRetryStrategy.of(policy)).build()) {
      HttpClientContext context = HttpClientContext.create();
      assertThat(send(client, new HttpGet(server.uri(path())), context)).isEqualTo(200);

      assertThatThrownBy(() -> send(client, unrepeatablePost(refused), context)).isInstanceOf(IOException.class);

      assertThat(BackoffHttpRequestRetryStrategy.outcomeOf(context)).isEmpty();
    }
  }

  @Test
  void budget_chargedForTheRetry_refundedByTheSuccess() throws IOException {
    AtomicReference<BackoffHttpRequestRetryStrategy> strategy = new AtomicReference<>();
    List<Double> duringRetry = new CopyOnWriteArrayList<>();
    strategy.set(BackoffHttpRequestRetryStrategy.of(RetryPolicy.<HttpResponse>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(20)))
        .onEvent(e -> {
          if (e instanceof RetryScheduled) {
            duringRetry.add(strategy.get().budget().orElseThrow().available());
          }
        })
        .build()));
    String path = path();
    server.enqueueStatuses(500);
    try (CloseableHttpClient client = HttpClients.custom().setRetryStrategy(strategy.get()).build()) {
      double full = strategy.get().budget().orElseThrow().available();

      assertThat(send(client, new HttpGet(server.uri(path)), HttpClientContext.create())).isEqualTo(200);

      assertThat(duringRetry).containsExactly(full - 14);
      assertThat(strategy.get().budget().orElseThrow().available()).isEqualTo(full);
      assertThat(server.requestCount("GET", path)).isEqualTo(2);
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
