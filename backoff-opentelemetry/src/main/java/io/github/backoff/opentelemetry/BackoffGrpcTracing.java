package io.github.backoff.opentelemetry;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.List;

/**
 * A CLIENT span per attempt of a gRPC call retried by backoff-grpc's {@code RetryingClientInterceptor}, following
 * the OpenTelemetry semantic conventions for RPC client spans: named {@code package.Service/Method}, with
 * {@code rpc.system = grpc}, {@code rpc.service}, {@code rpc.method}, {@code rpc.grpc.status_code}, the span's status
 * set to error for any code but OK, and, on every attempt after the first,
 * {@code rpc.grpc.request.metadata.grpc-previous-rpc-attempts}. Each attempt's headers carry its span's context
 * through the instance's propagators (W3C {@code traceparent}, for instance).
 *
 * <p>Two interceptors, on either side of the retrying one: {@link #callInterceptor()} outside keeps the caller's
 * context, so the attempts that start later on a timer thread stay in the caller's trace; {@link
 * #attemptInterceptor()} inside sees each attempt. grpc-java runs a channel's interceptors in the reverse order of
 * {@code intercept(...)}, so:
 *
 * <pre>{@code
 * BackoffGrpcTracing tracing = BackoffGrpcTracing.create(openTelemetry);
 * ManagedChannel channel = ManagedChannelBuilder.forTarget(target).disableRetry()
 *     .intercept(tracing.attemptInterceptor(), retrying, tracing.callInterceptor())
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe. Needs grpc-api (an optional dependency of this module) on the class path.
 */
public final class BackoffGrpcTracing {
  static final AttributeKey<String> SYSTEM = AttributeKey.stringKey("rpc.system");
  static final AttributeKey<String> SERVICE = AttributeKey.stringKey("rpc.service");
  static final AttributeKey<String> METHOD = AttributeKey.stringKey("rpc.method");
  static final AttributeKey<Long> STATUS_CODE = AttributeKey.longKey("rpc.grpc.status_code");
  static final AttributeKey<List<String>> PREVIOUS_ATTEMPTS =
      AttributeKey.stringArrayKey("rpc.grpc.request.metadata.grpc-previous-rpc-attempts");
  private static final Metadata.Key<String> PREVIOUS_KEY =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);
  private static final CallOptions.Key<Context> PARENT = CallOptions.Key.create("backoff.otel-parent");
  private static final TextMapSetter<Metadata> SETTER = (headers, key, value) -> {
    if (headers != null) {
      headers.put(Metadata.Key.of(key, Metadata.ASCII_STRING_MARSHALLER), value);
    }
  };

  private final Tracer tracer;
  private final TextMapPropagator propagator;

  private BackoffGrpcTracing(OpenTelemetry openTelemetry) {
    BackoffTelemetry telemetry = BackoffTelemetry.create(openTelemetry);
    this.tracer = telemetry.tracer();
    this.propagator = telemetry.openTelemetry().getPropagators().getTextMapPropagator();
  }

  /**
   * Spans through {@code openTelemetry}'s tracer provider and propagators; {@code null} gives the no-op
   * implementation (not the global one).
   */
  public static BackoffGrpcTracing create(OpenTelemetry openTelemetry) {
    return new BackoffGrpcTracing(openTelemetry);
  }

  /** The interceptor outside the retrying one: the caller's context becomes every attempt's parent. */
  public ClientInterceptor callInterceptor() {
    return new ClientInterceptor() {
      @Override
      public <Q, S> ClientCall<Q, S> interceptCall(MethodDescriptor<Q, S> method, CallOptions options, Channel next) {
        return next.newCall(method, options.withOption(PARENT, Context.current()));
      }
    };
  }

  /** The interceptor inside the retrying one: a CLIENT span per attempt. */
  public ClientInterceptor attemptInterceptor() {
    return new ClientInterceptor() {
      @Override
      public <Q, S> ClientCall<Q, S> interceptCall(MethodDescriptor<Q, S> method, CallOptions options, Channel next) {
        Context kept = options.getOption(PARENT);
        return new AttemptCall<>(next.newCall(method, options), method, kept != null ? kept : Context.current());
      }
    };
  }

  /** One attempt and its span, started with the attempt and ended when it closes. */
  private final class AttemptCall<Q, S> extends ForwardingClientCall.SimpleForwardingClientCall<Q, S> {
    private final MethodDescriptor<Q, S> method;
    private final Context parent;

    AttemptCall(ClientCall<Q, S> delegate, MethodDescriptor<Q, S> method, Context parent) {
      super(delegate);
      this.method = method;
      this.parent = parent;
    }

    @Override
    public void start(Listener<S> listener, Metadata headers) {
      var builder = tracer.spanBuilder(method.getFullMethodName()).setSpanKind(SpanKind.CLIENT).setParent(parent)
          .setAttribute(SYSTEM, "grpc")
          .setAttribute(SERVICE, String.valueOf(method.getServiceName()))
          .setAttribute(METHOD, String.valueOf(method.getBareMethodName()));
      String previous = headers.get(PREVIOUS_KEY);
      if (previous != null) {
        builder.setAttribute(PREVIOUS_ATTEMPTS, List.of(previous));
      }
      Span span = builder.startSpan();
      propagator.inject(parent.with(span), headers, SETTER);
      super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
        @Override
        public void onClose(Status status, Metadata trailers) {
          span.setAttribute(STATUS_CODE, (long) status.getCode().value());
          if (!status.isOk()) {
            span.setStatus(StatusCode.ERROR, status.getCode().name());
          }
          span.end();
          super.onClose(status, trailers);
        }
      }, headers);
    }
  }
}
