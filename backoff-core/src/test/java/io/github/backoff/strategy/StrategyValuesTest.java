package io.github.backoff.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Value semantics the behaviour tests do not read: equality and hashes of strategies, a schedule's accessors. */
class StrategyValuesTest {
  @Test
  void exponential_equalParameters_areEqualWithEqualHashes() {
    Backoff a = Backoff.exponential(Duration.ofMillis(100), 2.0);

    assertThat(a).isEqualTo(Backoff.exponential(Duration.ofMillis(100), 2.0))
        .hasSameHashCodeAs(Backoff.exponential(Duration.ofMillis(100), 2.0));
    assertThat(a).isNotEqualTo(Backoff.exponential(Duration.ofMillis(100), 3.0))
        .isNotEqualTo(Backoff.exponential(Duration.ofMillis(200), 2.0)).isNotEqualTo("exponential");
    assertThat(a.hashCode()).isNotEqualTo(Backoff.exponential(Duration.ofMillis(100), 3.0).hashCode())
        .isNotEqualTo(Backoff.exponential(Duration.ofMillis(200), 2.0).hashCode()).isNotZero();
  }

  @Test
  void constant_hashCode_followsTheDelay() {
    assertThat(Backoff.constant(Duration.ofSeconds(1))).hasSameHashCodeAs(Backoff.constant(Duration.ofSeconds(1)));
    assertThat(Backoff.constant(Duration.ofSeconds(1)).hashCode())
        .isNotEqualTo(Backoff.constant(Duration.ofSeconds(2)).hashCode());
  }

  @Test
  void schedule_rowsAndAccessors_readAsDurations() {
    Backoff backoff = Backoff.constant(Duration.ofMillis(250));

    BackoffSchedule schedule = BackoffSchedule.of(backoff, 2, 10, new SplittableRandom(1));

    assertThat(schedule.backoff()).isSameAs(backoff);
    assertThat(schedule).hasToString("BackoffSchedule[" + backoff + ", retries=2, samples=10]");
    BackoffSchedule.Row row = schedule.rows().get(1);
    assertThat(row.min()).isEqualTo(Duration.ofMillis(250));
    assertThat(row.max()).isEqualTo(Duration.ofMillis(250));
    assertThat(row.median()).isEqualTo(Duration.ofMillis(250));
    assertThat(row.p90()).isEqualTo(Duration.ofMillis(250));
    assertThat(row.worstCaseCumulative()).isEqualTo(Duration.ofMillis(500));
  }
}
