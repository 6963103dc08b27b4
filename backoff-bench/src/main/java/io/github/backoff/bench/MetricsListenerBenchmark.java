package io.github.backoff.bench;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.micrometer.BackoffMetrics;
import io.github.backoff.opentelemetry.BackoffTelemetry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.metrics.InstrumentType;
import io.opentelemetry.sdk.metrics.SdkMeterProvider;
import io.opentelemetry.sdk.metrics.data.AggregationTemporality;
import io.opentelemetry.sdk.metrics.data.MetricData;
import io.opentelemetry.sdk.metrics.export.MetricExporter;
import io.opentelemetry.sdk.metrics.export.MetricReader;
import io.opentelemetry.sdk.metrics.export.PeriodicMetricReader;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What metrics cost on the success path (the first attempt succeeds), the whole call measured: no listener; a
 * listener that does nothing, and one that keeps each event (the core's own cost of having listeners: a
 * {@code Succeeded} event and its {@code Duration} per call, and two clock reads);
 * {@link BackoffMetrics} added but not bound; bound to a {@code SimpleMeterRegistry} and to a
 * {@code PrometheusMeterRegistry}; and backoff-opentelemetry's metrics listener on the OpenTelemetry SDK.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MetricsListenerBenchmark {
  private final Callable<String> callable = () -> "ok";
  private Retrier<String> noListener;
  private Retrier<String> noopListener;
  private Retrier<String> keepingListener;
  /** Where keepingListener puts each event, so that the JIT cannot prove the event unused. */
  public volatile Object lastEvent;
  private Retrier<String> unbound;
  private Retrier<String> simple;
  private Retrier<String> prometheus;
  private Retrier<String> openTelemetry;
  private OpenTelemetrySdk sdk;

  @Setup
  public void setUp() {
    RetryPolicy<String> policy = Policies.backoffPolicy(false);   // benchmark 1's
    noListener = Retrier.of(policy);
    noopListener = Retrier.of(policy.toBuilder().onEvent(event -> { }).build());
    keepingListener = Retrier.of(policy.toBuilder().onEvent(event -> lastEvent = event).build());
    unbound = Retrier.of(policy.toBuilder().onEvent(BackoffMetrics.of("bench")).build());
    simple = Retrier.of(BackoffMetrics.bind(new SimpleMeterRegistry(), "bench", policy));
    prometheus = Retrier.of(BackoffMetrics.bind(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), "bench",
        policy));
    // A real SDK pipeline whose exporter discards: collection every 10 minutes, so never during a measurement.
    MetricReader reader = PeriodicMetricReader.builder(new DiscardingExporter()).setInterval(Duration.ofMinutes(10))
        .build();
    sdk = OpenTelemetrySdk.builder().setMeterProvider(SdkMeterProvider.builder().registerMetricReader(reader).build())
        .build();
    openTelemetry = Retrier.of(policy.toBuilder().onEvent(BackoffTelemetry.create(sdk).metrics("bench")).build());
  }

  @TearDown
  public void tearDown() {
    sdk.close();
  }

  @Benchmark
  public String noListener() {
    return noListener.call(callable);
  }

  @Benchmark
  public String noopListener() {
    return noopListener.call(callable);
  }

  @Benchmark
  public String keepingListener() {
    return keepingListener.call(callable);
  }

  @Benchmark
  public String micrometerUnbound() {
    return unbound.call(callable);
  }

  @Benchmark
  public String micrometerSimple() {
    return simple.call(callable);
  }

  @Benchmark
  public String micrometerPrometheus() {
    return prometheus.call(callable);
  }

  @Benchmark
  public String openTelemetrySdk() {
    return openTelemetry.call(callable);
  }

  /** Accepts and drops every batch. */
  private static final class DiscardingExporter implements MetricExporter {
    @Override
    public CompletableResultCode export(Collection<MetricData> metrics) {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
      return CompletableResultCode.ofSuccess();
    }

    @Override
    public AggregationTemporality getAggregationTemporality(InstrumentType instrumentType) {
      return AggregationTemporality.CUMULATIVE;
    }
  }
}
