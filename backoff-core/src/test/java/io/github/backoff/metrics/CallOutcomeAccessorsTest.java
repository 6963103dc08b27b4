package io.github.backoff.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.StopReason;
import org.junit.jupiter.api.Test;

/** A call outcome's stop reason and success flag, as the metrics tags read them. */
class CallOutcomeAccessorsTest {
  @Test
  void succeeded_hasNoStopReasonAndIsASuccess() {
    assertThat(CallOutcome.SUCCESS.isSuccess()).isTrue();
    assertThat(CallOutcome.SUCCESS.stopReason()).isEmpty();
    assertThat(CallOutcome.succeeded(3).isSuccess()).isTrue();
  }

  @Test
  void gaveUp_carriesItsStopReasonAndIsNoSuccess() {
    CallOutcome outcome = CallOutcome.gaveUp(StopReason.ATTEMPTS_EXHAUSTED);

    assertThat(outcome.isSuccess()).isFalse();
    assertThat(outcome.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
  }
}
