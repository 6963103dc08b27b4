package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.InvalidParameterException;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurableScheduleBuilderTest {
  private static final Backoff ONE_SECOND = Backoff.constant(Duration.ofSeconds(1));

  @Test
  void build_withoutBackoff_fails() {
    assertThatThrownBy(() -> DurableSchedule.builder().build()).isInstanceOf(IllegalStateException.class)
        .hasMessage("withBackoff is required: the strategy of the default kind");
  }

  @Test
  void options_setTwice_failNamingTheOption() {
    assertThatThrownBy(() -> DurableSchedule.builder().withBackoff(ONE_SECOND).withBackoff(ONE_SECOND))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("withBackoff is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().withMaxAttempts(3).withMaxAttempts(4))
        .hasMessage("withMaxAttempts is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().withMaxTotal(Duration.ofDays(1))
        .withMaxTotal(Duration.ofDays(3)))
        .hasMessage("withMaxTotal is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().withMaxDelay(Duration.ofHours(1))
        .withMaxDelay(Duration.ofHours(2)))
        .hasMessage("withMaxDelay is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().withHintMaxAbove(Duration.ZERO)
        .withHintMaxAbove(Duration.ZERO))
        .hasMessage("withHintMaxAbove is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().ignoringHints().ignoringHints())
        .hasMessage("ignoringHints is already set: each option of a durable schedule is set once");
    assertThatThrownBy(() -> DurableSchedule.builder().withBackoffFor("throttling", ONE_SECOND)
        .withBackoffFor("throttling", ONE_SECOND))
        .hasMessage("withBackoffFor(throttling) is already set: each option of a durable schedule is set once");
  }

  @Test
  void hints_ignoredAndBounded_conflict() {
    assertThatThrownBy(() -> DurableSchedule.builder().ignoringHints().withHintMaxAbove(Duration.ZERO))
        .isInstanceOf(IllegalStateException.class).hasMessage("withHintMaxAbove conflicts with ignoringHints");
    assertThatThrownBy(() -> DurableSchedule.builder().withHintMaxAbove(Duration.ZERO).ignoringHints())
        .isInstanceOf(IllegalStateException.class).hasMessage("ignoringHints conflicts with withHintMaxAbove");
  }

  @Test
  void badValues_failNamingParameterAndValue() {
    assertThat(invalid(() -> DurableSchedule.builder().withMaxAttempts(0)))
        .hasMessage("maxAttempts must be >= 1: 0").extracting("parameter").isEqualTo("maxAttempts");
    assertThat(invalid(() -> DurableSchedule.builder().withMaxTotal(Duration.ZERO)))
        .hasMessage("maxTotal must be positive: 0 ms").extracting("parameter").isEqualTo("maxTotal");
    assertThat(invalid(() -> DurableSchedule.builder().withMaxDelay(Duration.ofSeconds(-1))))
        .hasMessage("maxDelay must not be negative: -1 s").extracting("parameter").isEqualTo("maxDelay");
    assertThat(invalid(() -> DurableSchedule.builder().withHintMaxAbove(Duration.ofSeconds(-1))))
        .hasMessage("maxAboveComputed must not be negative: -1 s");
    assertThat(invalid(() -> DurableSchedule.builder().withBackoffFor("default", ONE_SECOND)))
        .hasMessage("kind must not be blank or 'default': 'default'").extracting("parameter").isEqualTo("kind");
    assertThat(invalid(() -> DurableSchedule.builder().withBackoffFor(" ", ONE_SECOND)))
        .hasMessage("kind must not be blank or 'default': ' '");
    assertThatThrownBy(() -> DurableSchedule.builder().withBackoff(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("backoff");
  }

  @Test
  void build_copies_laterSettersDoNotChangeABuiltSchedule() {
    DurableScheduleBuilder builder = DurableSchedule.builder().withBackoff(ONE_SECOND);
    DurableSchedule first = builder.build();
    builder.withMaxAttempts(2);

    assertThat(first.maxAttempts()).isEqualTo(Integer.MAX_VALUE);
    assertThat(builder.build().maxAttempts()).isEqualTo(2);
  }

  @Test
  void failure_badValues_fail() {
    java.time.Instant t = java.time.Instant.EPOCH;
    assertThat(invalid(() -> DurableFailure.of("k", 0, t, t))).hasMessage("attempt must be >= 1: 0");
    assertThat(invalid(() -> DurableFailure.of("k", 1, t, t).withHint(Duration.ofSeconds(-2))))
        .hasMessage("hint must not be negative: -2 s");
    assertThatThrownBy(() -> DurableFailure.of("k", 1, null, t)).hasMessage("firstFailure");
    assertThatThrownBy(() -> DurableFailure.of("k", 1, t, t).withKind(null)).hasMessage("kind");
  }

  private static InvalidParameterException invalid(Runnable r) {
    try {
      r.run();
    } catch (InvalidParameterException e) {
      return e;
    }
    throw new AssertionError("no InvalidParameterException");
  }
}
