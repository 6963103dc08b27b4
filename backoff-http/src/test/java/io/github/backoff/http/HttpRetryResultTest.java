package io.github.backoff.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOutcome;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deprecated {@link HttpRetryResult} keeps working for a release, as an {@link HttpRetryOutcome}. */
@SuppressWarnings("removal")
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

  @Test
  void accessors_asAnHttpRetryOutcome_giveTheSameFacts() {
    HttpRetryOutcome<HttpResponse<String>> outcome = new HttpRetryResult<>(RESPONSE, 3, Duration.ofSeconds(2),
        Optional.of(StopReason.ATTEMPTS_EXHAUSTED));

    assertThat(outcome.response()).isSameAs(RESPONSE);
    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(outcome.elapsed()).isEqualTo(Duration.ofSeconds(2));
    assertThat(outcome.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
  }
}
