package io.github.backoff.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryMetricsListenerTest {

  @Test
  void all_isIndexedDenselyWithTheTagValues() {
    List<CallOutcome> all = CallOutcome.all();

    assertThat(all).hasSize(2 + StopReason.values().length);
    for (int i = 0; i < all.size(); i++) {
      assertThat(all.get(i).index()).isEqualTo(i);
    }
    assertThat(CallOutcome.SUCCESS.outcome()).isEqualTo("success");
    assertThat(CallOutcome.SUCCESS.reason()).isEqualTo("none");
    assertThat(CallOutcome.SUCCESS_AFTER_RETRY.outcome()).isEqualTo("success_after_retry");
    assertThat(CallOutcome.gaveUp(StopReason.BUDGET_DENIED).outcome()).isEqualTo("gave_up");
    assertThat(CallOutcome.gaveUp(StopReason.BUDGET_DENIED).reason()).isEqualTo("budget_denied");
    assertThat(CallOutcome.gaveUp(StopReason.BUDGET_DENIED).isBudgetDenied()).isTrue();
    assertThat(CallOutcome.gaveUp(StopReason.ABORTED).isBudgetDenied()).isFalse();
    assertThat(CallOutcome.succeeded(1)).isSameAs(CallOutcome.SUCCESS);
    assertThat(CallOutcome.succeeded(3)).isSameAs(CallOutcome.SUCCESS_AFTER_RETRY);
  }

  @Test
  void requireName_blank_isRejected() {
    assertThatThrownBy(() -> RetryMetricNames.requireName(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank: \" \"");
    assertThat(RetryMetricNames.requireName("inventory")).isEqualTo("inventory");
    assertThat(RetryMetricNames.reasonValue(StopReason.ATTEMPTS_EXHAUSTED)).isEqualTo("attempts_exhausted");
  }

  @Test
  void onEvent_translatesARetriedCallIntoRetriesAndOneFinishedCall() throws Exception {
    List<String> seen = new ArrayList<>();
    RetryMetricsListener listener = new RetryMetricsListener() {
      @Override
      public void callFinished(CallOutcome outcome, int attempts) {
        seen.add(outcome + "@" + attempts);
      }

      @Override
      public void retryScheduled(long delayNanos) {
        seen.add("retry " + delayNanos);
      }
    };
    RetryPolicy<String> policy = RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ZERO))
        .withMaxAttempts(2).onEvent(listener).build();
    Retrier<String> retrier = Retrier.of(policy);

    int[] calls = {0};
    assertThat(retrier.call(() -> {
      if (calls[0]++ == 0) {
        throw new IOException("once");
      }
      return "ok";
    })).isEqualTo("ok");
    assertThatThrownBy(() -> retrier.call(() -> {
      throw new IOException("always");
    })).isInstanceOf(RetryException.class);

    assertThat(seen).containsExactly("retry 0", "success_after_retry@2", "retry 0",
        "gave_up(attempts_exhausted)@2");
  }
}
