package snippets.http;

// tag::example[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.strategy.Backoff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
// end::example[]

// The runnable example of docs/http.md, whole; HttpExampleTest runs it against a loopback server.
// tag::example[]
final class HttpExample {
  public static void main(String[] args) {
    HttpResponse<String> response = fetch(URI.create(args.length > 0 ? args[0] : "https://example.com/"));
    System.out.println(response.statusCode() + " " + response.body().length() + " chars");
  }

  static HttpResponse<String> fetch(URI uri) {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(200)).withCap(Duration.ofSeconds(5)).withFullJitter())
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(20))   // the deadline: the last attempt's timeout is cut to fit it
        .onEvent(LoggingRetryListener.create())   // "retry 1 after result (GET https://...) 503: waiting 143 ms"
        .build();
    RetryingHttpClient http = RetryingHttpClient.of(HttpClient.newHttpClient(), policy);

    HttpRequest request = HttpRequest.newBuilder(uri)
        .timeout(Duration.ofSeconds(5))           // per attempt
        .build();
    return http.send(request, BodyHandlers.ofString());
  }
}
// end::example[]
