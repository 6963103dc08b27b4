package io.github.backoff.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.strategy.Backoff;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A CLIENT span per attempt of a call retried by backoff-grpc, on grpc-java's in-process transport. */
class BackoffGrpcTracingTest {
  private static final MethodDescriptor.Marshaller<String> UTF8 = new MethodDescriptor.Marshaller<>() {
    @Override
    public InputStream stream(String value) {
      return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String parse(InputStream stream) {
      try {
        return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  };
  private static final MethodDescriptor<String, String> ECHO = MethodDescriptor.<String, String>newBuilder()
      .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("test.Echo/Echo")
      .setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();

  @Test
  void attempts_oneClientSpanEach_inTheCallersTrace_contextPropagated() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    List<String> traceparents = new CopyOnWriteArrayList<>();
    Metadata.Key<String> traceparent = Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER);
    String name = "tracing-" + System.nanoTime();
    Server server = InProcessServerBuilder.forName(name).addService(io.grpc.ServerInterceptors.intercept(
        ServerServiceDefinition.builder("test.Echo").addMethod(ECHO, ServerCalls.asyncUnaryCall((request, out) -> {
          if (calls.incrementAndGet() == 1) {
            out.onError(Status.UNAVAILABLE.asRuntimeException());
          } else {
            out.onNext(request);
            out.onCompleted();
          }
        })).build(), new io.grpc.ServerInterceptor() {
          @Override
          public <Q, S> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, S> call, Metadata h,
              io.grpc.ServerCallHandler<Q, S> next) {
            traceparents.add(h.get(traceparent));
            return next.startCall(call, h);
          }
        })).build().start();
    RetryingClientInterceptor retrying = RetryingClientInterceptor.of(RetryPolicy.builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(20))).withMaxAttempts(3).build());
    try (Sdk sdk = new Sdk()) {
      BackoffGrpcTracing tracing = BackoffGrpcTracing.create(sdk.openTelemetry);
      ManagedChannel channel = InProcessChannelBuilder.forName(name).disableRetry()
          .intercept(tracing.attemptInterceptor(), retrying, tracing.callInterceptor()).build();
      Span caller = sdk.openTelemetry.getTracer("test").spanBuilder("caller").startSpan();
      try (Scope scope = caller.makeCurrent()) {
        assertThat(ClientCalls.blockingUnaryCall(channel, ECHO, CallOptions.DEFAULT, "hi")).isEqualTo("hi");
      } finally {
        caller.end();
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      }

      List<SpanData> attempts = sdk.spans.getFinishedSpanItems().stream()
          .filter(s -> s.getKind() == SpanKind.CLIENT).toList();
      assertThat(attempts).hasSize(2).allSatisfy(s -> {
        assertThat(s.getName()).isEqualTo("test.Echo/Echo");
        assertThat(s.getParentSpanId()).isEqualTo(caller.getSpanContext().getSpanId());
        assertThat(s.getAttributes().get(BackoffGrpcTracing.SYSTEM)).isEqualTo("grpc");
        assertThat(s.getAttributes().get(BackoffGrpcTracing.SERVICE)).isEqualTo("test.Echo");
        assertThat(s.getAttributes().get(BackoffGrpcTracing.METHOD)).isEqualTo("Echo");
      });
      assertThat(attempts.get(0).getAttributes().get(BackoffGrpcTracing.STATUS_CODE)).isEqualTo(14L);
      assertThat(attempts.get(0).getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
      assertThat(attempts.get(0).getAttributes().get(BackoffGrpcTracing.PREVIOUS_ATTEMPTS)).isNull();
      assertThat(attempts.get(1).getAttributes().get(BackoffGrpcTracing.STATUS_CODE)).isEqualTo(0L);
      assertThat(attempts.get(1).getAttributes().get(BackoffGrpcTracing.PREVIOUS_ATTEMPTS)).containsExactly("1");
      assertThat(traceparents).hasSize(2).allSatisfy(t -> assertThat(t).contains(caller.getSpanContext().getTraceId()));
      assertThat(traceparents.get(0)).contains(attempts.get(0).getSpanId());
      assertThat(traceparents.get(1)).contains(attempts.get(1).getSpanId());
    }
  }
}
