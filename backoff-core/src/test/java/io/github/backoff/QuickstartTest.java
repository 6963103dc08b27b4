package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Holds the README's quickstart, so that it keeps compiling and doing what the README says. */
class QuickstartTest {
  private final AtomicInteger calls = new AtomicInteger();

  private String fetch(String url) throws IOException {
    if (calls.incrementAndGet() < 2) {
      throw new IOException("connection reset");
    }
    return "hello from " + url;
  }

  @Test
  void readmeQuickstart_compilesAndRetries() {
    String url = "https://example.com";
    // --- README quickstart (keep in sync with README.md) ---
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(100), 2.0)
            .withCap(Duration.ofSeconds(5))
            .withFullJitter())
        .withMaxAttempts(5)
        .withMaxElapsed(Duration.ofSeconds(30))
        .retryOn(IOException.class)
        .build();
    String body = Retrier.of(policy).call(() -> fetch(url));
    // --- end of quickstart ---

    assertThat(body).isEqualTo("hello from https://example.com");
    assertThat(calls).hasValue(2);
  }
}
