package snippets.http;

// tag::openai[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.http.RetryingHttpClient;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
// tag::rules[]
import java.time.Duration;
// end::openai[]
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.RateLimitRules;
import java.util.List;
// end::rules[]

/** The code blocks of docs/llm.md; {@link LlmDocSnippetsTest} runs them against a loopback FaultServer. */
final class LlmDocSnippets {
  private LlmDocSnippets() {}

  /** What the page's caller does with a chat completion's outcome: the body, or why there is none. */
  static String complete(URI endpoint, String apiKey, String json) {
    // tag::openai[]
    RetryPolicy<HttpResponse<?>> policy = RetryPolicy.<HttpResponse<?>>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(500)).withCap(Duration.ofSeconds(20)).withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofMinutes(2))   // a reset that cannot fit stops at once: TIME_BUDGET_EXHAUSTED
        .build();
    RetryingHttpClient http = RetryingHttpClient.builder(HttpClient.newHttpClient(), policy)
        .retryAllMethods()                       // POST /v1/chat/completions: safe for this API to repeat
        .withMaxRetryAfter(Duration.ofSeconds(90)) // the ceiling on any wait a server names (default 1 min)
        .build();

    HttpRequest request = HttpRequest.newBuilder(endpoint)
        .header("Authorization", "Bearer " + apiKey)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json))
        .build();
    HttpRetryOutcome<HttpResponse<String>> outcome = http.sendWithOutcome(request, BodyHandlers.ofString());
    if (outcome.stopReason().orElse(null) == StopReason.QUOTA_EXHAUSTED) {
      return "out of quota: top up the account, retrying will not help";   // a 429 insufficient_quota
    }
    return outcome.response().body();
    // end::openai[]
  }

  static HttpRetryOptions rules() {
    // tag::rules[]
    RateLimitRules rules = RateLimitRules.defaults()
        .with(new RateLimitRules.Family("acme", List.of(        // an API of your own, tried after the known ones
            new RateLimitRules.Reset("acme-quota-reset", "acme-quota-remaining", RateLimitRules.Format.SECONDS))))
        .withQuotaMarkers("plan_limit_exceeded")               // a 429 whose body says this is out of quota
        .withQuotaResetAtLeast(Duration.ofMinutes(30));         // so is one naming a reset 30 min or more away
    HttpRetryOptions options = HttpRetryOptions.builder()
        .withRateLimitRules(rules)
        .withMaxRetryAfter(Duration.ofMinutes(2))
        .build();
    // end::rules[]
    return options;
  }
}
