package io.github.backoff.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryPolicy;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The non-reserving mode (botocore's {@code TokenBucket}): a token is taken only when a whole one is in the bucket;
 * otherwise the wait until one will be there is returned and nothing is taken. Virtual time throughout.
 */
class AdaptiveRateLimiterNonReservingTest {
  private long nanos;
  private final AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(() -> nanos);

  @Test
  void acquireDelayNanos_emptyBucket_returnsTheWaitAndTakesNothing() {
    limiter.onResponse(true); // fill rate 0.5 token/s, capacity 1, bucket empty

    assertThat(limiter.acquireDelayNanos()).as("(1 - 0) / 0.5 s").isEqualTo(2_000_000_000L);
    assertThat(limiter.acquireDelayNanos()).as("the same wait: nothing reserved").isEqualTo(2_000_000_000L);
    assertThat(limiter.tokens()).isZero();
    nanos = 1_000_000_000L;
    assertThat(limiter.acquireDelayNanos()).as("half a token there: 1 s more").isEqualTo(1_000_000_000L);
    nanos = 2_000_000_000L;
    assertThat(limiter.acquireDelayNanos()).as("a whole token: taken").isZero();
    assertThat(limiter.tokens()).as("never below zero").isZero();
    assertThat(limiter.acquireDelayNanos()).isEqualTo(2_000_000_000L);
  }

  @Test
  void tryAcquireDelayNanos_waitBelowTheMaximum_returnsItWithoutTaking() {
    limiter.onResponse(true);

    assertThat(limiter.tryAcquireDelayNanos(2_000_000_000L)).as("not below the maximum").isEqualTo(-1);
    assertThat(limiter.tryAcquireDelayNanos(3_000_000_000L)).isEqualTo(2_000_000_000L);
    assertThat(limiter.tryAcquireDelayNanos(3_000_000_000L)).as("nothing taken").isEqualTo(2_000_000_000L);
    nanos = 2_000_000_000L;
    assertThat(limiter.tryAcquireDelayNanos(0)).isZero();
    assertThat(limiter.tokens()).isZero();
  }

  @Test
  void acquire_sync_waitsAndRechecksUntilATokenIsThere() throws InterruptedException {
    FakeClock clock = new FakeClock();
    AdaptiveRateLimiter sync = AdaptiveRateLimiter.nonReserving(clock::nanoTime);
    sync.onResponse(true);

    sync.acquire(clock::sleep);
    sync.acquire(clock::sleep);

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2));
    assertThat(sync.tokens()).isZero();
  }

  @Test
  void acquire_sync_anotherCallerTakesTheToken_waitsAgain() throws InterruptedException {
    FakeClock clock = new FakeClock();
    AdaptiveRateLimiter sync = AdaptiveRateLimiter.nonReserving(clock::nanoTime);
    sync.onResponse(true);
    boolean[] stolen = {false};

    sync.acquire(n -> {
      clock.sleep(n);
      if (!stolen[0]) {
        stolen[0] = true;
        assertThat(sync.acquireDelayNanos()).as("another caller takes the token first").isZero();
      }
    });

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(2));
  }

  @Test
  void acquireAsync_rechecksOnTheSchedulerUntilATokenIsThere_noThreadHeld() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter async = AdaptiveRateLimiter.nonReserving(scheduler::nanoTime);
    async.onResponse(true);

    CompletableFuture<Void> first = async.acquireAsync(scheduler);
    CompletableFuture<Void> second = async.acquireAsync(scheduler);

    assertThat(first).isNotDone();
    assertThat(second).isNotDone();
    scheduler.advance(Duration.ofNanos(1_999_999_999L));
    assertThat(first).isNotDone();
    scheduler.advance(Duration.ofNanos(1));
    // Both re-check at 2 s; one takes the token, the other waits for the next one.
    assertThat(first.isDone() ^ second.isDone()).isTrue();
    assertThat(scheduler.pendingTasks()).isEqualTo(1);
    scheduler.advance(Duration.ofSeconds(2));
    assertThat(first).isDone();
    assertThat(second).isDone();
    assertThat(async.tokens()).isZero();
  }

  @Test
  void acquireAsync_cancelled_takesNoToken() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter async = AdaptiveRateLimiter.nonReserving(scheduler::nanoTime);
    async.onResponse(true);

    async.acquireAsync(scheduler).cancel(false);
    scheduler.advance(Duration.ofSeconds(2));

    assertThat(async.tokens()).isEqualTo(1.0);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  /**
   * Regression (found by jcstress, AdaptiveRateLimiterStress.NonReservingReaskVsCancel): the re-ask checked that
   * the future was not done, then took the token; a cancel in between left the future cancelled and the token
   * gone. The cancel is made to land exactly there: by the ticker, which the re-ask reads when it takes the token.
   */
  @Test
  void acquireAsync_cancelRacingTheReask_takesNoToken() {
    ManualScheduler scheduler = new ManualScheduler();
    CompletableFuture<?>[] target = new CompletableFuture<?>[1];
    boolean[] armed = {false};
    AdaptiveRateLimiter async = AdaptiveRateLimiter.nonReserving(() -> {
      if (armed[0]) { // inside the re-ask, after its isDone check: cancel now
        armed[0] = false;
        target[0].cancel(false);
      }
      return scheduler.nanoTime();
    });
    async.onResponse(true);
    CompletableFuture<Void> due = async.acquireAsync(scheduler);
    target[0] = due;

    armed[0] = true;
    scheduler.advance(Duration.ofSeconds(2));

    assertThat(armed[0]).as("the cancel landed inside the re-ask").isFalse();
    assertThat(due).isCancelled();
    assertThat(async.tokens()).as("the token taken by the losing re-ask was put back").isEqualTo(1.0);
    assertThat(scheduler.pendingTasks()).isZero();
  }

  @Test
  void acquireAsync_reaskCompletingTheFuture_keepsTheToken() {
    ManualScheduler scheduler = new ManualScheduler();
    AdaptiveRateLimiter async = AdaptiveRateLimiter.nonReserving(scheduler::nanoTime);
    async.onResponse(true);

    CompletableFuture<Void> due = async.acquireAsync(scheduler);
    scheduler.advance(Duration.ofSeconds(2));

    assertThat(due).isCompleted();
    assertThat(async.tokens()).isZero();
  }

  @Test
  void modes_reservingIsTheDefault() {
    assertThat(AdaptiveRateLimiter.create(() -> 0).isReserving()).isTrue();
    assertThat(limiter.isReserving()).isFalse();
    assertThat(limiter.toString()).endsWith(", nonReserving]");
  }

  @Test
  void withRateLimiter_nonReserving_failsNamingTheParameter() {
    assertThatThrownBy(() -> RetryPolicy.<String>builder().withRateLimiter(limiter))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("limiter must be reserving");
  }
}
