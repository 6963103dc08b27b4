package snippets.http;

// tag::options[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryDelays;
import io.github.backoff.httprules.HttpRetryOptions;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
// end::options[]

/** The docs' block on {@code HttpRetryOptions} (docs/http.md); compiled, and run by {@code HttpRetryOptionsSnippetsTest}. */
final class HttpRetryOptionsSnippets {
  private HttpRetryOptionsSnippets() {}

  static RetryingHttpClient client() {
    // tag::options[]
    HttpRetryOptions options = HttpRetryOptions.builder()
        .withRetryableStatuses(403, 429, 500, 502, 503, 504)   // e.g. an API that rate-limits with 403
        .withMaxRetryAfter(Duration.ofSeconds(30))
        .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER)
        .build();
    RetryPolicy<HttpResponse<String>> policy = RetryPolicy.<HttpResponse<String>>builder()
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(20))
        .build();
    RetryingHttpClient http = RetryingHttpClient.of(HttpClient.newHttpClient(), policy, options);
    // end::options[]
    return http;
  }
}
