package io.github.backoff;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryEvent;
import io.github.backoff.event.Succeeded;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link Retrier#call} runs a {@link RetryCore#bare} policy's first attempt alone. These tests pin that the short
 * path is taken only when there is nothing to record, and that each thing that makes a policy not bare (a budget, a
 * result condition, a listener, a clock to read) is still honoured at a first-attempt success.
 */
class RetrierFirstAttemptTest {
  private final AtomicInteger clockReadings = new AtomicInteger();

  private <R> Retrier<R> retrier(RetryPolicy<R> policy) {
    return Retrier.builder(policy).withTicker(clockReadings::incrementAndGet).withSleeper(nanos -> {}).build();
  }

  @Test
  void bare_onlyWithNothingToRecordOnSuccess() {
    assertThat(retrier(RetryPolicy.<String>builder().build()).core.bare).isTrue();
    assertThat(retrier(RetryPolicy.<String>builder().retryOn(java.io.IOException.class)
        .withDelayOverride(context -> Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1)).build()).core.bare)
        .as("conditions and an override only matter after a failure").isTrue();
    assertThat(retrier(RetryPolicy.<String>builder().withBudget(new CountingBudget()).build()).core.bare).isFalse();
    assertThat(retrier(RetryPolicy.<String>builder().retryIfResult("busy"::equals).build()).core.bare).isFalse();
    assertThat(retrier(RetryPolicy.<String>builder().onEvent(e -> {}).build()).core.bare).isFalse();
    assertThat(retrier(RetryPolicy.<String>builder().withMaxElapsed(Duration.ofSeconds(1)).build()).core.bare)
        .isFalse();
    assertThat(retrier(RetryPolicy.<String>builder().withAttemptTimeout(Duration.ofSeconds(1)).build()).core.bare)
        .isFalse();
  }

  @Test
  void call_barePolicySuccess_oneAttemptNoClockReading() {
    AtomicInteger attempts = new AtomicInteger();

    String result = retrier(RetryPolicy.<String>builder().build()).call(() -> {
      attempts.incrementAndGet();
      return "ok";
    });

    assertThat(result).isEqualTo("ok");
    assertThat(attempts).hasValue(1);
    assertThat(clockReadings).hasValue(0);
  }

  @Test
  void call_barePolicyFirstAttemptFails_retriesAsBefore() {
    AtomicInteger attempts = new AtomicInteger();

    String result = retrier(RetryPolicy.<String>builder().withBackoff(Backoff.none()).build()).call(() -> {
      if (attempts.incrementAndGet() < 3) {
        throw new IllegalStateException("down");
      }
      return "ok";
    });

    assertThat(result).isEqualTo("ok");
    assertThat(attempts).hasValue(3);
  }

  @Test
  void call_budgetedPolicySuccess_budgetSeesTheRequestAndTheSuccess() {
    CountingBudget budget = new CountingBudget();

    retrier(RetryPolicy.<String>builder().withBudget(budget).build()).call(() -> "ok");

    assertThat(budget.calls).containsExactly("onRequest", "onSuccess(0, 0)");
  }

  @Test
  void call_resultConditionMatchesFirstResult_retries() {
    AtomicInteger attempts = new AtomicInteger();

    String result = retrier(RetryPolicy.<String>builder().withBackoff(Backoff.none()).retryIfResult("busy"::equals)
        .build()).call(() -> attempts.incrementAndGet() == 1 ? "busy" : "ok");

    assertThat(result).isEqualTo("ok");
    assertThat(attempts).hasValue(2);
  }

  @Test
  void call_listenedPolicySuccess_listenerSeesSucceeded() {
    List<RetryEvent<? extends String>> events = new ArrayList<>();

    retrier(RetryPolicy.<String>builder().onEvent(events::add).build()).call(() -> "ok");

    assertThat(events).singleElement().isInstanceOfSatisfying(Succeeded.class,
        s -> assertThat(s.attempt()).isEqualTo(1));
  }

  /** Records which of its methods the drivers call. */
  private static final class CountingBudget implements RetryBudget {
    final List<String> calls = new ArrayList<>();

    @Override
    public void onRequest() {
      calls.add("onRequest");
    }

    @Override
    public void onFailure() {
      calls.add("onFailure");
    }

    @Override
    public long tryAcquireRetry(Throwable failure) {
      calls.add("tryAcquireRetry");
      return 1;
    }

    @Override
    public void onSuccess(long acquired) {
      calls.add("onSuccess(" + acquired + ")");
    }

    @Override
    public void onSuccess(long acquired, long lastCost) {
      calls.add("onSuccess(" + acquired + ", " + lastCost + ")");
    }
  }
}
