package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.event.RetryListener;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a policy, a retrier and a timeout report about themselves, read by integrations rather than by the core. */
class PolicyAccessorsTest {
  @Test
  void policy_accessors_reportWhatWasBuilt() {
    RetryListener<Object> listener = event -> { };
    RetryPolicy<Object> policy = RetryPolicy.builder().withAttemptTimeout(Duration.ofSeconds(2))
        .throwOnRetryableResult().retryIfResult(r -> r == null).onEvent(listener).build();

    assertThat(policy.attemptTimeout()).contains(Duration.ofSeconds(2));
    assertThat(policy.throwsOnRetryableResult()).isTrue();
    assertThat(policy.hasResultConditions()).isTrue();
    assertThat(policy.listeners()).containsExactly(listener);
  }

  @Test
  void policy_defaults_reportNothingSet() {
    RetryPolicy<Object> policy = RetryPolicy.builder().build();

    assertThat(policy.attemptTimeout()).isEmpty();
    assertThat(policy.throwsOnRetryableResult()).isFalse();
    assertThat(policy.hasResultConditions()).isFalse();
    assertThat(policy.listeners()).isEmpty();
  }

  @Test
  void retrier_policy_isTheOneGiven() {
    RetryPolicy<String> policy = RetryPolicy.<String>builder().build();

    assertThat(Retrier.of(policy).policy()).isSameAs(policy);
  }

  @Test
  void attemptTimeoutException_timeout_isTheOneExceeded() {
    assertThat(new AttemptTimeoutException(Duration.ofMillis(1500)).timeout()).isEqualTo(Duration.ofMillis(1500));
  }
}
