package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HttpRetryResultTest {
  private static final HttpResponse<String> RESPONSE = new BufferedResponse<>(null, "body");

  @Test
  void new_badComponents_throwNamingThem() {
    assertThatThrownBy(() -> new HttpRetryResult<>(null, 1, Duration.ZERO, Optional.empty()))
        .isInstanceOf(NullPointerException.class).hasMessage("response");
    assertThatThrownBy(() -> new HttpRetryResult<>(RESPONSE, 1, null, Optional.empty()))
        .isInstanceOf(NullPointerException.class).hasMessage("elapsed");
    assertThatThrownBy(() -> new HttpRetryResult<>(RESPONSE, 1, Duration.ZERO, null))
        .isInstanceOf(NullPointerException.class).hasMessage("stopReason");
    assertThatThrownBy(() -> new HttpRetryResult<>(RESPONSE, 0, Duration.ZERO, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attempts must be >= 1: 0");
    assertThatThrownBy(() -> new HttpRetryResult<>(RESPONSE, 1, Duration.ofMillis(-1), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("elapsed must not be negative: PT-0.001S");
  }
}
