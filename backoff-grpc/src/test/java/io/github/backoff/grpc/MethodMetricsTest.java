package io.github.backoff.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.micrometer.BackoffMetrics;
import io.github.backoff.strategy.Backoff;
import io.grpc.CallOptions;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Metrics per gRPC method through {@code withMethodListener} and the real Micrometer. */
class MethodMetricsTest {
  @Test
  void withMethodListener_metricsTaggedRpcServiceAndMethod() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    RetryPolicy<Object> policy = RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofMillis(1)))
        .withMaxAttempts(3).build();
    RetryingClientInterceptor interceptor = RetryingClientInterceptor.builder(policy)
        .withMethodListener(method -> {
          BackoffMetrics metrics = BackoffMetrics.of("faults").withTags(Tags.of(
              RetryingClientInterceptor.RPC_SERVICE, method.getServiceName(),
              RetryingClientInterceptor.RPC_METHOD, method.getBareMethodName()));
          metrics.bindTo(registry);
          return metrics;
        })
        .build();
    try (FaultService server = new FaultService()) {
      ManagedChannel channel = server.channel(FaultService.Transport.IN_PROCESS);
      try {
        server.script(FaultService.fail(Status.Code.UNAVAILABLE));
        ClientCalls.blockingUnaryCall(ClientInterceptors.intercept(channel, interceptor), FaultService.UNARY,
            CallOptions.DEFAULT.withDeadlineAfter(10, TimeUnit.SECONDS), "x");
        server.script();
        RecordingListener l = new RecordingListener();
        var call = ClientInterceptors.intercept(channel, interceptor).newCall(FaultService.STREAM, CallOptions.DEFAULT);
        call.start(l, new Metadata());
        call.request(5);
        call.sendMessage("x");
        call.halfClose();
        assertThat(l.awaitClose().isOk()).isTrue();
      } finally {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      }
    }

    assertThat(registry.get(BackoffMetrics.CALLS).tags("name", "faults", "rpc.service", "test.Faults",
        "rpc.method", "Unary", "outcome", "success_after_retry").counter().count()).isEqualTo(1.0);
    assertThat(registry.get(BackoffMetrics.CALLS).tags("rpc.method", "Stream", "outcome", "success").counter()
        .count()).isEqualTo(1.0);
    assertThat(registry.get(BackoffMetrics.RETRY_DELAY).tags("rpc.method", "Unary").timer().count()).isEqualTo(1);
    assertThat(registry.get(BackoffMetrics.RETRY_DELAY).tags("rpc.method", "Stream").timer().count()).isZero();
  }
}
