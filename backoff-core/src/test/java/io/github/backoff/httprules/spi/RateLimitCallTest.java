package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.HttpRetryOutcome;
import io.github.backoff.httprules.RateLimitRules;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * A rate-limit header family's reset through the SPI, as every client gets it: the wait followed (never shortened),
 * the ceiling ({@code DELAY_TOO_LONG} at once), the deadline ({@code TIME_BUDGET_EXHAUSTED} at once), and a quota
 * 429 ({@code QUOTA_EXHAUSTED} at once, its body read only then).
 */
class RateLimitCallTest {
  record Resp(int status, Map<String, String> headers, String body) {
    static Resp of(int status, String body, String... nameValues) {
      Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (int i = 0; i < nameValues.length; i += 2) {
        h.put(nameValues[i], nameValues[i + 1]);
      }
      return new Resp(status, h, body);
    }
  }

  private static final Instant EPOCH = Instant.parse("2026-11-27T12:00:00Z");
  /** Every spread draw is zero: the wait is what the server named. */
  private static final RandomGenerator ZERO = () -> 0L;

  private final FakeClock clock = new FakeClock();
  private int bodyReads;

  private final HttpResponseReader reader = new HttpResponseReader() {
    @Override
    public int status(Object result) {
      return result instanceof Resp r ? r.status() : -1;
    }

    @Override
    public String header(Object result, String name) {
      return result instanceof Resp r ? r.headers().get(name) : null;
    }

    @Override
    public String bodyPrefix(Object result, int maxChars) {
      bodyReads++;
      return result instanceof Resp r ? r.body() : null;
    }
  };

  private HttpRetryCall call(Duration maxElapsed, Duration ceiling) {
    var policy = RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofMillis(100))).withMaxAttempts(4);
    if (maxElapsed != null) {
      policy.withMaxElapsed(maxElapsed);
    }
    var options = HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep)
        .withClock(Clock.fixed(EPOCH, ZoneOffset.UTC)).withRandom(ZERO).withoutBudget();
    if (ceiling != null) {
      options.withMaxRetryAfter(ceiling);
    }
    return HttpRetryCalls.create(policy.build(), options.build(), reader).newCall(true);
  }

  private static Callable<Object> replies(Object... replies) {
    Deque<Object> left = new ArrayDeque<>(List.of(replies));
    return left::removeFirst;
  }

  @Test
  void run_openAi429WithTokenReset_waitsExactlyTheResetThenSucceeds() {
    HttpRetryCall call = call(null, null);
    Resp throttled = Resp.of(429, "{\"error\":{\"code\":\"rate_limit_exceeded\"}}",
        "x-ratelimit-remaining-requests", "59", "x-ratelimit-remaining-tokens", "0",
        "x-ratelimit-reset-requests", "1s", "x-ratelimit-reset-tokens", "6.5s");

    Object last = call.run(replies(throttled, Resp.of(200, "ok")));

    assertThat(((Resp) last).status()).isEqualTo(200);
    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(6500));
    assertThat(bodyReads).as("the body of a rate-limit 429 is read once, for the quota check").isEqualTo(1);
  }

  @Test
  void run_anthropic429_waitsUntilTheResetInstant() {
    HttpRetryCall call = call(null, null);
    Resp throttled = Resp.of(429, null, "anthropic-ratelimit-requests-remaining", "0",
        "anthropic-ratelimit-requests-reset", "2026-11-27T12:00:12Z");

    call.run(replies(throttled, Resp.of(200, "ok")));

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(12));
  }

  @Test
  void run_namedWaitAboveTheCeiling_stopsAtOnceWithDelayTooLong() {
    HttpRetryCall call = call(null, Duration.ofSeconds(10));
    Resp throttled = Resp.of(429, null, "RateLimit", "\"default\";r=0;t=30");

    Object last = call.run(replies(throttled, Resp.of(200, "ok")));

    HttpRetryOutcome<Object> outcome = call.outcome(last);
    assertThat(outcome.stopReason()).contains(StopReason.DELAY_TOO_LONG);
    assertThat(outcome.attempts()).isEqualTo(1);
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void run_namedWaitPastTheDeadline_stopsAtOnceWithTimeBudgetExhausted() {
    HttpRetryCall call = call(Duration.ofSeconds(20), null);
    Resp throttled = Resp.of(429, null, "X-RateLimit-Remaining", "0", "X-RateLimit-Reset",
        Long.toString(EPOCH.getEpochSecond() + 45));

    Object last = call.run(replies(throttled, Resp.of(200, "ok")));

    assertThat(call.outcome(last).stopReason()).contains(StopReason.TIME_BUDGET_EXHAUSTED);
    assertThat(clock.sleeps()).as("no sleep into the deadline").isEmpty();
  }

  @Test
  void run_namedWaitThatFitsTheDeadline_isFollowedNotShortened() {
    HttpRetryCall call = call(Duration.ofSeconds(20), null);
    Resp throttled = Resp.of(429, null, "retry-after-ms", "15000");

    call.run(replies(throttled, Resp.of(200, "ok")));

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(15));
  }

  @Test
  void run_openAiInsufficientQuota_stopsAtOnceWithQuotaExhausted() {
    HttpRetryCall call = call(null, null);
    Resp quota = Resp.of(429, "{\"error\":{\"message\":\"You exceeded your current quota\",\"type\":"
        + "\"insufficient_quota\",\"code\":\"insufficient_quota\"}}", "x-ratelimit-reset-requests", "1s");

    Object last = call.run(replies(quota, Resp.of(200, "ok")));

    HttpRetryOutcome<Object> outcome = call.outcome(last);
    assertThat(outcome.stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
    assertThat(outcome.attempts()).isEqualTo(1);
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void run_resetADayAway_isAQuotaNotADelayTooLong() {
    HttpRetryCall call = call(null, null);
    Resp daily = Resp.of(429, null, "Retry-After", Long.toString(Duration.ofHours(10).toSeconds()));

    Object last = call.run(replies(daily, Resp.of(200, "ok")));

    assertThat(call.outcome(last).stopReason()).contains(StopReason.QUOTA_EXHAUSTED);
  }

  @Test
  void run_503WithQuotaWords_isRetriedAndItsBodyNeverRead() {
    HttpRetryCall call = call(null, null);

    call.run(replies(Resp.of(503, "insufficient_quota"), Resp.of(200, "ok")));

    assertThat(bodyReads).isZero();
    assertThat(clock.sleeps()).hasSize(1);
  }

  @Test
  void run_anotherCallOfTheClientDuringALearnedReset_waitsForItInsteadOfSending() {
    assertThat(sharedResetRun(true)).as("the second call waited for the first call's reset, then sent once")
        .containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(5));
  }

  @Test
  void run_sharedResetOff_theOtherCallSendsAtOnce() {
    assertThat(sharedResetRun(false)).containsExactly(Duration.ofSeconds(5));
  }

  /**
   * Call 1 gets a 429 naming 5 s; while it waits, call 2 of the same client starts: the sleeps both made (call 2's
   * sleep comes second: it runs inside call 1's wait).
   */
  private List<Duration> sharedResetRun(boolean shared) {
    List<Duration> sleeps = new java.util.ArrayList<>();
    boolean[] nested = {false};
    HttpRetryCalls[] calls = new HttpRetryCalls[1];
    int[] secondCallSends = {0};
    io.github.backoff.Sleeper sleeper = nanos -> {
      sleeps.add(Duration.ofNanos(nanos));
      if (!nested[0]) {
        nested[0] = true;
        calls[0].newCall(true).run(() -> {
          secondCallSends[0]++;
          return Resp.of(200, "ok");
        });
      }
      clock.advanceNanos(nanos);
    };
    var options = HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(sleeper)
        .withClock(Clock.fixed(EPOCH, ZoneOffset.UTC)).withRandom(ZERO).withoutBudget()
        .withRateLimitRules(RateLimitRules.defaults().withSharedReset(shared)).build();
    calls[0] = HttpRetryCalls.create(RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofMillis(100)))
        .build(), options, reader);

    calls[0].newCall(true).run(replies(Resp.of(429, null, "retry-after-ms", "5000"), Resp.of(200, "ok")));

    assertThat(secondCallSends[0]).isEqualTo(1);
    return sleeps;
  }

  @Test
  void runAsync_anotherCallDuringALearnedReset_isScheduledForItAndHoldsNoThread() {
    io.github.backoff.testing.ManualScheduler scheduler = new io.github.backoff.testing.ManualScheduler();
    var options = HttpRetryOptions.builder().withTicker(scheduler::nanoTime).withScheduler(scheduler)
        .withClock(Clock.fixed(EPOCH, ZoneOffset.UTC)).withRandom(ZERO).withoutBudget().build();
    HttpRetryCalls calls = HttpRetryCalls.create(RetryPolicy.builder().withBackoff(Backoff.constant(
        Duration.ofMillis(100))).build(), options, reader);
    int[] sends = {0, 0};

    var first = calls.newCall(true).runAsync(() -> java.util.concurrent.CompletableFuture.completedFuture(
        sends[0]++ == 0 ? Resp.of(429, null, "retry-after-ms", "5000") : Resp.of(200, "ok")));
    scheduler.runDueTasks();
    var second = calls.newCall(true).runAsync(() -> {
      sends[1]++;
      return java.util.concurrent.CompletableFuture.completedFuture(Resp.of(200, "ok"));
    });
    scheduler.runDueTasks();

    assertThat(sends).as("the second call waits for the first call's reset").containsExactly(1, 0);
    scheduler.advance(Duration.ofMillis(4999));
    assertThat(sends[1]).isZero();
    scheduler.advance(Duration.ofMillis(1));
    assertThat(sends).containsExactly(2, 1);
    assertThat(first.join()).isEqualTo(Resp.of(200, "ok"));
    assertThat(second.join()).isEqualTo(Resp.of(200, "ok"));
  }

  @Test
  void run_rulesNone_ignoresTheFamiliesAndUsesTheStrategy() {
    var options = HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep)
        .withClock(Clock.fixed(EPOCH, ZoneOffset.UTC)).withRandom(ZERO).withoutBudget()
        .withRateLimitRules(RateLimitRules.none()).build();
    HttpRetryCall call = HttpRetryCalls.create(RetryPolicy.builder().withBackoff(Backoff.constant(
        Duration.ofMillis(100))).build(), options, reader).newCall(true);

    call.run(replies(Resp.of(429, "insufficient_quota", "retry-after-ms", "5000"), Resp.of(200, "ok")));

    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(100));
    assertThat(Optional.of(options.rateLimitRules())).contains(RateLimitRules.none());
  }
}
