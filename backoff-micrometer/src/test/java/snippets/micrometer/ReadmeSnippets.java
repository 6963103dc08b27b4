package snippets.micrometer;

// tag::bind[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.micrometer.BackoffMetrics;
// end::bind[]
import io.micrometer.core.instrument.MeterRegistry;

/** README.md's Micrometer block; {@link ObservabilityDocSnippetsTest} runs it. */
final class ReadmeSnippets {
  private ReadmeSnippets() {}

  static RetryPolicy<String> bind(MeterRegistry meterRegistry) {
    // tag::bind[]
    RetryPolicy<String> policy = BackoffMetrics.bind(meterRegistry, "inventory", RetryPolicy.<String>builder().build());
    // end::bind[]
    return policy;
  }
}
