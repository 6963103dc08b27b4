package snippets.okhttp;

// tag::example[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.event.LoggingRetryListener;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.okhttp.RetryIOException;
import io.github.backoff.okhttp.RetryInterceptor;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
// end::example[]

// The runnable example of docs/okhttp.md, whole; OkHttpExampleTest runs it against a loopback server.
// tag::example[]
final class OkHttpExample {
  public static void main(String[] args) throws IOException {
    OkHttpClient client = client();
    Request request = new Request.Builder().url(args.length > 0 ? args[0] : "https://example.com/").build();
    try (Response response = client.newCall(request).execute()) {
      System.out.println(response.code() + " " + response.body().string().length() + " chars"
          + RetryInterceptor.outcomeOf(response).flatMap(HttpRetryOutcome::stopReason)
              .map(reason -> " (retries stopped: " + reason + ")").orElse(""));
    } catch (RetryIOException e) {
      System.out.println("gave up: " + e.reason() + " after " + e.attempts() + " attempts: " + e.getMessage());
    }
  }

  static OkHttpClient client() {
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(200)).withCap(Duration.ofSeconds(5)).withFullJitter())
        .withMaxAttempts(4)
        .withMaxElapsed(Duration.ofSeconds(20))   // the deadline: each attempt's timeouts are cut to fit it
        .onEvent(LoggingRetryListener.create())   // "retry 1 after result Response{... code=503 ...}: waiting 143 ms"
        .build();
    return new OkHttpClient.Builder()
        .addInterceptor(RetryInterceptor.of(policy))
        .readTimeout(5, TimeUnit.SECONDS)         // per read, cut to the time left near the deadline
        .callTimeout(30, TimeUnit.SECONDS)        // a hard bound on the whole call, waits included
        .build();
  }
}
// end::example[]
