package io.github.backoff.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.strategy.Backoff;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Real requests to a loopback JDK HttpServer that answers 503 twice, then 200, and counts what it receives. */
class BackoffHttpTracingTest {
  private final Sdk sdk = new Sdk();
  private final AtomicInteger requests = new AtomicInteger();
  private final List<String> traceparents = new CopyOnWriteArrayList<>();
  private final ExecutorService serverThreads = Executors.newFixedThreadPool(2);
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setExecutor(serverThreads);
    server.createContext("/", exchange -> {
      int n = requests.incrementAndGet();
      traceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
      byte[] body = (n <= 2 ? "busy" : "ok").getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(n <= 2 ? 503 : 200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
  }

  @AfterEach
  void stop() throws InterruptedException {
    server.stop(0);
    serverThreads.shutdownNow();
    serverThreads.awaitTermination(2, TimeUnit.SECONDS);
    sdk.close();
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  private RetryingHttpClient client() {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.none()).withMaxAttempts(4)
        .onEvent(BackoffTelemetry.create(sdk.openTelemetry).tracing()).build();
    return RetryingHttpClient.builder(HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(), policy)
        .withAttemptObserver(BackoffHttpTracing.create(sdk.openTelemetry)).build();
  }

  private List<SpanData> clientSpans() {
    return sdk.spans.getFinishedSpanItems().stream().filter(s -> s.getKind() == SpanKind.CLIENT)
        .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos)).collect(Collectors.toList());
  }

  private void checkAttemptSpans(Span parent) {
    assertThat(requests).hasValue(3);
    List<SpanData> spans = clientSpans();
    assertThat(spans).hasSize(3);
    for (int i = 0; i < 3; i++) {
      SpanData span = spans.get(i);
      assertThat(span.getName()).isEqualTo("GET");
      assertThat(span.getParentSpanId()).isEqualTo(parent.getSpanContext().getSpanId());
      assertThat(span.getTraceId()).isEqualTo(parent.getSpanContext().getTraceId());
      assertThat(span.getAttributes().get(BackoffHttpTracing.METHOD)).isEqualTo("GET");
      assertThat(span.getAttributes().get(BackoffHttpTracing.URL_FULL)).isEqualTo(uri("/stock?sku=1").toString());
      assertThat(span.getAttributes().get(BackoffHttpTracing.SERVER_ADDRESS)).isEqualTo("127.0.0.1");
      assertThat(span.getAttributes().get(BackoffHttpTracing.SERVER_PORT))
          .isEqualTo(server.getAddress().getPort());
      assertThat(span.getAttributes().get(BackoffHttpTracing.RESEND_COUNT)).isEqualTo(i == 0 ? null : (long) i);
      // The server saw each attempt's own span as the parent of its work.
      assertThat(traceparents.get(i)).isEqualTo("00-" + span.getTraceId() + "-" + span.getSpanId() + "-01");
    }
    assertThat(spans).extracting(s -> s.getAttributes().get(BackoffHttpTracing.STATUS_CODE))
        .containsExactly(503L, 503L, 200L);
    assertThat(spans).extracting(s -> s.getAttributes().get(BackoffHttpTracing.ERROR_TYPE))
        .containsExactly("503", "503", null);
    assertThat(spans).extracting(s -> s.getStatus().getStatusCode())
        .containsExactly(StatusCode.ERROR, StatusCode.ERROR, StatusCode.UNSET);
  }

  @Test
  void send_twoRetries_threeClientSpansWithResendCount() {
    Span parent = sdk.openTelemetry.getTracer("test").spanBuilder("checkout").startSpan();
    HttpResponse<String> response;
    try (Scope ignored = parent.makeCurrent()) {
      response = client().send(HttpRequest.newBuilder(uri("/stock?sku=1")).timeout(Duration.ofSeconds(5)).build(),
          BodyHandlers.ofString());
    } finally {
      parent.end();
    }

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("ok");
    checkAttemptSpans(parent);
    // The tracing listener wrote on the caller's span: one event per retry, the status as error.type.
    SpanData checkout = sdk.spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("checkout"))
        .findFirst().orElseThrow();
    assertThat(checkout.getEvents()).extracting(e -> e.getAttributes().get(RetryTracing.ERROR_TYPE))
        .containsExactly("503", "503");
    assertThat(checkout.getAttributes().get(RetryTracing.ATTEMPTS)).isEqualTo(3);
  }

  @Test
  void sendAsync_twoRetries_spansKeepTheCallersParent() throws Exception {
    Span parent = sdk.openTelemetry.getTracer("test").spanBuilder("checkout").startSpan();
    CompletableFuture<HttpResponse<String>> response;
    try (Scope ignored = parent.makeCurrent()) {
      response = client().sendAsync(HttpRequest.newBuilder(uri("/stock?sku=1")).timeout(Duration.ofSeconds(5))
          .build(), BodyHandlers.ofString());
    }
    assertThat(response.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    parent.end();

    checkAttemptSpans(parent);
  }

  @Test
  void send_connectionRefused_errorTypeIsTheExceptionClass() throws Exception {
    URI closed = uri("/gone");
    server.stop(0);
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.none()).withMaxAttempts(2).build();
    RetryingHttpClient http = RetryingHttpClient.builder(HttpClient.newHttpClient(), policy)
        .withAttemptObserver(BackoffHttpTracing.create(sdk.openTelemetry)).build();

    try {
      http.send(HttpRequest.newBuilder(closed).timeout(Duration.ofSeconds(5)).build(), BodyHandlers.ofString());
    } catch (RuntimeException expected) {
      // RetryException after two refused connections
    }

    List<SpanData> spans = clientSpans();
    assertThat(spans).hasSize(2);
    assertThat(spans).extracting(s -> s.getAttributes().get(BackoffHttpTracing.ERROR_TYPE))
        .containsOnly("java.net.ConnectException");
    assertThat(spans.get(1).getAttributes().get(BackoffHttpTracing.RESEND_COUNT)).isEqualTo(1);
    assertThat(spans).allSatisfy(s -> assertThat(s.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
  }

  @Test
  void withoutUserInfo_dropsCredentials() {
    assertThat(BackoffHttpTracing.withoutUserInfo(URI.create("https://bob:secret@example.com:8443/a?b=c#d")))
        .isEqualTo("https://example.com:8443/a?b=c#d");
    assertThat(BackoffHttpTracing.withoutUserInfo(URI.create("http://example.com/x")))
        .isEqualTo("http://example.com/x");
  }
}
