package snippets.okhttp;

// tag::retrofit[]
import okhttp3.ResponseBody;
import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.GET;
import retrofit2.http.Path;
// end::retrofit[]
// tag::virtual-time[]
import io.github.backoff.okhttp.RetryInterceptor;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.Randoms;
// end::virtual-time[]
import io.github.backoff.RetryPolicy;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Response;

/**
 * The code blocks of docs/okhttp.md besides the runnable example ({@link OkHttpExample}); each method takes what the
 * page's text names around its block. {@link OkHttpExampleTest} runs them.
 */
final class OkHttpDocSnippets {
  private OkHttpDocSnippets() {}

  // tag::retrofit[]
  interface Items {
    @GET("items/{id}")
    Call<ResponseBody> item(@Path("id") String id);
  }
  // end::retrofit[]

  static retrofit2.Response<ResponseBody> retrofit(OkHttpClient client) throws IOException {
    // tag::retrofit[]
    Items items = new Retrofit.Builder().baseUrl("https://api.example.com/").client(client).build()
        .create(Items.class);
    retrofit2.Response<ResponseBody> response = items.item("7").execute();   // retried like any OkHttp call
    // end::retrofit[]
    return response;
  }

  static RetryPolicy<Response> policy() {
    return RetryPolicy.<Response>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(3)
        .build();
  }

  static RetryInterceptor virtualTime(RetryPolicy<Response> policy) {
    // tag::virtual-time[]
    FakeClock clock = new FakeClock();
    RetryInterceptor retries = RetryInterceptor.builder(policy)
        .withTicker(clock::nanoTime).withSleeper(clock::sleep).withRandom(Randoms.seeded(42))
        .build();
    // end::virtual-time[]
    return retries;
  }
}
