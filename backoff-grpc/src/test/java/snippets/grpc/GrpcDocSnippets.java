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
// tag::per-call[]
import io.grpc.CallOptions;
// end::per-call[]
// tag::builder[]
import io.grpc.Status;
import java.util.concurrent.ScheduledExecutorService;
// end::builder[]
// tag::service-config[]
import io.github.backoff.grpc.GrpcServiceConfig;
import io.github.backoff.preset.Preset;
// end::service-config[]

/** The code blocks of docs/grpc.md; {@code GrpcDocSnippetsTest} runs them against a real server. */
final class GrpcDocSnippets {
  private GrpcDocSnippets() {}

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

  static CallOptions perCall() {
    // tag::per-call[]
    RetryPolicy<Object> once = RetryPolicy.builder().withMaxAttempts(1).build();
    CallOptions options = CallOptions.DEFAULT.withOption(RetryingClientInterceptor.CALL_POLICY, once);
    // with a generated stub: stub.withOption(RetryingClientInterceptor.CALL_POLICY, once).cancelOrder(request)
    // end::per-call[]
    return options;
  }

  static RetryingClientInterceptor builder(RetryPolicy<Object> policy, ScheduledExecutorService scheduler) {
    // tag::builder[]
    RetryingClientInterceptor retrying = RetryingClientInterceptor.builder(policy)
        .withRetryableCodes(Status.Code.UNAVAILABLE, Status.Code.RESOURCE_EXHAUSTED, Status.Code.ABORTED)
        .withBufferLimit(256 * 1024)                            // requests above 256 KiB are sent once
        .withMaxServerDelay(Duration.ofSeconds(30))             // longer pushback or RetryInfo: give up
        .withScheduler(scheduler)                               // default: one shared daemon timer thread
        .build();
    // end::builder[]
    return retrying;
  }

  static ManagedChannel serviceConfig(String target) {
    // tag::service-config[]
    GrpcServiceConfig config = GrpcServiceConfig.builder()
        .withRetry("test.Faults", Preset.grpc().policyBuilder().build())       // 0.1 s, x2, 1 s, 4 attempts
        .withRetry("test.Faults/Stream", Preset.grpc(Duration.ofMillis(50), 1.5, Duration.ofSeconds(2), 5)
            .policyBuilder().build(), Status.Code.UNAVAILABLE)
        .withThrottling(100, 0.1)
        .build();

    ManagedChannel channel = ManagedChannelBuilder.forTarget(target).usePlaintext()
        .defaultServiceConfig(config.asMap())
        .enableRetry()
        .build();
    // end::service-config[]
    return channel;
  }
}
