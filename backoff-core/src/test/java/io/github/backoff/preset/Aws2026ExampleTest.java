package io.github.backoff.preset;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryKind;
import io.github.backoff.RetryPolicy;
import io.github.backoff.Sleeper;
import io.github.backoff.budget.CostClass;
import io.github.backoff.budget.RetryBudget;
import io.github.backoff.event.RetryScheduled;
import io.github.backoff.ratelimit.AdaptiveRateLimiter;
import io.github.backoff.strategy.Backoff;
import io.github.backoff.testing.ManualScheduler;
import io.github.backoff.testing.Randoms;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Holds the examples of docs/aws-2026.md, so that they keep compiling and doing what the page says. */
class Aws2026ExampleTest {

  /** The page's stand-in for an HTTP response: a status and the x-amz-retry-after header, if any. */
  record Response(int statusCode, Optional<String> retryAfterMillis) {
    static Response of(int status) {
      return new Response(status, Optional.empty());
    }
  }

  private final ManualScheduler clock = new ManualScheduler();
  private final Deque<Response> responses = new ArrayDeque<>();
  private final List<Long> sentAt = new ArrayList<>();

  private Response send() {
    sentAt.add(clock.nanoTime());
    return responses.removeFirst();
  }

  private <R> Retrier<R> virtual(RetryPolicy<R> policy) {
    return Retrier.builder(policy).withTicker(clock::nanoTime).withSleeper(clock::sleep).withScheduler(clock)
        .withRandom(Randoms.seeded(7)).build();
  }

  // --- docs/aws-2026.md: standard mode from 2026 (keep in sync) ---
  static Duration retryAfter(Response response, Throwable failure) {
    if (response == null || response.retryAfterMillis().isEmpty()) {
      return null; // the strategy's wait
    }
    try {
      return Duration.ofMillis(Long.parseLong(response.retryAfterMillis().get()));
    } catch (NumberFormatException e) {
      return null; // invalid values are ignored, as the SDKs do
    }
  }

  static RetryPolicy<Response> aws2026(RetryBudget quota) {
    Preset aws = Preset.awsSdk2026();
    return aws.<Response>policyBuilder((response, failure) -> response != null && response.statusCode() == 429)
        .retryIfResult(response -> aws.isRetryableStatus(response.statusCode()))
        .withDelayHint(Aws2026ExampleTest::retryAfter, Duration.ofSeconds(5))
        .withBudget(quota)
        .build();
  }
  // --- end ---

  @Test
  void standardMode2026_throttlingWaitsLongerAndCostsLess() {
    RetryBudget quota = RetryBudget.retryQuota2026(); // one per service, shared by every call to it
    List<RetryScheduled<?>> scheduled = new ArrayList<>();
    RetryPolicy<Response> policy = aws2026(quota).toBuilder()
        .onEvent(e -> {
          if (e instanceof RetryScheduled<?> s) {
            scheduled.add(s);
          }
        }).build();
    responses.addAll(List.of(Response.of(503), Response.of(429), Response.of(200)));

    Response response = virtual(policy).call(this::send);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(scheduled).extracting(RetryScheduled::kind).containsExactly("default", "throttling");
    assertThat(scheduled.get(0).maxDelay()).isEqualTo(Duration.ofMillis(50));
    assertThat(scheduled.get(1).maxDelay()).isEqualTo(Duration.ofSeconds(2));
    assertThat(quota.available()).as("14 + 5 taken, the last retry's 5 given back").isEqualTo(486.0);
  }

  @Test
  void standardMode2026_retryAfterHint_clampedToFiveSecondsAboveTheComputedWait() {
    responses.addAll(List.of(new Response(503, Optional.of("60000")), new Response(503, Optional.of("1")),
        Response.of(200)));

    virtual(aws2026(RetryBudget.retryQuota2026())).call(this::send);

    long first = sentAt.get(1) - sentAt.get(0);
    long second = sentAt.get(2) - sentAt.get(1);
    assertThat(first).as("60 s asked: at most 50 ms + 5 s").isBetween(Duration.ofSeconds(5).toNanos(),
        Duration.ofMillis(5_050).toNanos());
    assertThat(second).as("1 ms asked: at least the computed wait, at most 100 ms").isBetween(0L,
        Duration.ofMillis(100).toNanos());
  }

  // --- docs/aws-2026.md: backoff per kind of failure (keep in sync) ---
  static final class ResourceExhausted extends RuntimeException {}

  static RetryPolicy<String> perKind() {
    return RetryPolicy.<String>builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(50), 2.0).withCap(Duration.ofSeconds(20))
            .withFullJitter())
        .withBackoffFor(RetryKind.<String>onFailure("exhausted", f -> f instanceof ResourceExhausted,
                Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(20)).withFullJitter())
            .withCostClass(CostClass.THROTTLING))
        .withMaxAttempts(4)
        .withBudget(RetryBudget.retryQuota(500, 14, 14, 5))
        .build();
  }
  // --- end ---

  @Test
  void perKind_exampleChoosesTheStrategyByException() {
    RetryPolicy<String> policy = perKind();

    assertThat(policy.backoffFor(null, new ResourceExhausted()).maxDelayNanos(1)).isEqualTo(1_000_000_000L);
    assertThat(policy.backoffFor(null, new IllegalStateException()).maxDelayNanos(1)).isEqualTo(50_000_000L);
  }

  // --- docs/aws-2026.md: adaptive mode (keep in sync) ---
  static RetryPolicy<Response> adaptive(AdaptiveRateLimiter limiter) {
    return aws2026(RetryBudget.retryQuota2026()).toBuilder()
        .withRateLimiter(limiter) // one limiter per throttled resource
        .build();
  }
  // --- end ---

  @Test
  void adaptive_afterThrottlingFirstAttemptsAreSpacedOut() {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(clock::nanoTime);
    Retrier<Response> retrier = virtual(adaptive(limiter));
    for (int i = 0; i < 3; i++) {
      responses.add(Response.of(429));
    }
    for (int i = 0; i < 5; i++) {
      responses.add(Response.of(200));
    }

    retrier.call(this::send); // 429, 429, 429: gives up after 3 attempts
    for (int i = 0; i < 5; i++) {
      retrier.call(this::send);
    }

    assertThat(limiter.isEnabled()).isTrue();
    // The first attempts after the throttles were spaced by the token bucket (at most about 1 token/s here),
    // where standard mode would have sent them at once.
    for (int i = 4; i < sentAt.size(); i++) {
      assertThat(sentAt.get(i) - sentAt.get(i - 1)).as("gap before request %d", i).isPositive();
    }
    assertThat(limiter.fillRate()).isLessThan(5.0);
  }

  // --- docs/aws-2026.md: two modes, non-reserving (keep in sync) ---
  static Response callNonReserving(AdaptiveRateLimiter limiter, Sleeper sleeper, Supplier<Response> send)
      throws InterruptedException {
    limiter.acquire(sleeper);           // waits and re-checks until a whole token is in the bucket, then takes it
    Response response = send.get();
    limiter.onResponse(response.statusCode() == 429);
    return response;
  }
  // AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(Ticker.SYSTEM); // botocore's bucket
  // --- end ---

  @Test
  void nonReserving_afterAThrottle_sendsWhenATokenIsInTheBucket() throws InterruptedException {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(clock::nanoTime);
    responses.addAll(List.of(Response.of(429), Response.of(200), Response.of(200)));

    for (int i = 0; i < 3; i++) {
      callNonReserving(limiter, clock::sleep, this::send);
    }

    // Off until the 429; then 0.5 token/s from an empty bucket: a whole token 2 s later, never below zero.
    assertThat(sentAt).startsWith(0L, 2_000_000_000L);
    assertThat(sentAt.get(2)).isGreaterThan(sentAt.get(1));
    assertThat(limiter.tokens()).isGreaterThanOrEqualTo(0.0);
  }
}
