package snippets.opentelemetry;

// tag::grpc-tracing[]
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.opentelemetry.BackoffGrpcTracing;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.opentelemetry.api.OpenTelemetry;
// end::grpc-tracing[]

/** A code block of docs/grpc.md; {@code GrpcTracingSnippetTest} builds it. */
final class GrpcTracingSnippet {
  private GrpcTracingSnippet() {}

  static ManagedChannel tracing(OpenTelemetry openTelemetry, RetryingClientInterceptor retrying, String target) {
    // tag::grpc-tracing[]
    BackoffGrpcTracing tracing = BackoffGrpcTracing.create(openTelemetry);
    ManagedChannel channel = ManagedChannelBuilder.forTarget(target).usePlaintext().disableRetry()
        // run in reverse order: the caller's context, then the retries, then a CLIENT span per attempt
        .intercept(tracing.attemptInterceptor(), retrying, tracing.callInterceptor())
        .build();
    // end::grpc-tracing[]
    return channel;
  }
}
