package snippets.httpclient5;

// tag::classic[]
import io.github.backoff.RetryPolicy;
// tag::options[]
// tag::stop[]
import io.github.backoff.httpclient5.BackoffHttpRequestRetryStrategy;
// end::stop[]
// end::options[]
import io.github.backoff.strategy.Backoff;
// tag::options[]
import java.time.Duration;
// end::options[]
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
// tag::stop[]
import org.apache.hc.core5.http.HttpResponse;
// end::stop[]
// end::classic[]
// tag::stop[]
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.protocol.HttpClientContext;
// end::stop[]
// tag::options[]
import io.github.backoff.httprules.HttpRetryDelays;
// end::options[]

/** docs/httpclient5.md's examples, compiled; {@code HttpClient5SnippetsTest} runs them against a real server. */
final class HttpClient5Snippets {
  private HttpClient5Snippets() {}

  static CloseableHttpClient[] clients() {
    // tag::classic[]
    RetryPolicy<HttpResponse> policy = RetryPolicy.<HttpResponse>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100)).withCap(Duration.ofSeconds(5)).withFullJitter())
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(30))
        .build();
    BackoffHttpRequestRetryStrategy retry = BackoffHttpRequestRetryStrategy.of(policy);

    CloseableHttpClient client = HttpClients.custom().setRetryStrategy(retry).build();
    CloseableHttpAsyncClient async = HttpAsyncClients.custom().setRetryStrategy(retry).build();
    // end::classic[]
    try {
      async.close();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return new CloseableHttpClient[] {client};
  }

  static BackoffHttpRequestRetryStrategy options(RetryPolicy<HttpResponse> policy) {
    // tag::options[]
    BackoffHttpRequestRetryStrategy retry = BackoffHttpRequestRetryStrategy.builder(policy)
        .withRetryableStatuses(429, 503)
        .withMaxRetryAfter(Duration.ofSeconds(20))
        .withRetryAfterMillisHeader(HttpRetryDelays.AMZ_RETRY_AFTER)
        .build();
    // end::options[]
    return retry;
  }

  static Optional<StopReason> stop(CloseableHttpClient client, URI uri) throws IOException {
    // tag::stop[]
    HttpClientContext context = HttpClientContext.create();
    int status = client.execute(new HttpGet(uri), context, response -> response.getCode());
    Optional<HttpRetryOutcome<HttpResponse>> outcome = BackoffHttpRequestRetryStrategy.outcomeOf(context);
    Optional<StopReason> stop = outcome.flatMap(HttpRetryOutcome::stopReason);
    stop.ifPresent(reason -> System.out.println(status + ": gave up after " + outcome.get().attempts()
        + " attempts: " + reason));
    // end::stop[]
    return stop;
  }
}
