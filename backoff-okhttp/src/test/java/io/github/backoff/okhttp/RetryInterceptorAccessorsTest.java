package io.github.backoff.okhttp;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import java.io.IOException;
import java.time.Duration;
import okhttp3.Response;
import org.junit.jupiter.api.Test;

/** The accessors no scenario reads: the options an interceptor was built with, and a stop's elapsed time. */
class RetryInterceptorAccessorsTest {
  @Test
  void options_areTheOnesBuiltWith() {
    HttpRetryOptions options = HttpRetryOptions.builder().withMaxRetryAfter(Duration.ofSeconds(7)).build();

    RetryInterceptor interceptor = RetryInterceptor.of(RetryPolicy.<Response>builder().build(), options);

    assertThat(interceptor.options()).usingRecursiveComparison().isEqualTo(options);
    assertThat(interceptor.options().maxRetryAfter()).isEqualTo(Duration.ofSeconds(7));
  }

  @Test
  void elapsed_isTheRetryExceptionsElapsed() {
    RetryException stop = new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 3, Duration.ofMillis(1500),
        new IOException("down"), null);

    RetryIOException e = new RetryIOException(stop);

    assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(1500));
    assertThat(e.attempts()).isEqualTo(3);
    assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
  }
}
