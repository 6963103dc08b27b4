package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@link RetryPolicyBuilder#stopIfQuotaExhausted}: the core's rule, sync and async, before any limit or wait. */
class StopIfQuotaExhaustedTest {
  private final FakeClock clock = new FakeClock();

  private RetryPolicyBuilder<String> policy() {
    return RetryPolicy.<String>builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(5)
        .retryIfResult(r -> !r.equals("ok")).throwOnRetryableResult().build().toBuilder();
  }

  private Retrier<String> retrier(RetryPolicy<String> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();
  }

  private static java.util.concurrent.Callable<String> replies(String... replies) {
    Deque<String> left = new ArrayDeque<>(List.of(replies));
    return left::removeFirst;
  }

  @Test
  void call_quotaResult_stopsAtOnceWithQuotaExhausted() {
    Retrier<String> retrier = retrier(policy().stopIfQuotaExhausted("quota"::equals).build());

    assertThatThrownBy(() -> retrier.call(replies("slow down", "quota", "ok")))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.QUOTA_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(2);
          assertThat(e.lastResult()).isEqualTo("quota");
        });
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void call_quotaOnTheLastAttempt_isQuotaExhaustedNotAttemptsExhausted() {
    Retrier<String> retrier = retrier(policy().withMaxAttempts(1).stopIfQuotaExhausted("quota"::equals).build());

    assertThatThrownBy(() -> retrier.call(replies("quota")))
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.reason()).isEqualTo(StopReason.QUOTA_EXHAUSTED));
  }

  @Test
  void callAsync_quotaResult_stopsAtOnceWithQuotaExhausted() {
    Retrier<String> retrier = retrier(policy().stopIfQuotaExhausted("quota"::equals).build());

    CompletableFuture<String> f = retrier.callAsync(() -> CompletableFuture.completedFuture("quota"));

    assertThat(f).failsWithin(Duration.ofSeconds(10)).withThrowableThat().havingRootCause()
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.reason()).isEqualTo(StopReason.QUOTA_EXHAUSTED));
  }

  @Test
  void call_conditionThrows_isLoggedAndTheResultRetried() {
    Retrier<String> retrier = retrier(policy().stopIfQuotaExhausted(r -> {
      throw new IllegalStateException("broken quota condition");
    }).build());

    assertThat(retrier.call(replies("slow down", "ok"))).isEqualTo("ok");
  }

  @Test
  void toBuilder_keepsTheCondition_andNullIsRefused() {
    RetryPolicy<String> copy = policy().stopIfQuotaExhausted("quota"::equals).build().toBuilder().build();

    assertThatThrownBy(() -> retrier(copy).call(replies("quota")))
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.reason()).isEqualTo(StopReason.QUOTA_EXHAUSTED));
    assertThatThrownBy(() -> policy().stopIfQuotaExhausted(null)).isInstanceOf(NullPointerException.class)
        .hasMessageContaining("predicate");
  }
}
