package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RetriesTest {

  @Test
  void check_retryBelowOne_throwsNamingTheValue() {
    assertThatThrownBy(() -> Retries.check(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry must be >= 1: 0");
    assertThatThrownBy(() -> Retries.check(Integer.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry must be >= 1: -2147483648");
  }

  @Test
  void check_retryOneOrMore_passes() {
    assertThatCode(() -> {
      Retries.check(1);
      Retries.check(Integer.MAX_VALUE);
    }).doesNotThrowAnyException();
  }
}
