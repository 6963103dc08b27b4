package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A retry context refuses an attempt below 1 and negative durations, naming them. */
class RetryContextValidationTest {
  @Test
  void new_attemptZero_throwsIae() {
    assertThatThrownBy(() -> new RetryContext(0, Duration.ZERO, Duration.ZERO, Duration.ZERO, "default",
        Optional.empty())).isInstanceOf(IllegalArgumentException.class).hasMessage("attempt must be >= 1: 0");
  }

  @Test
  void new_negativeDuration_throwsIae() {
    assertThatThrownBy(() -> new RetryContext(1, Duration.ZERO, Duration.ofNanos(-1), Duration.ZERO, "default",
        Optional.empty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("durations must not be negative");
    assertThatThrownBy(() -> new RetryContext(1, Duration.ZERO, Duration.ZERO, Duration.ZERO, "default",
        Optional.of(Duration.ofNanos(-1)))).isInstanceOf(IllegalArgumentException.class);
  }
}
