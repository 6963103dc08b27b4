package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The outbound lane under contention, on the real grpc-java: the server fails each call's first attempt as soon as
 * it starts, before the request arrives, so the retry starts on the timer's thread while the application's thread
 * is still sending; and calls cancelled while that happens. A message lost or sent twice by the lane makes the
 * unary call fail at the server; a close lost makes the call hang; a close run twice shows in the count.
 */
class RetryingCallOutboundLaneTest {
  private static final int CALLS = 500;
  private static final Metadata.Key<String> PREVIOUS =
      Metadata.Key.of("grpc-previous-rpc-attempts", Metadata.ASCII_STRING_MARSHALLER);

  private static final AtomicInteger firstAttempts = new AtomicInteger();
  private static Server server;
  private static ManagedChannel channel;
  private static ExecutorService callbacks;

  @BeforeAll
  static void start() throws Exception {
    String name = "lane-" + System.nanoTime();
    ServerInterceptor failFirst = new ServerInterceptor() {
      @Override
      public <Q, S> ServerCall.Listener<Q> interceptCall(ServerCall<Q, S> call, Metadata headers,
          ServerCallHandler<Q, S> next) {
        if (headers.get(PREVIOUS) == null) {
          firstAttempts.incrementAndGet();
          call.close(Status.UNAVAILABLE, new Metadata());
          return new ServerCall.Listener<>() {};
        }
        return next.startCall(call, headers);
      }
    };
    ServerServiceDefinition service = ServerInterceptors.intercept(ServerServiceDefinition.builder("test.Faults")
        .addMethod(FaultService.UNARY, ServerCalls.asyncUnaryCall((String request, io.grpc.stub.StreamObserver<
            String> out) -> {
          out.onNext(request);
          out.onCompleted();
        }))
        .build(), failFirst);
    server = InProcessServerBuilder.forName(name).addService(service).build().start();
    callbacks = Executors.newFixedThreadPool(2);
    RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.none()).withMaxAttempts(3).build();
    channel = RetryingClientInterceptor.of(policy).applyTo(InProcessChannelBuilder.forName(name)
        .executor(callbacks)).build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    callbacks.shutdownNow();
  }

  @Test
  void unary_retryStartsWhileTheApplicationSends_everyAttemptGetsTheRequestOnce() {
    firstAttempts.set(0);
    for (int i = 0; i < CALLS; i++) {
      String request = "request " + i;

      String reply = ClientCalls.blockingUnaryCall(channel, FaultService.UNARY,
          CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), request);

      assertThat(reply).as("call %d", i).isEqualTo(request);
    }
    assertThat(firstAttempts.get()).isEqualTo(CALLS);
  }

  @Test
  void unary_cancelledFromAnotherThreadWhileTheRetryStarts_closesEveryCallOnce() throws Exception {
    ExecutorService canceller = Executors.newSingleThreadExecutor();
    try {
      int cancelled = 0;
      for (int i = 0; i < CALLS; i++) {
        ClientCall<String, String> call = channel.newCall(FaultService.UNARY, CallOptions.DEFAULT);
        AtomicInteger closes = new AtomicInteger();
        CompletableFuture<Status> closed = new CompletableFuture<>();
        call.start(new ClientCall.Listener<>() {
          @Override
          public void onClose(Status status, Metadata trailers) {
            closes.incrementAndGet();
            closed.complete(status);
          }
        }, new Metadata());
        Future<?> cancel = canceller.submit(() -> call.cancel("test", null));
        call.request(1);
        call.sendMessage("r" + i);
        call.halfClose();
        cancel.get(10, TimeUnit.SECONDS);

        Status status = closed.get(10, TimeUnit.SECONDS);

        // UNAVAILABLE: the first attempt had ended before the cancel reached it, and the retry was not made.
        assertThat(status.getCode()).as("call %d: %s", i, status)
            .isIn(Status.Code.OK, Status.Code.CANCELLED, Status.Code.UNAVAILABLE);
        cancelled += status.getCode() == Status.Code.CANCELLED ? 1 : 0;
        Thread.sleep(0, 1000); // a late second close would show in the next call's check
        assertThat(closes.get()).as("call %d closed once", i).isEqualTo(1);
      }
      assertThat(cancelled).as("calls cancelled before they ended").isPositive();
    } finally {
      canceller.shutdownNow();
    }
  }
}
