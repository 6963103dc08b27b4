package snippets.opentelemetry;

// tag::telemetry[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.opentelemetry.BackoffTelemetry;
// end::telemetry[]
// tag::http-tracing[]
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.opentelemetry.BackoffHttpTracing;
import java.net.http.HttpClient;
// end::http-tracing[]
import io.opentelemetry.api.OpenTelemetry;
import java.net.http.HttpResponse;

/**
 * The OpenTelemetry code blocks of docs/observability.md; each method takes what the page's text names around its
 * block. {@link ObservabilityDocSnippetsTest} runs them against the OpenTelemetry SDK.
 */
final class ObservabilityDocSnippets {
  private ObservabilityDocSnippets() {}

  static RetryPolicy<String> telemetry(OpenTelemetry openTelemetry) {
    // tag::telemetry[]
    BackoffTelemetry telemetry = BackoffTelemetry.create(openTelemetry);
    RetryPolicy<String> policy = telemetry.instrument("inventory", RetryPolicy.<String>builder()
        .withMaxAttempts(3)
        .withBudget(RetryBudget.retryQuota())
        .build());   // adds telemetry.metrics("inventory", budget) and telemetry.tracing()
    // end::telemetry[]
    return policy;
  }

  static RetryingHttpClient httpTracing(OpenTelemetry openTelemetry, RetryPolicy<HttpResponse<?>> policy) {
    // tag::http-tracing[]
    RetryingHttpClient http = RetryingHttpClient.builder(HttpClient.newHttpClient(), policy)
        .withAttemptObserver(BackoffHttpTracing.create(openTelemetry))
        .build();
    // end::http-tracing[]
    return http;
  }
}
