package snippets.okhttp;

// tag::options[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.okhttp.RetryInterceptor;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Response;
// end::options[]

/** The docs' block on {@code HttpRetryOptions} (docs/okhttp.md); compiled, and run by {@code OkHttpOptionsSnippetsTest}. */
final class OkHttpOptionsSnippets {
  private OkHttpOptionsSnippets() {}

  static OkHttpClient client() {
    // tag::options[]
    HttpRetryOptions options = HttpRetryOptions.builder()   // the same options type as backoff-http's
        .withRetryableStatuses(429, 503)
        .withMaxRetryAfter(Duration.ofSeconds(30))
        .build();
    RetryPolicy<Response> policy = RetryPolicy.<Response>builder()
        .retryIfResult(r -> r.code() == 409)   // the policy's own result condition adds to the statuses
        .withMaxAttempts(4)
        .build();
    OkHttpClient client = new OkHttpClient.Builder()
        .addInterceptor(RetryInterceptor.of(policy, options))
        .build();
    // end::options[]
    return client;
  }
}
