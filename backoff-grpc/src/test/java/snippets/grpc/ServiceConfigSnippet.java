package snippets.grpc;

// tag::service-config[]
import io.github.backoff.grpc.GrpcServiceConfig;
import io.github.backoff.preset.Preset;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import java.time.Duration;
// end::service-config[]

/** A code block of docs/grpc.md; {@code GrpcDocSnippetsTest} runs it against a real server. */
final class ServiceConfigSnippet {
  private ServiceConfigSnippet() {}

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
