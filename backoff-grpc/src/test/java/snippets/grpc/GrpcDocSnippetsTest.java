package snippets.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.grpc.FaultServiceAccess;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** docs/grpc.md's code, run against the scripted server on Netty (127.0.0.1). */
class GrpcDocSnippetsTest {
  private static FaultServiceAccess server;

  @BeforeAll
  static void start() throws Exception {
    server = new FaultServiceAccess();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void interceptor_retriesUnavailable() throws Exception {
    ManagedChannel channel = InterceptorSnippet.interceptor(server.target());
    try {
      server.failThenOk(Status.Code.UNAVAILABLE, 1);
      assertThat(server.call(channel, CallOptions.DEFAULT)).isEqualTo("ok");
      assertThat(server.attempts()).isEqualTo(2);

      server.failThenOk(Status.Code.UNAVAILABLE, 1);
      Assertions.assertThatThrownBy(() -> server.call(channel, PerCallSnippet.perCall()))
          .isInstanceOf(StatusRuntimeException.class);
      assertThat(server.attempts()).isEqualTo(1);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void builder_builds() {
    ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    try {
      RetryingClientInterceptor retrying = BuilderSnippet.builder(RetryPolicy.builder().build(), scheduler);
      assertThat(retrying.retryableCodes()).contains(Status.Code.ABORTED);
    } finally {
      scheduler.shutdownNow();
    }
  }

  @Test
  void methodMetrics_taggedPerMethod() throws Exception {
    io.micrometer.core.instrument.simple.SimpleMeterRegistry registry =
        new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    RetryingClientInterceptor retrying = MethodMetricsSnippet.methodMetrics(RetryPolicy.builder()
        .withBackoff(io.github.backoff.strategy.Backoff.constant(java.time.Duration.ofMillis(1))).build(), registry);
    ManagedChannel channel = retrying.applyTo(io.grpc.ManagedChannelBuilder.forTarget(server.target()).usePlaintext())
        .build();
    try {
      server.failThenOk(Status.Code.UNAVAILABLE, 1);
      assertThat(server.call(channel, CallOptions.DEFAULT)).isEqualTo("ok");
      assertThat(registry.get("backoff.calls").tags("rpc.service", "test.Faults", "rpc.method", "Unary",
          "outcome", "success_after_retry").counter().count()).isEqualTo(1.0);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  @Test
  void serviceConfig_grpcJavaRetries() throws Exception {
    ManagedChannel channel = ServiceConfigSnippet.serviceConfig(server.target());
    try {
      server.failThenOk(Status.Code.UNAVAILABLE, 2);
      assertThat(server.call(channel, CallOptions.DEFAULT)).isEqualTo("ok");
      assertThat(server.attempts()).isEqualTo(3);
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }
}
