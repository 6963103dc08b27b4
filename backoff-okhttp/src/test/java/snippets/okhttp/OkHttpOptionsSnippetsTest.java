package snippets.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.okhttp.RetryInterceptor;
import java.time.Duration;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

class OkHttpOptionsSnippetsTest {
  @Test
  void client_hasTheInterceptorWithTheOptions() {
    OkHttpClient client = OkHttpOptionsSnippets.client();

    assertThat(client.interceptors()).singleElement().isInstanceOfSatisfying(RetryInterceptor.class, r -> {
      assertThat(r.retryableStatuses()).containsExactlyInAnyOrder(429, 503);
      assertThat(r.maxRetryAfter()).isEqualTo(Duration.ofSeconds(30));
    });
  }
}
