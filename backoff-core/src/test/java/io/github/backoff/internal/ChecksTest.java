package io.github.backoff.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChecksTest {

  @Test
  void requireNonNull_null_throwsNpeNamingTheParameter() {
    assertThatThrownBy(() -> Checks.requireNonNull(null, "listener")).isInstanceOf(NullPointerException.class)
        .hasMessage("listener");
    assertThat(Checks.requireNonNull("x", "listener")).isEqualTo("x");
  }

  @Test
  void requireArgument_false_throwsIaeWithTheFormattedMessage() {
    assertThatThrownBy(() -> Checks.requireArgument(false, "maxDelay must be >= base: %s < %s", "1 ms", "2 ms"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxDelay must be >= base: 1 ms < 2 ms");
    assertThatCode(() -> Checks.requireArgument(true, "unused %s")).doesNotThrowAnyException();
  }

  @Test
  void requireParameter_false_throwsInvalidParameterExceptionCarryingTheNameAndValue() {
    assertThatThrownBy(() -> Checks.requireParameter(false, "maxTokens", 5000, "maxTokens must be in [1, 1000]: %s",
        5000)).isInstanceOfSatisfying(InvalidParameterException.class, e -> {
          assertThat(e).hasMessage("maxTokens must be in [1, 1000]: 5000");
          assertThat(e.parameter()).isEqualTo("maxTokens");
          assertThat(e.value()).isEqualTo(5000);
        });
    assertThatCode(() -> Checks.requireParameter(true, "x", 1, "unused %s")).doesNotThrowAnyException();
  }

  @Test
  void atLeastAndNanos_badValues_carryTheParameterAndTheValue() {
    assertThatThrownBy(() -> Checks.atLeast(0, 1, "maxAttempts")).isInstanceOfSatisfying(
        InvalidParameterException.class, e -> {
          assertThat(e).hasMessage("maxAttempts must be >= 1: 0");
          assertThat(e.parameter()).isEqualTo("maxAttempts");
          assertThat(e.value()).isEqualTo(0);
        });
    assertThatThrownBy(() -> Checks.positiveNanos(Duration.ZERO, "maxElapsed")).isInstanceOfSatisfying(
        InvalidParameterException.class, e -> assertThat(e.parameter()).isEqualTo("maxElapsed"));
    assertThatThrownBy(() -> Checks.nonNegativeNanos(Duration.ofMillis(-1), "base")).isInstanceOfSatisfying(
        InvalidParameterException.class, e -> assertThat(e.value()).isEqualTo(Duration.ofMillis(-1)));
  }

  @Test
  void requireState_false_throwsIseWithTheFormattedMessage() {
    assertThatThrownBy(() -> Checks.requireState(false, "%s was already set", "sleeper"))
        .isInstanceOf(IllegalStateException.class).hasMessage("sleeper was already set");
    assertThatCode(() -> Checks.requireState(true, "unused")).doesNotThrowAnyException();
  }

  @Test
  void nonNegativeNanos_validDurations_returnSaturatedNanos() {
    assertThat(Checks.nonNegativeNanos(Duration.ZERO, "delay")).isZero();
    assertThat(Checks.nonNegativeNanos(Duration.ofMillis(3), "delay")).isEqualTo(3_000_000L);
    assertThat(Checks.nonNegativeNanos(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999), "delay"))
        .isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void nonNegativeNanos_invalid_throwsNamingParameterAndValue() {
    assertThatThrownBy(() -> Checks.nonNegativeNanos(Duration.ofNanos(-1), "delay"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("delay must not be negative: -1 ns");
    assertThatThrownBy(() -> Checks.nonNegativeNanos(Duration.ofSeconds(Long.MIN_VALUE), "delay"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("delay must not be negative: -forever");
    assertThatThrownBy(() -> Checks.nonNegativeNanos(null, "delay"))
        .isInstanceOf(NullPointerException.class).hasMessage("delay");
  }

  @Test
  void positiveNanos_invalid_throwsNamingParameterAndValue() {
    assertThat(Checks.positiveNanos(Duration.ofNanos(1), "quantum")).isEqualTo(1);
    assertThatThrownBy(() -> Checks.positiveNanos(Duration.ZERO, "quantum"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("quantum must be positive: 0 ms");
    assertThatThrownBy(() -> Checks.positiveNanos(Duration.ofSeconds(-2), "quantum"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("quantum must be positive: -2 s");
    assertThatThrownBy(() -> Checks.positiveNanos(null, "quantum"))
        .isInstanceOf(NullPointerException.class).hasMessage("quantum");
  }

  @Test
  void atLeast_belowMin_throwsNamingParameterMinAndValue() {
    assertThat(Checks.atLeast(3, 1, "maxAttempts")).isEqualTo(3);
    assertThat(Checks.atLeast(1, 1, "maxAttempts")).isEqualTo(1);
    assertThatThrownBy(() -> Checks.atLeast(0, 1, "maxAttempts"))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAttempts must be >= 1: 0");
  }
}
