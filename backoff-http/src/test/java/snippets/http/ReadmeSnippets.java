package snippets.http;

// tag::async[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.strategy.Backoff;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
// end::async[]
// tag::http[]
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.util.concurrent.CompletableFuture;
// end::http[]
// tag::presets[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.preset.Preset;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.strategy.BackoffSchedule;
import io.github.backoff.strategy.BackoffSpec;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.SplittableRandom;
// end::presets[]
import java.net.http.HttpRequest;

/**
 * README.md's code blocks that use java.net.http (the core's are in backoff-core's {@code snippets.core}). Each
 * method takes what the README's text names around its block; {@link ReadmeSnippetsTest} runs them against a
 * loopback server.
 */
final class ReadmeSnippets {
  private ReadmeSnippets() {}

  static CompletableFuture<String> async(HttpClient httpClient, HttpRequest request, Duration base) {
    // tag::async[]
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(base, 2.0).withCap(Duration.ofSeconds(5)).withFullJitter())
        .withMaxAttempts(4)
        .throwOnRetryableResult()   // a 503 after the last attempt fails the future: it is no answer
        .build();
    RetryingHttpClient http = RetryingHttpClient.of(httpClient, policy);
    CompletableFuture<String> body = http.sendAsync(request, BodyHandlers.ofString())
        .thenApply(HttpResponse::body);
    // end::async[]
    return body;
  }

  /** What the README's HTTP block gets: the three ways to send. */
  record Sent(HttpResponse<String> response, CompletableFuture<HttpResponse<String>> later,
      HttpRetryOutcome<HttpResponse<String>> result) {}

  static Sent http(RetryPolicy<HttpResponse<?>> policy, HttpRequest request) {
    // tag::http[]
    RetryingHttpClient http = RetryingHttpClient.of(HttpClient.newHttpClient(), policy);
    HttpResponse<String> response = http.send(request, BodyHandlers.ofString());
    CompletableFuture<HttpResponse<String>> later = http.sendAsync(request, BodyHandlers.ofString());
    // and with the attempts made, the time taken and why retries stopped, if they stopped on this response:
    HttpRetryOutcome<HttpResponse<String>> outcome = http.sendWithOutcome(request, BodyHandlers.ofString());
    // end::http[]
    return new Sent(response, later, outcome);
  }

  /** What the README's presets block makes: a policy, a schedule and a strategy from configuration. */
  record Presets(Preset drive, RetryPolicy<HttpResponse<String>> policy, BackoffSchedule schedule,
      Backoff fromConfig) {}

  static Presets presets() {
    // tag::presets[]
    Preset drive = Preset.byName("google-drive");
    RetryPolicy<HttpResponse<String>> policy = drive.<HttpResponse<String>>policyBuilder()
        .retryIfResult(response -> drive.isRetryableStatus(response.statusCode()))
        .build();

    BackoffSchedule schedule = BackoffSchedule.of(drive.backoff(), 5, 1000, new SplittableRandom(7));
    schedule.rows().forEach(row -> System.out.println(row.retry() + ": median " + row.median()));

    Backoff fromConfig = BackoffSpec.of("full-jitter").withBase(Duration.ofMillis(100))
        .withCap(Duration.ofSeconds(20)).toBackoff();
    // end::presets[]
    return new Presets(drive, policy, schedule, fromConfig);
  }
}
