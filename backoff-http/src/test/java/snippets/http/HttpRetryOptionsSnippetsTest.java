package snippets.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.http.RetryingHttpClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HttpRetryOptionsSnippetsTest {
  @Test
  void client_hasTheOptions() {
    RetryingHttpClient http = HttpRetryOptionsSnippets.client();

    assertThat(http.retryableStatuses()).containsExactlyInAnyOrder(403, 429, 500, 502, 503, 504);
    assertThat(http.maxRetryAfter()).isEqualTo(Duration.ofSeconds(30));
    assertThat(http.retryAfterMillisHeader()).contains("x-amz-retry-after");
  }
}
