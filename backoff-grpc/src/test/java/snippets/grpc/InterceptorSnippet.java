package snippets.grpc;

// tag::interceptor[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.grpc.RetryingClientInterceptor;
import io.github.backoff.strategy.Backoff;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.time.Duration;
// end::interceptor[]

/** A code block of docs/grpc.md; {@code GrpcDocSnippetsTest} runs it against a real server. */
final class InterceptorSnippet {
  private InterceptorSnippet() {}

  static ManagedChannel interceptor(String target) {
    // tag::interceptor[]
    RetryPolicy<Object> policy = RetryPolicy.builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0)
            .withCap(Duration.ofSeconds(1))
            .withFullJitter())
        .withMaxAttempts(4)
        .withBudget(RetryBudget.tokenBucket(100, 0.1))          // one per downstream service
        .onEvent(LoggingRetryListener.create())
        .build();
    RetryingClientInterceptor retrying = RetryingClientInterceptor.of(policy);

    ManagedChannel channel = retrying.applyTo(ManagedChannelBuilder.forTarget(target).usePlaintext())
        .build();                                               // disableRetry() + intercept(retrying)
    // end::interceptor[]
    return channel;
  }
}
