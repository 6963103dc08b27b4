package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A retry context refuses an attempt below 1 and negative durations, naming them; result and failure may be null. */
class RetryContextValidationTest {
  @Test
  void new_nullResultAndFailure_areAllowed() {
    RetryContext<String> context = new RetryContext<>(null, null, 1, Duration.ZERO, Duration.ZERO, Duration.ZERO,
        "default", Optional.empty());

    assertThat(context.result()).isNull();
    assertThat(context.failure()).isNull();
  }

  @Test
  void new_nullKind_throwsNpe() {
    assertThatThrownBy(() -> new RetryContext<>("r", null, 1, Duration.ZERO, Duration.ZERO, Duration.ZERO, null,
        Optional.empty())).isInstanceOf(NullPointerException.class).hasMessage("kind");
  }

  @Test
  void new_attemptZero_throwsIae() {
    assertThatThrownBy(() -> new RetryContext<>("r", null, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO, "default",
        Optional.empty())).isInstanceOf(IllegalArgumentException.class).hasMessage("attempt must be >= 1: 0");
  }

  @Test
  void new_negativeDuration_throwsIae() {
    assertThatThrownBy(() -> new RetryContext<>("r", null, 1, Duration.ZERO, Duration.ofNanos(-1), Duration.ZERO, "default",
        Optional.empty())).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("durations must not be negative");
    assertThatThrownBy(() -> new RetryContext<>("r", null, 1, Duration.ZERO, Duration.ZERO, Duration.ZERO, "default",
        Optional.of(Duration.ofNanos(-1)))).isInstanceOf(IllegalArgumentException.class);
  }
}
