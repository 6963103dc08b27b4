package io.github.backoff.httprules.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.RetryContext;
import io.github.backoff.httprules.HttpRetryDelays;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * Which hint {@code hintedDelay} follows (a {@code Retry-After} on 429/503, else a millisecond hint, else none), how
 * far each is clamped, and the argument edges of the pure functions: a time left of zero, a hint ending exactly at
 * the deadline, zero headroom above the computed wait.
 */
class HttpHintsTest {
  private static final long S = 1_000_000_000L;
  private static final Clock CLOCK = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);
  private static final long MAX = 60 * S;
  private static final long MAX_ABOVE = 5 * S;

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

  private static RetryContext<Object> context(long delayNanos, long maxDelayNanos, Optional<Duration> timeLeft) {
    return new RetryContext<>(null, null, 1, Duration.ZERO, Duration.ofNanos(delayNanos),
        Duration.ofNanos(maxDelayNanos), "default", timeLeft);
  }

  @Test
  void hintedDelay_retryAfterOn503_isTheAskedWaitSpreadByTheStrategysMaximum() {
    Duration wait = HttpHints.hintedDelay(503, "2", null, context(S, 4 * S, Optional.empty()), CLOCK, HALF,
        MAX, MAX_ABOVE);

    assertThat(wait).isEqualTo(Duration.ofSeconds(4)); // 2 s + 0.5 * max(1 s, 4 s)
  }

  @Test
  void hintedDelay_retryAfterWithTimeLeft_cutsTheSpreadHalfwayToTheDeadline() {
    Duration wait = HttpHints.hintedDelay(429, "2", null,
        context(S, 10 * S, Optional.of(Duration.ofSeconds(4))), CLOCK, HALF, MAX, MAX_ABOVE);

    assertThat(wait).isEqualTo(Duration.ofSeconds(3)); // 7 s spread, cut to 2 + (4 - 2) / 2
  }

  @Test
  void hintedDelay_noRandomGiven_drawsTheSpreadWithinItsBound() {
    Duration wait = HttpHints.hintedDelay(503, "2", null, context(S, 4 * S, Optional.empty()), CLOCK, null,
        MAX, MAX_ABOVE);

    assertThat(wait).isBetween(Duration.ofSeconds(2), Duration.ofSeconds(6));
  }

  @Test
  void hintedDelay_retryAfterOnAStatusThatDoesNotHonourIt_isIgnored() {
    assertThat(HttpHints.hintedDelay(500, "2", null, context(S, S, Optional.empty()), CLOCK, HALF, MAX,
        MAX_ABOVE)).isNull();
    assertThat(HttpHints.hintedDelay(500, "2", "1500", context(S, S, Optional.empty()), CLOCK, HALF, MAX,
        MAX_ABOVE)).isEqualTo(Duration.ofMillis(1500));
  }

  @Test
  void hintedDelay_invalidRetryAfter_fallsBackToTheMillisecondHint() {
    Duration wait = HttpHints.hintedDelay(429, "soon", "1500", context(S, S, Optional.empty()), CLOCK, HALF,
        MAX, MAX_ABOVE);

    assertThat(wait).isEqualTo(Duration.ofMillis(1500));
  }

  @Test
  void hintedDelay_millisecondHintShorterThanTheComputedWait_isTheComputedWait() {
    assertThat(HttpHints.hintedDelay(503, null, "100", context(2 * S, 2 * S, Optional.empty()), CLOCK, HALF,
        MAX, MAX_ABOVE)).isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void hintedDelay_millisecondHintAboveTheMaximum_isClampedToIt() {
    assertThat(HttpHints.hintedDelay(503, null, "10000", context(S, S, Optional.empty()), CLOCK, HALF,
        3 * S, 20 * S)).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void hintedDelay_computedWaitAtTheMaximum_stillFollowsTheHint() {
    assertThat(HttpHints.hintedDelay(503, null, "5000", context(3 * S, 3 * S, Optional.empty()), CLOCK, HALF,
        3 * S, MAX_ABOVE)).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void hintedDelay_computedWaitAboveTheMaximum_isNull() {
    assertThat(HttpHints.hintedDelay(503, null, "5000", context(4 * S, 4 * S, Optional.empty()), CLOCK, HALF,
        3 * S, MAX_ABOVE)).isNull();
  }

  @Test
  void hintedDelay_noHints_isNull() {
    assertThat(HttpHints.hintedDelay(503, null, null, context(S, S, Optional.empty()), CLOCK, HALF, MAX,
        MAX_ABOVE)).isNull();
    assertThat(HttpHints.hintedDelay(503, "soon", "later", context(S, S, Optional.empty()), CLOCK, HALF, MAX,
        MAX_ABOVE)).isNull();
  }

  @Test
  void retryAfterWaitNanos_noTimeLeft_isAcceptedAndNotCut() {
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2 * S, 2 * S, MAX, 0, 0.5)).isEqualTo(3 * S);
  }

  @Test
  void retryAfterWaitNanos_askedWaitEndsExactlyAtTheDeadline_isNotCut() {
    assertThat(HttpRetryDelays.retryAfterWaitNanos(2 * S, 2 * S, MAX, 2 * S, 0.5)).isEqualTo(3 * S);
  }

  @Test
  void clampHintNanos_negativeHintOrComputed_throwsIaeNamingIt() {
    assertThatThrownBy(() -> HttpRetryDelays.clampHintNanos(-1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("hintNanos must be >= 0: -1");
    assertThatThrownBy(() -> HttpRetryDelays.clampHintNanos(0, -1, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("computedNanos must be >= 0: -1");
  }

  @Test
  void clampHintNanos_noHeadroom_isTheComputedWait() {
    assertThat(HttpRetryDelays.clampHintNanos(5 * S, 2 * S, 0)).isEqualTo(2 * S);
  }

  /** A response as a client would have it: a status and headers (names case-insensitive). */
  private record Response(int status, java.util.Map<String, String> headers) {}

  private static final HttpResponseReader READER = HttpResponseReader.of(Response.class, Response::status,
      (r, name) -> r.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(java.util.Map.Entry::getValue).findFirst().orElse(null));

  @Test
  void isQuietFor_whenQuiet_delayForIsNullWhateverTheContext() {
    HttpHints plain = new HttpHints(READER, io.github.backoff.httprules.HttpRetryOptions.defaults());
    HttpHints millis = new HttpHints(READER, io.github.backoff.httprules.HttpRetryOptions.builder()
        .withRetryAfterMillisHeader("x-amz-retry-after").build());
    java.util.List<Object> results = java.util.List.of(
        new Response(503, java.util.Map.of()),
        new Response(429, java.util.Map.of("retry-after", "2")),
        new Response(503, java.util.Map.of("Retry-After", "soon")),
        new Response(500, java.util.Map.of("Retry-After", "2")),
        new Response(500, java.util.Map.of("x-amz-retry-after", "1500")),
        new Response(200, java.util.Map.of()),
        "not a response");
    RetryContext<Object> context = context(S, 4 * S, Optional.empty());
    for (HttpHints hints : java.util.List.of(plain, millis)) {
      for (Object result : results) {
        RetryContext<Object> with = new RetryContext<>(result, null, 1, Duration.ZERO, context.delay(),
            context.maxDelay(), "default", Optional.empty());
        if (hints.isQuietFor(result, null)) {
          assertThat(hints.delayFor(with)).as("%s, %s", hints, result).isNull();
        }
      }
    }
    // Quiet exactly when no hint header is there to read: the core then builds no context.
    assertThat(plain.isQuietFor(new Response(503, java.util.Map.of()), null)).isTrue();
    assertThat(plain.isQuietFor(new Response(500, java.util.Map.of("x-amz-retry-after", "1500")), null)).isTrue();
    assertThat(plain.isQuietFor("not a response", null)).isTrue();
    assertThat(plain.isQuietFor(new Response(429, java.util.Map.of("retry-after", "2")), null)).isFalse();
    assertThat(millis.isQuietFor(new Response(500, java.util.Map.of("x-amz-retry-after", "1500")), null)).isFalse();
    assertThat(millis.delayFor(new RetryContext<>(new Response(500, java.util.Map.of("x-amz-retry-after", "1500")),
        null, 1, Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(4), "default", Optional.empty())))
        .isEqualTo(Duration.ofMillis(1500));
  }
}
