package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class RetryAfterHintTest {
  private static final long S = 1_000_000_000L;
  private static final RandomGenerator NO_DRAWS = () -> {
    throw new AssertionError("drew a number");
  };

  /** A generator whose {@code nextDouble()} is {@code u}. */
  private static RandomGenerator fixed(double u) {
    return new RandomGenerator() {
      @Override
      public long nextLong() {
        throw new AssertionError("only nextDouble expected");
      }

      @Override
      public double nextDouble() {
        return u;
      }
    };
  }

  @Test
  void parse_forms_giveTheirKindAndDuration() {
    assertThat(RetryAfterHint.parse("0")).isSameAs(RetryAfterHint.NONE);
    assertThat(RetryAfterHint.parse("0s")).isSameAs(RetryAfterHint.NONE);
    RetryAfterHint second = RetryAfterHint.parse("1s");
    assertThat(second.isMillis()).isFalse();
    assertThat(second.duration()).isEqualTo(Duration.ofSeconds(1));
    assertThat(second).hasToString("1s");
    assertThat(RetryAfterHint.parse(" 500MS ")).hasToString("500ms");
    RetryAfterHint millis = RetryAfterHint.parse("millis:250ms");
    assertThat(millis.isMillis()).isTrue();
    assertThat(millis.nanos()).isEqualTo(250_000_000L);
    assertThat(millis).hasToString("millis:250ms").isEqualTo(RetryAfterHint.parse("millis:0.25s"));
  }

  @Test
  void parse_badText_failsNamingTheOption() {
    assertThatThrownBy(() -> RetryAfterHint.parse("1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: \"1\" has no unit: write 1ms, 1s, 1m30s or PT1S (or millis:DURATION): '1'");
    assertThatThrownBy(() -> RetryAfterHint.parse("-1s")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("retry-after: \"-1s\" is negative");
    assertThatThrownBy(() -> RetryAfterHint.parse("2h")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: must be in [0, 1 h]: '2h'");
    assertThatThrownBy(() -> RetryAfterHint.parse("3601s")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: must be in [0, 1 h]: '3601s'");
    assertThatThrownBy(() -> RetryAfterHint.parse("millis:1.5ms")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: a millisecond hint is whole milliseconds: PT0.0015S");
  }

  @Test
  void waitNanos_none_isTheStrategysDelayAndDrawsNothing() {
    assertThat(RetryAfterHint.NONE.waitNanos(123, 2 * S, NO_DRAWS)).isEqualTo(123);
  }

  @Test
  void waitNanos_retryAfter_isTheHintPlusTheCoresSpread() {
    RetryAfterHint hint = RetryAfterHint.parse("1s");
    // Never below the hint, whatever the strategy drew.
    assertThat(hint.waitNanos(5, 2 * S, fixed(0))).isEqualTo(S);
    // The spread's bound is max(hint / 2, the strategy's maximum): here 2 s.
    assertThat(hint.waitNanos(5, 2 * S, fixed(0.5))).isEqualTo(2 * S);
    assertThat(hint.waitNanos(5, S / 10, fixed(0.5))).isEqualTo(S + S / 4);
  }

  @Test
  void waitNanos_retryAfterAboveAMinute_givesUpAsTheCoreDoes() {
    assertThat(RetryAfterHint.parse("61s").waitNanos(5, S, fixed(0))).isEqualTo(RetryAfterHint.TOO_LONG);
    // At the maximum, the spread is cut to the maximum, as RetryingHttpClient's.
    assertThat(RetryAfterHint.parse("60s").waitNanos(5, S, fixed(0.9))).isEqualTo(60 * S);
  }

  @Test
  void waitNanos_millisHint_isClampedToTheStrategysDelayPlusFiveSeconds() {
    RetryAfterHint millis = RetryAfterHint.parse("millis:500ms");
    assertThat(millis.waitNanos(S, 2 * S, NO_DRAWS)).isEqualTo(S); // never shortens the computed delay
    assertThat(millis.waitNanos(S / 10, 2 * S, NO_DRAWS)).isEqualTo(S / 2);
    assertThat(RetryAfterHint.parse("millis:30s").waitNanos(S, 2 * S, NO_DRAWS)).isEqualTo(6 * S);
  }

  @Test
  void scaled_keepsTheKindAndRounds() {
    assertThat(RetryAfterHint.parse("1s").scaled(0.5)).hasToString("500ms");
    assertThat(RetryAfterHint.parse("millis:3ms").scaled(0.5)).hasToString("millis:2ms");
    assertThat(RetryAfterHint.NONE.scaled(0.1)).isSameAs(RetryAfterHint.NONE);
    assertThatThrownBy(() -> RetryAfterHint.NONE.scaled(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: the scale factor must be > 0 and finite: 0.0");
  }
}
