package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A zero limit is rejected as a negative one is, naming the limit and its value; one nanosecond is accepted. */
class AttemptDeadlineValidationTest {
  @Test
  void timeoutNanos_zeroLimit_throwsIaeNamingIt() {
    assertThatThrownBy(() -> AttemptDeadline.timeoutNanos(0, 1, 1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("own must be positive: 0 ns");
    assertThatThrownBy(() -> AttemptDeadline.timeoutNanos(1, 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attemptTimeout must be positive: 0 ns");
    assertThatThrownBy(() -> AttemptDeadline.timeoutNanos(1, 1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxElapsed must be positive: 0 ns");
  }

  @Test
  void timeoutNanos_oneNanosecondLimits_areAccepted() {
    assertThat(AttemptDeadline.timeoutNanos(1, 1, Long.MAX_VALUE, 0)).isEqualTo(1);
  }
}
