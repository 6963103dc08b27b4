package snippets.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.Retrier;
import io.github.backoff.RetryPolicy;
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
import org.junit.jupiter.api.Test;
import snippets.core.Aws2026DocSnippets.ResourceExhausted;
import snippets.core.Aws2026DocSnippets.Response;

/** Runs the examples of docs/aws-2026.md ({@link Aws2026DocSnippets}) in virtual time: they do what the page says. */
class Aws2026ExampleTest {
  private static RetryPolicy<Response> aws2026(RetryBudget quota) {
    return Aws2026DocSnippets.aws2026(quota);
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

  @Test
  void strategies_transientFrom50msThrottlingFrom1s_bothCappedAt20s() {
    List<Backoff> strategies = Aws2026DocSnippets.strategies();

    assertThat(strategies.get(0).maxDelayNanos(1)).isEqualTo(50_000_000L);
    assertThat(strategies.get(1).maxDelayNanos(1)).isEqualTo(1_000_000_000L);
    assertThat(strategies).allSatisfy(b -> assertThat(b.maxDelayNanos(30)).isEqualTo(20_000_000_000L));
  }

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

  @Test
  void perKind_exampleChoosesTheStrategyByException() {
    RetryPolicy<String> policy = Aws2026DocSnippets.perKind();

    assertThat(policy.backoffFor(null, new ResourceExhausted()).maxDelayNanos(1)).isEqualTo(1_000_000_000L);
    assertThat(policy.backoffFor(null, new IllegalStateException()).maxDelayNanos(1)).isEqualTo(50_000_000L);
  }

  @Test
  void adaptive_afterThrottlingFirstAttemptsAreSpacedOut() {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.create(clock::nanoTime);
    Retrier<Response> retrier = virtual(Aws2026DocSnippets.adaptive(limiter));
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

  @Test
  void nonReserving_afterAThrottle_sendsWhenATokenIsInTheBucket() throws InterruptedException {
    AdaptiveRateLimiter limiter = AdaptiveRateLimiter.nonReserving(clock::nanoTime);
    responses.addAll(List.of(Response.of(429), Response.of(200), Response.of(200)));

    for (int i = 0; i < 3; i++) {
      Aws2026DocSnippets.callNonReserving(limiter, clock::sleep, this::send);
    }

    // Off until the 429; then 0.5 token/s from an empty bucket: a whole token 2 s later, never below zero.
    assertThat(sentAt).startsWith(0L, 2_000_000_000L);
    assertThat(sentAt.get(2)).isGreaterThan(sentAt.get(1));
    assertThat(limiter.tokens()).isGreaterThanOrEqualTo(0.0);
  }
}
