package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.strategy.Backoff;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * When the drivers read the ticker: before the first attempt only if a time budget, listeners or an attempt
 * timeout need it; otherwise first at the first failure, so a call that succeeds at once never reads it.
 */
class ClockReadingTest {
  private final AtomicLong time = new AtomicLong();
  private final AtomicInteger readings = new AtomicInteger();

  private Retrier<String> retrier(RetryPolicyBuilder<String> policy) {
    return Retrier.builder(policy.withBackoff(Backoff.constant(Duration.ofMillis(100))).build())
        .withTicker(() -> {
          readings.incrementAndGet();
          return time.get();
        })
        .withSleeper(nanos -> time.addAndGet(nanos))
        .build();
  }

  /** Each attempt takes 1 s of ticker time and fails. */
  private String slowFailure() throws IOException {
    time.addAndGet(Duration.ofSeconds(1).toNanos());
    throw new IOException("down");
  }

  @Test
  void call_successAtFirstAttempt_readsNoClock() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder());

    assertThat(retrier.call(() -> "ok")).isEqualTo("ok");
    assertThat(retrier.callAsync(() -> java.util.concurrent.CompletableFuture.completedFuture("ok")))
        .isCompletedWithValue("ok");
    assertThat(readings).hasValue(0);
  }

  @Test
  void call_noBudgetNoListeners_elapsedCountsFromFirstFailure() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder().withMaxAttempts(2));

    assertThatThrownBy(() -> retrier.call(this::slowFailure))
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(1_100))); // 100 ms wait + second attempt
  }

  @Test
  void call_withTimeBudget_elapsedCountsFromFirstAttempt() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder().withMaxAttempts(2)
        .withMaxElapsed(Duration.ofMinutes(1)));

    assertThatThrownBy(() -> retrier.call(this::slowFailure))
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(2_100)));
  }

  @Test
  void call_withListener_elapsedCountsFromFirstAttempt() {
    Retrier<String> retrier = retrier(RetryPolicy.<String>builder().withMaxAttempts(2)
        .onEvent(event -> { }));

    assertThatThrownBy(() -> retrier.call(this::slowFailure))
        .isInstanceOfSatisfying(RetryException.class,
            e -> assertThat(e.elapsed()).isEqualTo(Duration.ofMillis(2_100)));
  }
}
