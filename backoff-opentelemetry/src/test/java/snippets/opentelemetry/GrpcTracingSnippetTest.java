package snippets.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.grpc.ManagedChannel;
import io.opentelemetry.api.OpenTelemetry;
import org.junit.jupiter.api.Test;

/** docs/grpc.md's tracing block builds a channel (BackoffGrpcTracingTest runs the same wiring end to end). */
class GrpcTracingSnippetTest {
  @Test
  void tracing_buildsAChannel() {
    ManagedChannel channel = GrpcTracingSnippet.tracing(OpenTelemetry.noop(),
        RetryingClientInterceptor.of(RetryPolicy.builder().build()), "localhost:1");
    try {
      assertThat(channel.authority()).isEqualTo("localhost:1");
    } finally {
      channel.shutdownNow();
    }
  }
}
