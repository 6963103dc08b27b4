package snippets.micrometer;

// tag::bind[]
import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.micrometer.BackoffMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
// end::bind[]
// tag::binder[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.micrometer.BackoffMetrics;
// end::binder[]

/**
 * The Micrometer code blocks of docs/observability.md (the OpenTelemetry ones are in backoff-opentelemetry's
 * {@code snippets.opentelemetry}); each method takes what the page's text names around its block.
 * {@link ObservabilityDocSnippetsTest} runs them.
 */
final class ObservabilityDocSnippets {
  /** The page's {@code inventory}: a service whose {@code fetch(sku)} may throw an {@link IOException}. */
  interface Inventory {
    String fetch(String sku) throws IOException;
  }

  private ObservabilityDocSnippets() {}

  /** What the first block makes: the registry and the answer. */
  record Bound(MeterRegistry registry, String stock) {}

  static Bound bind(Inventory inventory, String sku) {
    // tag::bind[]
    MeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);   // or Spring Boot's
    RetryPolicy<String> policy = BackoffMetrics.bind(registry, "inventory", RetryPolicy.<String>builder()
        .withMaxAttempts(3)
        .retryOn(IOException.class)
        .withBudget(RetryBudget.retryQuota(20, 5, 10))
        .build());
    String stock = Retrier.of(policy).call(() -> inventory.fetch(sku));
    // end::bind[]
    return new Bound(registry, stock);
  }

  static RetryPolicy<String> binder(RetryBudget budget, MeterRegistry registry) {
    // tag::binder[]
    BackoffMetrics metrics = BackoffMetrics.of("inventory").withBudget(budget);   // a MeterBinder bean
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBudget(budget).onEvent(metrics).build();
    metrics.bindTo(registry);                                                      // what the framework does
    // end::binder[]
    return policy;
  }
}
