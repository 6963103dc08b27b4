package snippets.okhttp;

// tag::interceptor[]
import io.github.backoff.okhttp.RetryInterceptor;
import okhttp3.OkHttpClient;
// end::interceptor[]
import io.github.backoff.RetryPolicy;
import okhttp3.Response;

/** README.md's OkHttp block; {@link ReadmeSnippetsTest} runs it against a loopback server. */
final class ReadmeSnippets {
  private ReadmeSnippets() {}

  static OkHttpClient interceptor(RetryPolicy<Response> policy) {
    // tag::interceptor[]
    OkHttpClient client = new OkHttpClient.Builder()
        .addInterceptor(RetryInterceptor.of(policy))   // policy: a RetryPolicy<Response>
        .build();
    // end::interceptor[]
    return client;
  }
}
