package io.github.backoff.bench;

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
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A blocking unary call on grpc-java's in-process transport (direct executors on both sides): with no retry, through
 * backoff-grpc's {@code RetryingClientInterceptor}, and with grpc-java's own retry enabled (service config, 4
 * attempts). {@code success*}: the first attempt succeeds. {@code oneFailure*}: the first attempt of every call
 * fails with UNAVAILABLE (the server reads {@code grpc-previous-rpc-attempts}, which both retries send), the
 * second succeeds, after a 1 ns backoff (grpc-java needs a positive one; both then hop through a timer thread).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GrpcBenchmark {
  private static final MethodDescriptor.Marshaller<String> UTF8 = new MethodDescriptor.Marshaller<>() {
    @Override
    public InputStream stream(String value) {
      return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String parse(InputStream stream) {
      try {
        return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };
  private static final MethodDescriptor<String, String> OK = method("Ok");
  private static final MethodDescriptor<String, String> FLAKY = method("Flaky");
  private static final Metadata.Key<String> PREVIOUS =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);

  private Server server;
  private ManagedChannel plain;
  private ManagedChannel intercepted;
  private ManagedChannel builtIn;

  private static MethodDescriptor<String, String> method(String name) {
    return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
        .setFullMethodName("bench.Bench/" + name).setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    String name = "grpc-bench-" + System.nanoTime();
    ServerServiceDefinition service = io.grpc.ServerInterceptors.intercept(ServerServiceDefinition.builder("bench.Bench")
        .addMethod(OK, ServerCalls.asyncUnaryCall(GrpcBenchmark::echo))
        .addMethod(FLAKY, ServerCalls.asyncUnaryCall(GrpcBenchmark::echo))
        .build(), new FailFirstAttempt());
    server = InProcessServerBuilder.forName(name).directExecutor().addService(service).build().start();
    RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofNanos(1)))
        .withMaxAttempts(4).build();
    plain = InProcessChannelBuilder.forName(name).directExecutor().disableRetry().build();
    intercepted = RetryingClientInterceptor.of(policy)
        .applyTo(InProcessChannelBuilder.forName(name).directExecutor()).build();
    Map<String, Object> retryPolicy = Map.of("maxAttempts", 4.0, "initialBackoff", "0.000000001s",
        "maxBackoff", "0.000000001s", "backoffMultiplier", 1.0, "retryableStatusCodes", List.of("UNAVAILABLE"));
    builtIn = InProcessChannelBuilder.forName(name).directExecutor().enableRetry()
        .defaultServiceConfig(Map.of("methodConfig", List.of(Map.of("name", List.of(Map.of("service", "bench.Bench")),
            "retryPolicy", retryPolicy))))
        .build();
  }

  private static void echo(String request, io.grpc.stub.StreamObserver<String> out) {
    out.onNext(request);
    out.onCompleted();
  }

  /** Fails the first attempt of each call to Flaky with UNAVAILABLE. */
  static final class FailFirstAttempt implements io.grpc.ServerInterceptor {
    @Override
    public <Q, S> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, S> call, Metadata headers,
        io.grpc.ServerCallHandler<Q, S> next) {
      if (call.getMethodDescriptor().getFullMethodName().equals(FLAKY.getFullMethodName())
          && headers.get(PREVIOUS) == null) {
        call.close(Status.UNAVAILABLE, new Metadata());
        return new io.grpc.ServerCall.Listener<>() {};
      }
      return next.startCall(call, headers);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws InterruptedException {
    for (ManagedChannel c : List.of(plain, intercepted, builtIn)) {
      c.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
  }

  @Benchmark
  public String successNoRetry() {
    return ClientCalls.blockingUnaryCall(plain, OK, CallOptions.DEFAULT, "x");
  }

  @Benchmark
  public String successInterceptor() {
    return ClientCalls.blockingUnaryCall(intercepted, OK, CallOptions.DEFAULT, "x");
  }

  @Benchmark
  public String successBuiltInRetry() {
    return ClientCalls.blockingUnaryCall(builtIn, OK, CallOptions.DEFAULT, "x");
  }

  @Benchmark
  public String oneFailureInterceptor() {
    return ClientCalls.blockingUnaryCall(intercepted, FLAKY, CallOptions.DEFAULT, "x");
  }

  @Benchmark
  public String oneFailureBuiltInRetry() {
    return ClientCalls.blockingUnaryCall(builtIn, FLAKY, CallOptions.DEFAULT, "x");
  }
}
