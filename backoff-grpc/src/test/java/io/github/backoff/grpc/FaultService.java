package io.github.backoff.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A scripted gRPC service on the real grpc-java servers (in-process and Netty on 127.0.0.1): each attempt that
 * reaches it takes the next {@link Step} of the script (status sequences, pushback, RetryInfo, slow answers, a
 * message then an error, a hang until cancelled) and is recorded with its arrival time and its
 * {@code grpc-previous-rpc-attempts} header. Messages are UTF-8 strings, the methods hand-built: no protoc.
 */
public final class FaultService implements AutoCloseable {
  static final MethodDescriptor.Marshaller<String> UTF8 = new MethodDescriptor.Marshaller<>() {
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
  static final MethodDescriptor<String, String> UNARY = method("Unary", MethodDescriptor.MethodType.UNARY);
  static final MethodDescriptor<String, String> STREAM =
      method("Stream", MethodDescriptor.MethodType.SERVER_STREAMING);
  static final Metadata.Key<String> ATTEMPT_TRAILER = Metadata.Key.of("x-attempt", Metadata.ASCII_STRING_MARSHALLER);
  static final Metadata.Key<String> PREVIOUS =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);
  private static final Context.Key<Metadata> HEADERS = Context.key("headers");

  /** An attempt that reached the server. */
  record Arrival(long nanos, String previousAttempts, String request,
      java.util.concurrent.atomic.AtomicBoolean cancelled) {}

  /** What the server does with one attempt. */
  interface Step {
    void run(String request, StreamObserver<String> out, int attempt);
  }

  private final Queue<Step> script = new ConcurrentLinkedQueue<>();
  final List<Arrival> arrivals = new CopyOnWriteArrayList<>();
  private final ScheduledExecutorService slow = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "fault-service-slow");
    t.setDaemon(true);
    return t;
  });
  private final Server inProcess;
  private final Server netty;
  private final String name = "faults-" + System.nanoTime();

  FaultService() throws IOException {
    ServerServiceDefinition service = ServerInterceptors.intercept(ServerServiceDefinition.builder("test.Faults")
        .addMethod(UNARY, ServerCalls.asyncUnaryCall(this::handle))
        .addMethod(STREAM, ServerCalls.asyncServerStreamingCall(this::handle))
        .build(), headersIntoContext());
    inProcess = InProcessServerBuilder.forName(name).addService(service).build().start();
    netty = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0)).addService(service).build().start();
  }

  private static MethodDescriptor<String, String> method(String name, MethodDescriptor.MethodType type) {
    return MethodDescriptor.<String, String>newBuilder().setType(type)
        .setFullMethodName(MethodDescriptor.generateFullMethodName("test.Faults", name))
        .setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();
  }

  private static ServerInterceptor headersIntoContext() {
    return new ServerInterceptor() {
      @Override
      public <Q, S> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, S> call, Metadata headers,
          io.grpc.ServerCallHandler<Q, S> next) {
        return Contexts.interceptCall(Context.current().withValue(HEADERS, headers), call, headers, next);
      }
    };
  }

  /** The transports the tests run on. */
  enum Transport { IN_PROCESS, NETTY }

  /** A new channel to this service with grpc-java's own retry off. */
  ManagedChannel channel(Transport transport) {
    return switch (transport) {
      case IN_PROCESS -> InProcessChannelBuilder.forName(name).disableRetry().build();
      case NETTY -> NettyChannelBuilder.forAddress("127.0.0.1", netty.getPort()).usePlaintext().disableRetry().build();
    };
  }

  /** The Netty server's target, {@code 127.0.0.1:port}. */
  String nettyTarget() {
    return "127.0.0.1:" + netty.getPort();
  }

  /** The in-process server's name, for a channel built by a test. */
  String inProcessName() {
    return name;
  }

  /** Replaces the script and forgets the arrivals; attempts past the script are answered {@code "ok"}. */
  void script(Step... steps) {
    script.clear();
    arrivals.clear();
    script.addAll(List.of(steps));
  }

  private void handle(String request, StreamObserver<String> out) {
    Metadata headers = HEADERS.get();
    Arrival arrival = new Arrival(System.nanoTime(), headers == null ? null : headers.get(PREVIOUS), request,
        new java.util.concurrent.atomic.AtomicBoolean());
    arrivals.add(arrival);
    int attempt = arrivals.size();
    Context.current().addListener(c -> arrival.cancelled().set(true), Runnable::run);
    Step step = script.poll();
    (step != null ? step : ok("ok")).run(request, out, attempt);
  }

  /** Gaps between consecutive arrivals, in milliseconds. */
  List<Long> gapsMillis() {
    List<Arrival> a = List.copyOf(arrivals);
    return java.util.stream.IntStream.range(1, a.size())
        .mapToObj(i -> TimeUnit.NANOSECONDS.toMillis(a.get(i).nanos() - a.get(i - 1).nanos())).toList();
  }

  static Step ok(String... replies) {
    return (request, out, attempt) -> {
      for (String reply : replies) {
        out.onNext(reply);
      }
      out.onCompleted();
    };
  }

  static Step fail(Status.Code code) {
    return fail(code, new Metadata());
  }

  /** Fails with {@code code} and {@code trailers} plus {@code x-attempt: n}. */
  static Step fail(Status.Code code, Metadata trailers) {
    return (request, out, attempt) -> {
      Metadata t = new Metadata();
      t.merge(trailers);
      t.put(ATTEMPT_TRAILER, Integer.toString(attempt));
      out.onError(Status.fromCode(code).withDescription("scripted " + code + " #" + attempt).asRuntimeException(t));
    };
  }

  static Step pushback(Status.Code code, String value) {
    Metadata t = new Metadata();
    t.put(GrpcRetryHints.PUSHBACK_KEY, value);
    return fail(code, t);
  }

  static Step messageThenFail(Status.Code code) {
    return (request, out, attempt) -> {
      out.onNext("partial");
      out.onError(Status.fromCode(code).withDescription("after a message").asRuntimeException());
    };
  }

  Step slow(Duration delay, Step then) {
    return (request, out, attempt) -> slow.schedule(() -> then.run(request, out, attempt), delay.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** Never answers: the attempt ends when the client cancels it or its deadline passes. */
  static Step hang() {
    return (request, out, attempt) -> {};
  }

  @Override
  public void close() throws InterruptedException {
    inProcess.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    netty.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    slow.shutdownNow();
  }
}
