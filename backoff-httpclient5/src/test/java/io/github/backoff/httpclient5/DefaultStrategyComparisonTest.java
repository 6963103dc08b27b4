package io.github.backoff.httpclient5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.Await;
import io.github.backoff.testing.FaultReply;
import io.github.backoff.testing.FaultServer;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.client5.http.HttpRequestRetryStrategy;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.DefaultHttpRequestRetryStrategy;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/httpclient5.md's side-by-side, measured: HttpClient 5's {@link DefaultHttpRequestRetryStrategy} and this
 * module's strategy on the same loopback server, for a POST on 503, a refused connection and
 * {@code Retry-After: 3600}. Each test prints the line the docs quote.
 */
class DefaultStrategyComparisonTest {
  static FaultServer server;
  static final AtomicInteger PATHS = new AtomicInteger();
  static final RetryPolicy<HttpResponse> POLICY = RetryPolicy.<HttpResponse>builder()
      .withBackoff(Backoff.exponential(Duration.ofMillis(50)).withCap(Duration.ofSeconds(1)).withFullJitter())
      .withMaxAttempts(3)
      .build();

  @BeforeAll
  static void start() {
    server = FaultServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** Counts the attempts the client made, as the strategy sees them (a refused connection reaches no server). */
  static final class Counting implements HttpRequestRetryStrategy {
    final HttpRequestRetryStrategy delegate;
    final AtomicInteger failures = new AtomicInteger();

    Counting(HttpRequestRetryStrategy delegate) {
      this.delegate = delegate;
    }

    @Override
    public boolean retryRequest(HttpRequest request, java.io.IOException exception, int execCount,
        HttpContext context) {
      failures.incrementAndGet();
      return delegate.retryRequest(request, exception, execCount, context);
    }

    @Override
    public boolean retryRequest(HttpResponse response, int execCount, HttpContext context) {
      return delegate.retryRequest(response, execCount, context);
    }

    @Override
    public org.apache.hc.core5.util.TimeValue getRetryInterval(HttpRequest request, java.io.IOException exception,
        int execCount, HttpContext context) {
      return delegate.getRetryInterval(request, exception, execCount, context);
    }

    @Override
    public org.apache.hc.core5.util.TimeValue getRetryInterval(HttpResponse response, int execCount,
        HttpContext context) {
      return delegate.getRetryInterval(response, execCount, context);
    }
  }

  static String label(HttpRequestRetryStrategy strategy) {
    return strategy instanceof BackoffHttpRequestRetryStrategy ? "Backoff" : "default";
  }

  static CloseableHttpAsyncClient client(HttpRequestRetryStrategy strategy) {
    CloseableHttpAsyncClient client = HttpAsyncClients.custom().setRetryStrategy(strategy).build();
    client.start();
    return client;
  }

  static int postOn503(HttpRequestRetryStrategy strategy) throws Exception {
    String path = "/c" + PATHS.incrementAndGet();
    server.enqueueStatuses(503);
    try (CloseableHttpAsyncClient client = client(strategy)) {
      SimpleHttpResponse response = client.execute(SimpleRequestBuilder.post(server.uri(path))
          .setBody("order", ContentType.TEXT_PLAIN).build(), null).get(10, TimeUnit.SECONDS);
      System.out.printf("POST on 503, %s: %d POSTs seen, status %d%n", label(strategy),
          server.requestCount("POST", path),
          response.getCode());
      return server.requestCount("POST", path);
    }
  }

  @Test
  void postOn503_defaultSendsItTwice_oursOnce() throws Exception {
    assertThat(postOn503(new DefaultHttpRequestRetryStrategy())).isEqualTo(2);
    assertThat(postOn503(BackoffHttpRequestRetryStrategy.of(POLICY))).isEqualTo(1);
  }

  static int refused(HttpRequestRetryStrategy strategy) throws Exception {
    URI refused = URI.create("http://127.0.0.1:" + BackoffHttpRequestRetryStrategyTest.freePort() + "/");
    Counting counting = new Counting(strategy);
    try (CloseableHttpAsyncClient client = client(counting)) {
      assertThatThrownBy(() -> client.execute(SimpleRequestBuilder.get(refused).build(), null)
          .get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).hasCauseInstanceOf(ConnectException.class);
    }
    System.out.printf("GET to a refused port, %s: %d attempts%n", label(strategy), counting.failures.get());
    return counting.failures.get();
  }

  @Test
  void refusedConnection_defaultTriesOnce_oursUntilTheAttemptsRunOut() throws Exception {
    assertThat(refused(new DefaultHttpRequestRetryStrategy())).isEqualTo(1);
    assertThat(refused(BackoffHttpRequestRetryStrategy.of(POLICY))).isEqualTo(3);
  }

  @Test
  void retryAfter3600_defaultWaitsAnHour_oursReturnsThe503() throws Exception {
    String defaultPath = "/c" + PATHS.incrementAndGet();
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(3600)));
    try (CloseableHttpAsyncClient client = client(new DefaultHttpRequestRetryStrategy())) {
      Future<SimpleHttpResponse> call = client.execute(SimpleRequestBuilder.get(server.uri(defaultPath)).build(),
          null);
      assertThatThrownBy(() -> call.get(2, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
      // The first GET has reached the server (a loaded machine may take a while to send it), and no second one.
      Await.until(() -> server.requestCount("GET", defaultPath) >= 1, Duration.ofSeconds(10));
      System.out.printf("GET on 503 with Retry-After: 3600, default: still waiting after 2 s, %d GET seen%n",
          server.requestCount("GET", defaultPath));
      assertThat(server.requestCount("GET", defaultPath)).isEqualTo(1);
      assertThat(call).isNotDone();
      call.cancel(true);
    }
    String ourPath = "/c" + PATHS.incrementAndGet();
    server.enqueue(FaultReply.status(503).withRetryAfter(Duration.ofSeconds(3600)));
    try (CloseableHttpAsyncClient client = client(BackoffHttpRequestRetryStrategy.of(POLICY))) {
      long start = System.nanoTime();
      SimpleHttpResponse response = client.execute(SimpleRequestBuilder.get(server.uri(ourPath)).build(), null)
          .get(10, TimeUnit.SECONDS);
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      System.out.printf("GET on 503 with Retry-After: 3600, Backoff: status %d after %d ms, %d GET seen%n",
          response.getCode(), millis, server.requestCount("GET", ourPath));
      assertThat(response.getCode()).isEqualTo(503);
      assertThat(server.requestCount("GET", ourPath)).isEqualTo(1);
    }
  }
}
