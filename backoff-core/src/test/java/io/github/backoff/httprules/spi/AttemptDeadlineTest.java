package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AttemptDeadlineTest {
  private static final Optional<Duration> NONE = Optional.empty();

  private static Optional<Duration> s(long seconds) {
    return Optional.of(Duration.ofSeconds(seconds));
  }

  @Test
  void timeout_noLimits_isEmpty() {
    assertThat(AttemptDeadline.timeout(NONE, NONE, NONE, Duration.ofHours(1))).isEmpty();
  }

  @Test
  void timeout_shortestOfOwnAttemptTimeoutAndTimeLeft() {
    assertThat(AttemptDeadline.timeout(s(10), NONE, NONE, Duration.ZERO)).isEqualTo(s(10));
    assertThat(AttemptDeadline.timeout(s(10), s(4), NONE, Duration.ZERO)).isEqualTo(s(4));
    assertThat(AttemptDeadline.timeout(s(10), s(4), s(30), Duration.ofSeconds(27))).isEqualTo(s(3));
    assertThat(AttemptDeadline.timeout(NONE, NONE, s(30), Duration.ofSeconds(5))).isEqualTo(s(25));
  }

  @Test
  void timeout_deadlineReachedOrPassed_isOneMillisecond() {
    assertThat(AttemptDeadline.timeout(s(10), NONE, s(30), Duration.ofSeconds(30))).contains(Duration.ofMillis(1));
    assertThat(AttemptDeadline.timeout(NONE, NONE, s(30), Duration.ofDays(365_000_000L)))
        .contains(Duration.ofMillis(1));
  }

  @Test
  void timeout_negativeElapsed_countsAsZero() {
    assertThat(AttemptDeadline.timeout(NONE, NONE, s(30), Duration.ofSeconds(-5))).isEqualTo(s(30));
  }

  @Test
  void timeoutNanos_maxValueMeansNoLimit() {
    assertThat(AttemptDeadline.timeoutNanos(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(AttemptDeadline.timeoutNanos(Long.MAX_VALUE, Long.MAX_VALUE, 2_000_000_000L, Long.MIN_VALUE))
        .isEqualTo(2_000_000_000L);
  }

  @Test
  void invalidLimits_failNamingTheParameter() {
    assertThatThrownBy(() -> AttemptDeadline.timeout(Optional.of(Duration.ZERO), NONE, NONE, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("own must be positive: PT0S");
    assertThatThrownBy(() -> AttemptDeadline.timeoutNanos(1, -2, 1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("attemptTimeout must be positive: -2 ns");
    assertThatThrownBy(() -> AttemptDeadline.timeoutNanos(1, 1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxElapsed must be positive: 0 ns");
    assertThatThrownBy(() -> AttemptDeadline.timeout(NONE, NONE, NONE, null))
        .isInstanceOf(NullPointerException.class).hasMessage("elapsed");
  }
}
