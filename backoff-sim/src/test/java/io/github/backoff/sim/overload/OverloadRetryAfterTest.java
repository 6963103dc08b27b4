package io.github.backoff.sim.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.budget.RetryBudget;
import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class OverloadRetryAfterTest {
  private static final Backoff FULL_JITTER =
      Backoff.exponential(Duration.ofMillis(50), 2).withCap(Duration.ofSeconds(2)).withFullJitter();

  /** λ 100/s against a server that admits 20/s: most first attempts are throttled. */
  private static OverloadModel model() {
    return new OverloadModel(Systems.system(100, 1000, 100, 1, 0, 0, 0, 30, false, 20));
  }

  private static OverloadModel model(RetryAfterHint hint) {
    return new OverloadModel(Systems.system(100, 1000, 100, 1, 0, 0, 0, 30, false, 20).withThrottling(20, hint));
  }

  /** Counts the draws made from a seeded generator. */
  private static final class Counting implements RandomGenerator {
    private final SplittableRandom random = new SplittableRandom(3);
    long draws;

    @Override
    public long nextLong() {
      draws++;
      return random.nextLong();
    }

    @Override
    public double nextDouble() {
      draws++;
      return random.nextDouble();
    }
  }

  private static OverloadOutcome run(OverloadModel model, RandomGenerator jitter) {
    OverloadOutcome o = new OverloadOutcome();
    model.run(FULL_JITTER, 4, t -> RetryBudget.tokenBucket(100, 0.1), null, new SplittableRandom(1),
        new SplittableRandom(2), jitter, null, o);
    return o;
  }

  private static double retriesIn(OverloadOutcome o, int second) {
    return o.value(OverloadOutcome.RETRIES, second);
  }

  @Test
  void retryAfter_none_drawsNothingMoreAndChangesNothing() {
    Counting plain = new Counting();
    OverloadOutcome without = run(model(), plain);
    Counting none = new Counting();
    OverloadOutcome with = run(model(RetryAfterHint.NONE), none);
    assertThat(none.draws).isEqualTo(plain.draws);
    assertThat(with.events()).isEqualTo(without.events());
    assertThat(with.attempts()).isEqualTo(without.attempts());
    assertThat(with.lost()).isEqualTo(without.lost());
    assertThat(with.latencyMean()).isEqualTo(without.latencyMean());
  }

  @Test
  void retryAfter_threeSeconds_noThrottledClientRetriesBeforeTheHint() {
    OverloadOutcome without = run(model(), new SplittableRandom(3));
    assertThat(retriesIn(without, 0)).isPositive(); // full jitter from 50 ms: retries in the first second
    OverloadOutcome o = run(model(RetryAfterHint.parse("3s")), new SplittableRandom(3));
    assertThat(o.throttled()).isPositive();
    for (int s = 0; s < 3; s++) {
      assertThat(retriesIn(o, s)).as("retries in second %d", s).isZero();
    }
    assertThat(retriesIn(o, 3) + retriesIn(o, 4) + retriesIn(o, 5)).isPositive();
    // A retried success waited at least 3 s.
    assertThat(o.latencyMean()).isGreaterThan(without.latencyMean());
  }

  @Test
  void retryAfter_overTheMaximum_everyThrottledRequestGivesUpWithoutRetrying() {
    OverloadOutcome o = run(model(RetryAfterHint.parse("120s")), new SplittableRandom(3));
    assertThat(o.retries()).isZero();
    assertThat(o.hintTooLong()).isEqualTo(o.throttled()).isPositive();
    assertThat(o.lost()).isEqualTo(o.hintTooLong());
  }

  @Test
  void retryAfter_millisHintOverFiveSecondsAbove_isCappedAtTheDelayPlusFiveSeconds() {
    OverloadOutcome o = run(model(RetryAfterHint.parse("millis:30s")), new SplittableRandom(3));
    // Waits are the strategy's delay (<= 2 s) + 5 s: in [5 s, 7 s] after the failure, never the 30 s asked.
    for (int s = 0; s < 5; s++) {
      assertThat(retriesIn(o, s)).as("retries in second %d", s).isZero();
    }
    assertThat(retriesIn(o, 5) + retriesIn(o, 6) + retriesIn(o, 7)).isPositive();
    assertThat(o.hintTooLong()).isZero();
  }

  @Test
  void config_retryAfterWithTheQueueingServer_fails() {
    assertThatThrownBy(() -> OverloadConfig.builder().retryAfter("1s").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retry-after: applies to --server throttling only (only a throttled reply carries a hint)");
  }

  @Test
  void config_retryAfter_defaultsToNoneAndShowsWhenSet() {
    assertThat(OverloadConfig.defaults().retryAfter()).isSameAs(RetryAfterHint.NONE);
    assertThat(OverloadConfig.defaults().toString()).doesNotContain("retry-after");
    OverloadConfig c = OverloadConfig.builder().server("throttling").retryAfter("500ms").build();
    assertThat(c.retryAfter()).isEqualTo(RetryAfterHint.parse("500ms"));
    assertThat(c.toString()).contains(" retry-after=500ms ");
  }
}
