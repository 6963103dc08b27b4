package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TiersTest {
  private static Duration s(long seconds) {
    return Duration.ofSeconds(seconds);
  }

  @Test
  void tiers_fewerDistinctWaitsThanK_areExact() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.exponential(s(1), 2.0)).withMaxAttempts(4)
        .build();

    Tiers tiers = schedule.tiers(5);

    assertThat(tiers.delays()).containsExactly(s(1), s(2), s(4));
    assertThat(tiers.tiers()).containsExactly(s(1), s(2), s(4));
    assertThat(tiers.maxRelativeError()).isZero();
  }

  @Test
  void tiers_fullJitter_useTheMidpointOfEachRetrysRange() {
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.exponential(s(1), 2.0).withCap(s(8)).withFullJitter()).withMaxAttempts(4).build();

    assertThat(schedule.tiers(3).delays()).containsExactly(Duration.ofMillis(500), s(1), s(2));
  }

  @Test
  void tiers_moreWaitsThanK_minimiseTheLargestRelativeError() {
    // 1, 2, 4, 8, 16 s into 2 tiers: {1, 2} and {4, 8, 16} gives (2-1)/3 = 0.33 and (16-4)/20 = 0.6; {1, 2, 4} and
    // {8, 16} gives 0.6 and 0.33: the best is 0.6, with the tier 2ab/(a+b).
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.exponential(s(1), 2.0)).withMaxAttempts(6)
        .build();

    Tiers tiers = schedule.tiers(2);

    assertThat(tiers.tiers()).hasSize(2);
    assertThat(tiers.maxRelativeError()).isCloseTo(0.6, within(1e-3));
    assertThat(tiers.retries()).isEqualTo(5);
    for (int i = 0; i < 5; i++) {
      double v = tiers.nominal().get(i).toNanos();
      assertThat(Math.abs(tiers.delays().get(i).toNanos() - v) / v).isLessThanOrEqualTo(tiers.maxRelativeError());
    }
  }

  @Test
  void tiers_webhookInFourTiers_stateTheirError() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Tabulated.of(DurablePresets.WEBHOOK_DELAYS))
        .withMaxAttempts(8).build();

    Tiers tiers = schedule.tiers(4);

    assertThat(tiers.tiers()).hasSizeLessThanOrEqualTo(4);
    assertThat(tiers.delays()).hasSize(7);
    assertThat(tiers.delays()).isSorted();
    assertThat(tiers.maxRelativeError()).isGreaterThan(0).isLessThan(0.7);
  }

  @Test
  void tiers_horizon_limitsTheRetries() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(s(10)))
        .withMaxTotal(s(35)).build();

    assertThat(schedule.tiers(3).delays()).containsExactly(s(10), s(10), s(10));
  }

  @Test
  void tiers_unboundedSchedule_fails() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(s(10))).build();

    assertThatThrownBy(() -> schedule.tiers(3)).isInstanceOf(IllegalStateException.class)
        .hasMessage("tiers need a finite schedule: more than 10000 retries within the limits"
            + " (set withMaxAttempts or withMaxTotal)");
    assertThatThrownBy(() -> schedule.tiers(0)).hasMessage("maxTiers must be >= 1: 0");
  }

  @Test
  void tiers_noRetry_fails() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(s(10))).withMaxAttempts(1)
        .build();

    assertThatThrownBy(() -> schedule.tiers(3)).isInstanceOf(IllegalStateException.class)
        .hasMessage("the schedule allows no retry to quantize");
  }

  @Test
  void quantize_zeroWait_isItsOwnTierWhenKAllows() {
    Tiers tiers = Tiers.quantize(new long[] {0, 1_000_000_000L, 1_000_000_000L}, 2);

    assertThat(tiers.tiers()).containsExactly(Duration.ZERO, s(1));
    assertThat(tiers.maxRelativeError()).isZero();
    assertThat(Tiers.quantize(new long[] {0, 1_000_000_000L}, 1).maxRelativeError()).isEqualTo(1.0);
  }

  @Test
  void record_copiesItsLists() {
    List<Duration> list = new java.util.ArrayList<>(List.of(s(1)));
    Tiers tiers = new Tiers(list, list, list, 0);
    list.add(s(2));
    assertThat(tiers.tiers()).containsExactly(s(1));
  }
}
