package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryException;
import io.github.backoff.RetryPolicy;
import io.github.backoff.StopReason;
import io.github.backoff.httprules.HttpRetryOptions;
import io.github.backoff.httprules.RateLimitRules;
import io.github.backoff.httprules.HttpRetryOptionsBuilder;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.FakeClock;
import io.github.backoff.testing.ManualScheduler;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * The HTTP plumbing every client shares, tested in the core with a response type of its own (so no client is
 * needed): which responses are retried and after how long (Retry-After, a millisecond hint, the strategy), what a stop
 * gives back, the attempt limits, and the options and builder the clients expose.
 */
class HttpRetryCallsTest {
  /** A response: a status and headers. */
  record Resp(int status, Map<String, String> headers) {
    Resp(int status) {
      this(status, Map.of());
    }
  }

  private static final HttpResponseReader READER = HttpResponseReader.of(Resp.class, Resp::status,
      (r, name) -> r.headers().get(name));
  private static final Clock WALL = Clock.fixed(Instant.parse("2026-11-26T12:00:00Z"), ZoneOffset.UTC);
  /** Every uniform draw is one half. */
  private static final RandomGenerator HALF = new RandomGenerator() {
    @Override
    public long nextLong() {
      return 0;
    }

    @Override
    public double nextDouble() {
      return 0.5;
    }
  };

  private final FakeClock clock = new FakeClock();

  private HttpRetryOptionsBuilder options() {
    return HttpRetryOptions.builder().withTicker(clock::nanoTime).withSleeper(clock::sleep).withClock(WALL)
        .withRandom(HALF);
  }

  private static RetryPolicy<Object> oneSecond(int maxAttempts) {
    return RetryPolicy.builder().withBackoff(Backoff.constant(Duration.ofSeconds(1))).withMaxAttempts(maxAttempts)
        .build();
  }

  /** Answers with the responses (or throws the exceptions) given, in order. */
  private static Callable<Object> replies(Object... replies) {
    Deque<Object> left = new ArrayDeque<>(List.of(replies));
    return () -> {
      Object next = left.removeFirst();
      if (next instanceof Exception e) {
        throw e;
      }
      return next;
    };
  }

  @Test
  void retrier_retryableStatusThenOk_retriesAfterTheStrategysWait() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    Object result = calls.retrier(true).call(replies(new Resp(503), new Resp(200)));

    assertThat(result).isEqualTo(new Resp(200));
    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void retrier_notRetryable_makesOneAttempt() {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    assertThatThrownBy(() -> calls.retrier(false).call(replies(new Resp(503), new Resp(200))))
        .isInstanceOfSatisfying(RetryException.class, e -> assertThat(e.attempts()).isEqualTo(1));
    assertThat(clock.sleeps()).isEmpty();
  }

  @Test
  void retrier_retryAfterOn503_waitsTheAskedTimeSpreadByHalfTheBound() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    calls.retrier(true).call(replies(new Resp(503, Map.of("Retry-After", "2")), new Resp(200)));

    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(2500)); // 2 s + 0.5 * max(1 s, 1 s)
  }

  @Test
  void retrier_millisecondHintConfigured_isFollowedAboveTheComputedWait() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3),
        options().withRetryAfterMillisHeader("x-amz-retry-after").build(), READER);

    calls.retrier(true).call(replies(new Resp(500, Map.of("x-amz-retry-after", "1500")), new Resp(200)));

    assertThat(clock.sleeps()).containsExactly(Duration.ofMillis(1500));
  }

  @Test
  void retrier_millisecondHintNotConfigured_isIgnored() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    calls.retrier(true).call(replies(new Resp(500, Map.of("x-amz-retry-after", "1500")), new Resp(200)));

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void retrier_failureWithoutResponse_waitsTheStrategysDelay() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    calls.retrier(true).call(replies(new IOException("reset"), new Resp(200)));

    assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(1));
  }

  @Test
  void create_ownRetryableResultAndAbortCondition_areUsed() throws Exception {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER,
        r -> ((Resp) r).status() == 404, t -> t instanceof IllegalStateException);

    assertThat(calls.retrier(true).call(replies(new Resp(404), new Resp(503)))).isEqualTo(new Resp(503));
    assertThatThrownBy(() -> calls.retrier(true).call(replies(new IllegalStateException("fatal"))))
        .isInstanceOfSatisfying(RetryException.class, e -> assertThat(e.reason()).isEqualTo(StopReason.ABORTED));
  }

  @Test
  void resultOnStop_retriesExhaustedOnAResponse_givesTheLastResponse() {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(2), options().build(), READER);

    RetryException stop = catchRetry(() -> calls.retrier(true).call(replies(new Resp(503), new Resp(502))));

    assertThat(calls.resultOnStop(stop)).isEqualTo(new Resp(502));
  }

  @Test
  void resultOnStop_aFailureAnInterruptOrAPolicyThatThrows_givesNothing() {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(2), options().build(), READER);
    Resp last = new Resp(503);

    assertThat(calls.resultOnStop(new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 2, Duration.ZERO,
        new IOException("reset"), null))).isNull();
    assertThat(calls.resultOnStop(new RetryException(StopReason.INTERRUPTED, 2, Duration.ZERO, null, last)))
        .isNull();
    assertThat(calls.resultOnStop(new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 0, Duration.ZERO, null, last)))
        .isNull();
    assertThat(calls.resultOnStop(new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 2, Duration.ZERO, null, null)))
        .isNull();
    assertThat(calls.resultOnStop(new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 1, Duration.ZERO, null, last)))
        .isSameAs(last);
    HttpRetryCalls throwing = HttpRetryCalls.create(RetryPolicy.builder().throwOnRetryableResult().build(),
        options().build(), READER);
    assertThat(throwing.resultOnStop(new RetryException(StopReason.ATTEMPTS_EXHAUSTED, 2, Duration.ZERO, null,
        last))).isNull();
  }

  private static RetryException catchRetry(Callable<?> call) {
    try {
      call.call();
    } catch (RetryException e) {
      return e;
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no RetryException");
  }

  @Test
  void attemptLimitNanos_isTheAttemptTimeoutOrTheTimeLeft() {
    clock.advance(Duration.ofSeconds(100));
    HttpRetryCalls none = HttpRetryCalls.create(oneSecond(3), options().build(), READER);
    HttpRetryCalls timeout = HttpRetryCalls.create(RetryPolicy.builder()
        .withAttemptTimeout(Duration.ofSeconds(2)).build(), options().build(), READER);
    HttpRetryCalls deadline = HttpRetryCalls.create(RetryPolicy.builder()
        .withMaxElapsed(Duration.ofSeconds(10)).build(), options().build(), READER);

    assertThat(none.newCall(true).attemptLimitNanos()).isEqualTo(Long.MAX_VALUE);
    assertThat(timeout.newCall(true).attemptLimitNanos()).isEqualTo(2_000_000_000L);
    HttpRetryCall call = deadline.newCall(true);
    clock.advance(Duration.ofSeconds(4));
    assertThat(call.attemptLimitNanos()).isEqualTo(6_000_000_000L);
  }

  @Test
  void accessors_areWhatTheCallsWereMadeWith() {
    RetryPolicy<Object> policy = oneSecond(3);
    HttpRetryOptions options = options().build();

    HttpRetryCalls calls = HttpRetryCalls.create(policy, options, READER);

    assertThat(calls.policy()).isSameAs(policy);
    assertThat(calls.options()).isSameAs(options);
    assertThat(calls.budget()).as("the default budget").isPresent();
    assertThat(HttpRetryCalls.create(policy, options().withoutBudget().build(), READER).budget()).isEmpty();
    assertThat(calls.toString()).startsWith("HttpRetryCalls[HttpRetryOptions[").contains("policy=" + policy);
  }

  @Test
  void create_nullArguments_throwNpeNamingThem() {
    assertThatThrownBy(() -> HttpRetryCalls.create(null, options().build(), READER)).hasMessageContaining("policy");
    assertThatThrownBy(() -> HttpRetryCalls.create(oneSecond(1), null, READER)).hasMessageContaining("options");
    assertThatThrownBy(() -> HttpRetryCalls.create(oneSecond(1), options().build(), null))
        .hasMessageContaining("reader");
  }

  @Test
  void retrierBuilder_optionsScheduler_runsTheAsyncRetriesOnIt() {
    ManualScheduler scheduler = new ManualScheduler();
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3),
        HttpRetryOptions.builder().withTicker(scheduler::nanoTime).withScheduler(scheduler).withClock(WALL)
            .withRandom(HALF).build(), READER);
    Deque<Resp> answers = new ArrayDeque<>(List.of(new Resp(503), new Resp(200)));

    CompletableFuture<Object> call = calls.retrierBuilder(true).build()
        .callAsync(() -> CompletableFuture.completedFuture(answers.removeFirst()));
    assertThat(call).isNotDone();
    scheduler.advance(Duration.ofSeconds(1));

    assertThat(call).isCompletedWithValue(new Resp(200));
  }

  @Test
  void scheduleTimer_schedulesOnTheSharedScheduler() {
    HttpRetryCalls calls = HttpRetryCalls.create(oneSecond(3), options().build(), READER);

    ScheduledFuture<?> timer = calls.scheduleTimer(() -> { }, Duration.ofHours(1).toNanos());

    assertThat(timer.isDone()).isFalse();
    assertThat(timer.cancel(false)).isTrue();
    assertThatThrownBy(() -> calls.scheduleTimer(null, 1)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void reader_otherTypes_haveNoStatusAndNoHeaders() {
    assertThat(READER.status(new Resp(503))).isEqualTo(503);
    assertThat(READER.status("not a response")).isEqualTo(-1);
    assertThat(READER.header(new Resp(200, Map.of("a", "b")), "a")).isEqualTo("b");
    assertThat(READER.header("not a response", "a")).isNull();
    assertThat(READER).hasToString("HttpResponseReader[" + Resp.class.getName() + "]");
  }

  @Test
  void options_everySetting_isReadBackAndSurvivesToBuilder() {
    ManualScheduler scheduler = new ManualScheduler();
    HttpRetryOptions options = HttpRetryOptions.builder().withRetryableStatuses(503)
        .withRetryableMethods("POST").withMaxRetryAfter(Duration.ofSeconds(30))
        .withRetryAfterMillisHeader("x-hint", Duration.ofSeconds(2)).withoutBudget().withClock(WALL)
        .withTicker(clock::nanoTime).withSleeper(clock::sleep).withScheduler(scheduler).withRandom(HALF).build();

    for (HttpRetryOptions o : List.of(options, options.toBuilder().build())) {
      assertThat(o.retryableStatuses()).containsExactly(503);
      assertThat(o.retryableMethods()).contains(java.util.Set.of("POST"));
      assertThat(o.maxRetryAfter()).isEqualTo(Duration.ofSeconds(30));
      assertThat(o.retryAfterMillisHeader()).contains("x-hint");
      assertThat(o.maxHintAboveBackoff()).isEqualTo(Duration.ofSeconds(2));
      assertThat(o.defaultBudget()).isFalse();
      assertThat(o.clock()).isSameAs(WALL);
      assertThat(o.ticker()).isSameAs(options.ticker());
      assertThat(o.sleeper()).isSameAs(options.sleeper());
      assertThat(o.scheduler()).containsSame(scheduler);
      assertThat(o.random()).containsSame(HALF);
      assertThat(o.rateLimitRules()).isSameAs(RateLimitRules.defaults());
      assertThat(o).hasToString("HttpRetryOptions[statuses=[503], methods=[POST], maxRetryAfter=PT30S,"
          + " retryAfterMillisHeader=x-hint (at most PT2S above the backoff), defaultBudget=false]");
    }
  }

  @Test
  void options_defaults_areTheDocumentedOnes() {
    HttpRetryOptions d = HttpRetryOptions.defaults();

    assertThat(d.retryableStatuses()).containsExactlyInAnyOrder(429, 500, 502, 503, 504);
    assertThat(d.retryableMethods()).isPresent();
    assertThat(d.maxRetryAfter()).isEqualTo(Duration.ofMinutes(1));
    assertThat(d.retryAfterMillisHeader()).isEmpty();
    assertThat(d.defaultBudget()).isTrue();
    assertThat(d.scheduler()).isEmpty();
    assertThat(d.random()).isEmpty();
    assertThat(d.rateLimitRules()).isSameAs(RateLimitRules.defaults());
    assertThat(d.toString()).doesNotContain("retryAfterMillisHeader").contains("defaultBudget=true");
    assertThat(d.toBuilder().retryAllMethods().build().toString()).contains("methods=all");
  }

  @Test
  void isRetryableMethod_allMethodsAKeyOrAListedMethod() {
    HttpRetryOptions idempotent = HttpRetryOptions.defaults();
    HttpRetryOptions all = HttpRetryOptions.builder().retryAllMethods().build();

    assertThat(idempotent.isRetryableMethod("GET", false)).isTrue();
    assertThat(idempotent.isRetryableMethod("POST", false)).isFalse();
    assertThat(idempotent.isRetryableMethod("POST", true)).isTrue();
    assertThat(all.isRetryableMethod("POST", false)).isTrue();
    assertThat(all.retryableMethods()).isEmpty();
    assertThat(all.toBuilder().withRetryableMethods("PUT").build().isRetryableMethod("POST", false))
        .as("a list in a builder derived from all methods replaces it").isFalse();
  }

  @Test
  void isRetryableStatus_onlyListedStatusesAndNeverOutsideTheTable() {
    HttpRetryOptions options = HttpRetryOptions.builder().withRetryableStatuses(100, 599).build();

    assertThat(options.isRetryableStatus(100)).isTrue();
    assertThat(options.isRetryableStatus(599)).isTrue();
    assertThat(options.isRetryableStatus(503)).isFalse();
    assertThat(options.isRetryableStatus(0)).isFalse();
    assertThat(options.isRetryableStatus(-1)).isFalse();
    assertThat(options.isRetryableStatus(600)).isFalse();
  }

  @Test
  void builder_invalidValues_failNamingThem() {
    assertThatThrownBy(() -> HttpRetryOptions.builder().withMaxRetryAfter(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("max must not be negative: PT-1S");
    assertThatThrownBy(() -> HttpRetryOptions.builder().withMaxRetryAfter(null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("max");
    assertThatThrownBy(() -> HttpRetryOptions.builder().withRetryAfterMillisHeader("x-hint", Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAboveBackoff must not be negative: PT-1S");
    assertThatThrownBy(() -> HttpRetryOptions.builder().withRetryAfterMillisHeader("x-hint", null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("maxAboveBackoff");
    assertThatThrownBy(() -> HttpRetryOptions.builder().withRetryAfterMillisHeader("bad header"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(HttpRetryOptions.builder().withMaxRetryAfter(Duration.ZERO).build().maxRetryAfter()).isZero();
    assertThat(HttpRetryOptions.builder().withRetryAfterMillisHeader("x-hint").build().maxHintAboveBackoff())
        .isEqualTo(Duration.ofSeconds(5));
    assertThat(Optional.of(HttpRetryOptions.builder().withRetryAfterMillisHeader("x-hint", Duration.ZERO).build())
        .map(HttpRetryOptions::maxHintAboveBackoff)).contains(Duration.ZERO);
  }
}
