package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TabulatedTest {

  @Test
  void delay_followsTheTableThenRepeatsItsLastEntry() {
    Tabulated table = Tabulated.of(Duration.ofSeconds(5), Duration.ofMinutes(5));
    SplittableRandom random = new SplittableRandom(1);

    assertThat(table.delayNanos(1, 0, random)).isEqualTo(Duration.ofSeconds(5).toNanos());
    assertThat(table.delayNanos(2, 0, random)).isEqualTo(Duration.ofMinutes(5).toNanos());
    assertThat(table.delayNanos(Integer.MAX_VALUE, 0, random)).isEqualTo(Duration.ofMinutes(5).toNanos());
    assertThat(table.minDelayNanos(3)).isEqualTo(table.maxDelayNanos(3));
    assertThat(table.delays()).containsExactly(Duration.ofSeconds(5), Duration.ofMinutes(5));
    assertThat(table).isEqualTo(Tabulated.of(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5))))
        .hasSameHashCodeAs(Tabulated.of(List.of(Duration.ofSeconds(5), Duration.ofMinutes(5))));
    assertThat(table.toString()).isEqualTo("table(5 s, 5 min)");
  }

  @Test
  void of_badTables_fail() {
    assertThatThrownBy(() -> Tabulated.of()).hasMessage("delays must not be empty");
    assertThatThrownBy(() -> Tabulated.of(Duration.ofSeconds(1), Duration.ofSeconds(-1)))
        .hasMessage("delays[1] must not be negative: -1 s");
    assertThatThrownBy(() -> Tabulated.of(Duration.ofSeconds(1)).delayNanos(0, 0, new SplittableRandom()))
        .hasMessage("retry must be >= 1: 0");
  }

  @Test
  void webhookPreset_eightAttemptsAtTheTablesTimesWithin10Percent() {
    DurableSchedule webhook = DurablePresets.webhook();
    Instant t0 = Instant.parse("2026-11-27T00:00:00Z");

    for (int attempt = 1; attempt <= 7; attempt++) {
      DurableDecision.RetryAt retry = (DurableDecision.RetryAt) webhook.next(
          DurableFailure.of("delivery-1", attempt, t0, t0));
      double nominal = DurablePresets.WEBHOOK_DELAYS.get(attempt - 1).toNanos();
      assertThat(retry.delay().toNanos() / nominal).isBetween(0.9, 1.1);
    }
    assertThat(webhook.next(DurableFailure.of("delivery-1", 8, t0, t0)))
        .isInstanceOf(DurableDecision.GiveUp.class);
  }
}
