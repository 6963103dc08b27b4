package snippets.grpc;

// tag::method-metrics[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.micrometer.BackoffMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
// end::method-metrics[]

/** A code block of docs/grpc.md; {@code GrpcDocSnippetsTest} runs it against a real server. */
final class MethodMetricsSnippet {
  private MethodMetricsSnippet() {}

  static RetryingClientInterceptor methodMetrics(RetryPolicy<Object> policy, MeterRegistry registry) {
    // tag::method-metrics[]
    RetryingClientInterceptor retrying = RetryingClientInterceptor.builder(policy)
        .withMethodListener(method -> {                     // once per gRPC method
          BackoffMetrics metrics = BackoffMetrics.of("orders").withTags(Tags.of(
              RetryingClientInterceptor.RPC_SERVICE, method.getServiceName(),
              RetryingClientInterceptor.RPC_METHOD, method.getBareMethodName()));
          metrics.bindTo(registry);
          return metrics;
        })
        .build();
    // end::method-metrics[]
    return retrying;
  }
}
