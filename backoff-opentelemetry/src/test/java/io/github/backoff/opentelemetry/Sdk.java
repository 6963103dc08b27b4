package io.github.backoff.opentelemetry;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.testing.exporter.InMemoryMetricReader;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.Collection;

/** A real OpenTelemetry SDK whose spans and metrics stay in memory, for the tests to read. */
final class Sdk implements AutoCloseable {
  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final InMemoryMetricReader metrics = InMemoryMetricReader.create();
  final OpenTelemetrySdk openTelemetry = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
      .setMeterProvider(SdkMeterProvider.builder().registerMetricReader(metrics).build())
      .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
      .build();

  /** The metric named {@code name}, collected now. */
  MetricData metric(String name) {
    Collection<MetricData> all = metrics.collectAllMetrics();
    return all.stream().filter(m -> m.getName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no metric " + name + " in " + all));
  }

  @Override
  public void close() {
    openTelemetry.close();
  }
}
