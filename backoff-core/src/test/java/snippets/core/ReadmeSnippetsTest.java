package snippets.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.Retrier;
import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Runs the core's README blocks ({@link ReadmeSnippets}): they do what the README says. */
class ReadmeSnippetsTest {
  private final AtomicInteger calls = new AtomicInteger();

  private String flaky(String url) throws IOException {
    if (calls.incrementAndGet() < 2) {
      throw new IOException("connection reset");
    }
    return "hello from " + url;
  }

  @Test
  void quickstart_failsOnceThenSucceeds_returnsTheBody() {
    String body = new ReadmeSnippets(this::flaky).quickstart("https://example.com");

    assertThat(body).isEqualTo("hello from https://example.com");
    assertThat(calls).hasValue(2);
  }

  @Test
  void events_givingUp_reportsTheReason() {
    List<StopReason> gaveUp = new ArrayList<>();
    RetryPolicy<String> policy = ReadmeSnippets.events(gaveUp::add);
    FakeClock clock = new FakeClock();
    Retrier<String> retrier = Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).build();

    assertThatThrownBy(() -> retrier.call(() -> {
      throw new IOException("down");
    })).isInstanceOfSatisfying(RetryException.class, e -> assertThat(gaveUp).containsExactly(e.reason()));
  }

  @Test
  void budgets_policyHasTheBudget() {
    RetryPolicy<String> policy = ReadmeSnippets.budgets();

    assertThat(policy.budget()).isPresent();
    assertThat(policy.budget().get().available()).isEqualTo(100.0);
  }

  @Test
  void hedging_retriedHedgedCall_returnsTheAnswer() {
    CompletableFuture<String> body = new ReadmeSnippets(url -> "value of " + url)
        .hedging(RetryPolicy.<String>builder().build(), "k4");

    assertThat(body.join()).isEqualTo("value of k4");
  }

  @Test
  void executor_blockingLookupFailsOnce_retriesOnTheGivenPool() throws Exception {
    AtomicInteger calls = new AtomicInteger();
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ZERO)).build();
    CompletableFuture<String> row = ReadmeSnippets.executor(policy, key -> {
      if (calls.incrementAndGet() == 1) {
        throw new IOException("connection reset");
      }
      return key + "@" + Thread.currentThread().getName();
    });
    assertThat(row.get(30, TimeUnit.SECONDS)).startsWith("k1@pool-");
    assertThat(calls).hasValue(2);
  }

  @Test
  void virtualTime_retriesWithoutSleeping() {
    AtomicInteger fetches = new AtomicInteger();
    RetryPolicy<String> policy = RetryPolicy.<String>builder()
        .withBackoff(Backoff.constant(Duration.ofMillis(100))).withMaxAttempts(5).build();

    CompletableFuture<String> result = ReadmeSnippets.virtualTime(policy, () -> fetches.incrementAndGet() < 3
        ? CompletableFuture.failedFuture(new IOException("down")) : CompletableFuture.completedFuture("ok"));

    assertThat(result).isCompletedWithValue("ok");
    assertThat(fetches).hasValue(3);
  }
}
