package snippets.http;

// tag::http[]
import io.github.backoff.Ticker;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.hedge.HedgePolicy;
import io.github.backoff.http.HedgingHttpClient;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::http[]
import java.net.http.HttpRequest;

/** The HTTP code block of docs/hedging.md; {@link HedgingDocSnippetsTest} runs it against a loopback server. */
final class HedgingDocSnippets {
  private HedgingDocSnippets() {}

  static CompletableFuture<HttpResponse<String>> http(HttpRequest request) {
    // tag::http[]
    HedgePolicy<HttpResponse<?>> policy = HedgePolicy.<HttpResponse<?>>builder()
        .withPercentileDelay(95.0, Duration.ofMillis(50))
        .withBudget(RetryBudget.ratio(0.05, Duration.ofSeconds(10), 1, Ticker.SYSTEM))
        .build();
    HedgingHttpClient http = HedgingHttpClient.of(HttpClient.newHttpClient(), policy);
    CompletableFuture<HttpResponse<String>> response = http.sendAsync(request, BodyHandlers.ofString());
    // end::http[]
    return response;
  }
}
