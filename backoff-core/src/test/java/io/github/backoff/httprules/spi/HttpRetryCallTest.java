package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.Test;

/**
 * One call through the SPI, as every client drives it: which requests may be retried, the attempts counted, and how
 * the call ended reported the one way ({@link HttpRetryOutcome}, or the {@link RetryException} thrown).
 */
class HttpRetryCallTest {
  record Resp(int status) {}

  record Req(String method, Map<String, String> headers) {}

  private static final HttpResponseReader READER = HttpResponseReader.of(Resp.class, Resp::status, (r, h) -> null);
  private static final BiPredicate<Req, String> HAS_HEADER = (r, name) -> r.headers().containsKey(name);

  private final FakeClock clock = new FakeClock();
  private final List<String> lookups = new ArrayList<>();

  private HttpRetryCalls calls(int maxAttempts) {
    return HttpRetryCalls.create(RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(maxAttempts).build(), HttpRetryOptions.builder().withTicker(clock::nanoTime)
        .withSleeper(clock::sleep).withoutBudget().build(), READER);
  }

  private static java.util.concurrent.Callable<Object> replies(Object... replies) {
    Deque<Object> left = new ArrayDeque<>(List.of(replies));
    return () -> {
      Object next = left.removeFirst();
      if (next instanceof IOException e) {
        throw e;
      }
      return next;
    };
  }

  @Test
  void isRetryable_idempotentMethodOrAnIdempotencyKey_andLooksUpTheHeaderOnlyWhenNeeded() {
    HttpRetryCalls calls = calls(3);
    BiPredicate<Req, String> counting = (r, name) -> {
      lookups.add(name);
      return r.headers().containsKey(name);
    };

    assertThat(calls.isRetryable(new Req("GET", Map.of()), "GET", counting)).isTrue();
    assertThat(lookups).as("a retried method needs no header lookup").isEmpty();
    assertThat(calls.isRetryable(new Req("POST", Map.of()), "POST", counting)).isFalse();
    assertThat(calls.isRetryable(new Req("POST", Map.of("Idempotency-Key", "k")), "POST", counting)).isTrue();
    assertThat(lookups).containsExactly("Idempotency-Key", "Idempotency-Key");
  }

  @Test
  void run_successAfterARetry_outcomeHasTheAttemptsAndTimeAndNoStopReason() {
    HttpRetryCall call = calls(3).newCall(true);
    List<Integer> seen = new ArrayList<>();

    java.util.concurrent.Callable<Object> replies = replies(new Resp(503), new Resp(200));
    Resp response = (Resp) call.run(() -> {
      seen.add(call.attempts());
      return replies.call();
    });

    assertThat(seen).as("the attempt's number inside it").containsExactly(1, 2);
    assertThat(call.outcome(response)).isEqualTo(HttpRetryOutcome.of(new Resp(200), 2, Duration.ofSeconds(1),
        java.util.Optional.empty()));
  }

  @Test
  void run_retryableStatusUntilTheAttemptsRunOut_returnsItWithTheStopReason() {
    HttpRetryCall call = calls(2).newCall(true);

    Resp response = (Resp) call.run(replies(new Resp(503), new Resp(502)));

    HttpRetryOutcome<Resp> outcome = call.outcome(response);
    assertThat(outcome.response()).isEqualTo(new Resp(502));
    assertThat(outcome.attempts()).isEqualTo(2);
    assertThat(outcome.stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
  }

  @Test
  void run_failuresUntilTheAttemptsRunOut_throwsTheCoresRetryException() {
    HttpRetryCall call = calls(2).newCall(true);

    assertThatThrownBy(() -> call.run(replies(new ConnectException("refused"), new ConnectException("again"))))
        .isInstanceOfSatisfying(RetryException.class, e -> {
          assertThat(e.reason()).isEqualTo(StopReason.ATTEMPTS_EXHAUSTED);
          assertThat(e.attempts()).isEqualTo(2);
          assertThat(e).hasCauseInstanceOf(ConnectException.class);
        });
  }

  @Test
  void outcome_requestThatMayNotBeRetriedGotARetryableStatus_isNotRetryable() {
    HttpRetryCall call = calls(3).newCall(false);

    Resp response = (Resp) call.run(replies(new Resp(503)));

    assertThat(call.outcome(response).attempts()).isEqualTo(1);
    assertThat(call.outcome(response).stopReason()).contains(StopReason.NOT_RETRYABLE);
    HttpRetryCall other = calls(3).newCall(false);
    Resp notFound = (Resp) other.run(replies(new Resp(404)));
    assertThat(other.outcome(notFound).stopReason()).as("a status that is not retried is final").isEmpty();
  }

  @Test
  void runAsync_retriesOnTheSchedulerAndReportsTheOutcome() throws Exception {
    ManualScheduler scheduler = new ManualScheduler();
    HttpRetryCalls calls = HttpRetryCalls.create(RetryPolicy.builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(2).build(),
        HttpRetryOptions.builder().withTicker(scheduler::nanoTime).withScheduler(scheduler).withoutBudget().build(),
        READER);
    HttpRetryCall call = calls.newCall(true);
    Deque<Resp> answers = new ArrayDeque<>(List.of(new Resp(503), new Resp(503)));

    CompletableFuture<Object> future = call.runAsync(() -> CompletableFuture.completedFuture(answers.removeFirst()));
    assertThat(future).isNotDone();
    scheduler.advance(Duration.ofSeconds(1));

    Resp response = (Resp) future.get();
    assertThat(call.outcome(response).stopReason()).contains(StopReason.ATTEMPTS_EXHAUSTED);
    assertThat(call.outcome(response).attempts()).isEqualTo(2);
    assertThat(call.outcome(response).elapsed()).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void runAsync_failure_completesExceptionallyWithTheRetryException() {
    HttpRetryCall call = calls(1).newCall(true);

    CompletableFuture<Object> future = call.runAsync(
        () -> CompletableFuture.failedFuture(new ConnectException("refused")));

    assertThatThrownBy(future::get).isInstanceOf(ExecutionException.class).cause()
        .isInstanceOfSatisfying(RetryException.class, e -> assertThat(e.reason())
            .isEqualTo(StopReason.ATTEMPTS_EXHAUSTED));
  }

  @Test
  void runAsync_cancelled_cancelsTheAttemptInFlight() {
    CompletableFuture<Resp> inFlight = new CompletableFuture<>();
    HttpRetryCall call = calls(3).newCall(true);

    CompletableFuture<Object> future = call.runAsync(() -> (CompletionStage<Resp>) inFlight);
    future.cancel(true);

    assertThat(inFlight).isCancelled();
    assertThatThrownBy(future::join).isInstanceOf(CancellationException.class);
  }

  /** A response with a {@code Retry-After} header. */
  record Hinted(int status, String retryAfter) {}

  private HttpRetryCall hintedCall(Duration maxRetryAfter) {
    HttpResponseReader reader = HttpResponseReader.of(Hinted.class, Hinted::status,
        (r, name) -> name.equals("Retry-After") ? r.retryAfter() : null);
    return HttpRetryCalls.create(RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1)))
        .withMaxAttempts(3).build(), HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep)
        .withMaxRetryAfter(maxRetryAfter).withoutBudget().build(), reader).newCall(true);
  }

  @Test
  void run_retryAfterAboveTheMaximum_stopsAtOnceWithDelayTooLong() {
    HttpRetryCall call = hintedCall(Duration.ofSeconds(60));

    Hinted response = (Hinted) call.run(replies(new Hinted(429, "61"), new Hinted(200, null)));

    assertThat(response.status()).isEqualTo(429);
    assertThat(call.outcome(response).stopReason()).contains(StopReason.DELAY_TOO_LONG);
    assertThat(call.outcome(response).attempts()).isEqualTo(1);
    assertThat(clock.nanoTime()).as("no wait").isZero();
  }

  @Test
  void run_retryAfterAtTheMaximum_isFollowedAndItsSpreadCutToIt() {
    HttpRetryCall call = hintedCall(Duration.ofSeconds(60));

    Hinted response = (Hinted) call.run(replies(new Hinted(503, "60"), new Hinted(200, null)));

    assertThat(response.status()).isEqualTo(200);
    assertThat(clock.nanoTime()).isEqualTo(Duration.ofSeconds(60).toNanos());
  }

  @Test
  void linkedTo_cancelled_cancelsUpstream() {
    CompletableFuture<String> upstream = new CompletableFuture<>();

    CompletableFuture<String> linked = HttpRetryCall.linkedTo(upstream);
    linked.cancel(false);

    assertThat(upstream).isCancelled();
    assertThatThrownBy(() -> HttpRetryCall.linkedTo(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void run_nullAttempt_throwsNpe() {
    HttpRetryCall call = calls(3).newCall(true);

    assertThatThrownBy(() -> call.run(null)).isInstanceOf(NullPointerException.class).hasMessage("attempt");
    assertThatThrownBy(() -> call.runAsync(null)).isInstanceOf(NullPointerException.class).hasMessage("attempt");
    assertThat(call.toString()).contains("retryable=true");
  }
}
