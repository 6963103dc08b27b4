package snippets.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Runs the OpenTelemetry blocks of docs/observability.md against a real SDK (in-memory exporters). */
class ObservabilityDocSnippetsTest {
  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  private final OpenTelemetrySdk openTelemetry = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
      .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
      .build();

  @AfterEach
  void close() {
    openTelemetry.close();
  }

  @Test
  void telemetry_instrumentedPolicy_recordsCalls() {
    RetryPolicy<String> policy = ObservabilityDocSnippets.telemetry(openTelemetry);

    Retrier.of(policy).call(() -> "ok");

    assertThat(metrics.collectAllMetrics()).extracting(m -> m.getName()).contains("backoff.calls");
  }

  @Test
  void httpTracing_oneClientSpanPerAttempt() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    server.start();
    try {
      RetryingHttpClient http = ObservabilityDocSnippets.httpTracing(openTelemetry,
          RetryPolicy.<HttpResponse<?>>builder().withMaxAttempts(2).build());
      URI uri = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");

      HttpResponse<Void> response = http.send(HttpRequest.newBuilder(uri).build(), BodyHandlers.discarding());

      assertThat(response.statusCode()).isEqualTo(204);
      assertThat(spans.getFinishedSpanItems()).singleElement()
          .satisfies(span -> assertThat(span.getKind()).isEqualTo(SpanKind.CLIENT));
    } finally {
      server.stop(0);
    }
  }
}
