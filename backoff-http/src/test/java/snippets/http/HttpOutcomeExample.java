package snippets.http;

// tag::outcome[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
// end::outcome[]

/** The outcome example of docs/http.md; HttpExampleTest runs it against a loopback server. */
final class HttpOutcomeExample {
  public static void main(String[] args) {
    System.out.println(fetch(URI.create(args.length > 0 ? args[0] : "https://example.com/")));
  }

  // tag::outcome[]
  static String fetch(URI uri) {
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withMaxAttempts(3)
        .withMaxElapsed(Duration.ofSeconds(10))   // covers each attempt's whole exchange, body included
        .build();
    RetryingHttpClient http = RetryingHttpClient.builder(HttpClient.newHttpClient(), policy)
        .withRetryAfterMillisHeader("x-amz-retry-after")   // AWS's hint: at most 5 s above the backoff
        .build();                                          // and a retry budget of its own, by default

    HttpRetryOutcome<HttpResponse<String>> result = http.sendWithOutcome(HttpRequest.newBuilder(uri).build(),
        BodyHandlers.ofString());
    if (result.stopReason().isPresent()) {   // retries stopped on this response: why, after how long
      return "gave up on " + result.response().statusCode() + " after " + result.attempts() + " attempts in "
          + result.elapsed().toMillis() + " ms: " + result.stopReason().get();
    }
    return result.response().statusCode() + " after " + result.attempts() + " attempt(s): "
        + result.response().body();
  }
  // end::outcome[]
}
