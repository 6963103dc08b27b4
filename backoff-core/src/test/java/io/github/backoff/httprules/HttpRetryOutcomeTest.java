package io.github.backoff.httprules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.StopReason;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HttpRetryOutcomeTest {

  @Test
  void of_values_givesThemBack() {
    HttpRetryOutcome<String> outcome = HttpRetryOutcome.of("503 busy", 3, Duration.ofSeconds(2),
        Optional.of(StopReason.ATTEMPTS_EXHAUSTED));

    assertThat(outcome.response()).isEqualTo("503 busy");
    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(outcome.elapsed()).isEqualTo(Duration.ofSeconds(2));
    assertThat(outcome.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
  }

  @Test
  void of_equalValues_areEqual() {
    assertThat(HttpRetryOutcome.of("ok", 1, Duration.ZERO, Optional.empty()))
        .isEqualTo(HttpRetryOutcome.of("ok", 1, Duration.ZERO, Optional.empty()))
        .hasSameHashCodeAs(HttpRetryOutcome.of("ok", 1, Duration.ZERO, Optional.empty()))
        .isNotEqualTo(HttpRetryOutcome.of("ok", 2, Duration.ZERO, Optional.empty()));
  }

  @Test
  void of_badComponents_throwNamingThem() {
    assertThatThrownBy(() -> HttpRetryOutcome.of(null, 1, Duration.ZERO, Optional.empty()))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("response");
    assertThatThrownBy(() -> HttpRetryOutcome.of("r", 1, null, Optional.empty()))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("elapsed");
    assertThatThrownBy(() -> HttpRetryOutcome.of("r", 1, Duration.ZERO, null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("stopReason");
    assertThatThrownBy(() -> HttpRetryOutcome.of("r", 0, Duration.ZERO, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attempts must be >= 1: 0");
    assertThatThrownBy(() -> HttpRetryOutcome.of("r", 1, Duration.ofMillis(-1), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("elapsed must not be negative: PT-0.001S");
  }
}
