package snippets.grpc;

// tag::per-call[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.grpc.CallOptions;
// end::per-call[]

/** A code block of docs/grpc.md; {@code GrpcDocSnippetsTest} runs it against a real server. */
final class PerCallSnippet {
  private PerCallSnippet() {}

  static CallOptions perCall() {
    // tag::per-call[]
    RetryPolicy<Object> once = RetryPolicy.builder().withMaxAttempts(1).build();
    CallOptions options = CallOptions.DEFAULT.withOption(RetryingClientInterceptor.CALL_POLICY, once);
    // with a generated stub: stub.withOption(RetryingClientInterceptor.CALL_POLICY, once).cancelOrder(request)
    // end::per-call[]
    return options;
  }
}
