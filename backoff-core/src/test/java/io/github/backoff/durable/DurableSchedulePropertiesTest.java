package io.github.backoff.durable;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.strategy.Backoff;
import java.time.Duration;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

class DurableSchedulePropertiesTest {
  private static final DurableSchedule SCHEDULE = DurableSchedule.builder()
      .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 3.0).withCap(Duration.ofHours(6)).withFullJitter())
      .withBackoffFor("throttling", Backoff.decorrelatedJitter(Duration.ofSeconds(5), Duration.ofDays(1)))
      .withMaxTotal(Duration.ofDays(3))
      .withMaxDelay(Duration.ofHours(12))
      .build();
  private static final DurableSchedule UNBOUNDED = DurableSchedule.builder()
      .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 10.0).withAdditiveJitter(Duration.ofDays(365)))
      .build();

  @Property(tries = 2000)
  void next_anyAttempt_neverOverflowsAndStaysInRange(@ForAll @IntRange(min = 1) int attempt,
      @ForAll long keyHash, @ForAll @LongRange(min = 0, max = 10_000_000) long elapsedSeconds,
      @ForAll boolean throttling, @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long hintMillis) {
    Instant first = Instant.parse("2026-01-01T00:00:00Z");
    DurableFailure failure = new DurableFailure(keyHash, attempt, first, first.plusSeconds(elapsedSeconds),
        throttling ? "throttling" : DurableSchedule.DEFAULT_KIND, Duration.ofMillis(hintMillis));

    DurableDecision decision = SCHEDULE.next(failure);

    assertThat(SCHEDULE.next(failure)).isEqualTo(decision);
    if (decision instanceof DurableDecision.RetryAt) {
      DurableDecision.RetryAt retry = (DurableDecision.RetryAt) decision;
      assertThat(retry.delay()).isBetween(Duration.ZERO, Duration.ofHours(12));
      assertThat(retry.at()).isAfterOrEqualTo(failure.failedAt())
          .isBefore(first.plus(Duration.ofDays(3)));
      assertThat(retry.attempt()).isEqualTo(attempt + 1);
    } else {
      assertThat(((DurableDecision.GiveUp) decision).reason()).isEqualTo(attempt == Integer.MAX_VALUE
          ? GiveUpReason.ATTEMPTS_EXHAUSTED : GiveUpReason.HORIZON_EXHAUSTED);
    }
  }

  @Property(tries = 2000)
  void next_unboundedSchedule_anyAttemptAndTime_saturates(@ForAll @IntRange(min = 1) int attempt,
      @ForAll long keyHash, @ForAll long epochSecond) {
    Instant failedAt = Instant.ofEpochSecond(Math.floorMod(epochSecond, Instant.MAX.getEpochSecond()));
    DurableFailure failure = new DurableFailure(keyHash, attempt, Instant.MIN, failedAt, "default", null);

    DurableDecision decision = UNBOUNDED.next(failure);

    if (attempt == Integer.MAX_VALUE) {
      assertThat(decision).isInstanceOf(DurableDecision.GiveUp.class);
    } else {
      DurableDecision.RetryAt retry = (DurableDecision.RetryAt) decision;
      assertThat(retry.delay()).isGreaterThanOrEqualTo(Duration.ZERO);
      assertThat(retry.at()).isAfterOrEqualTo(failedAt);
    }
  }

  @Property(tries = 500)
  void tiers_anyK_haveAtMostKDelaysAndStateAnUpperBoundOfTheirError(@ForAll @IntRange(min = 1, max = 12) int k,
      @ForAll @IntRange(min = 2, max = 40) int attempts, @ForAll @IntRange(min = 1, max = 5000) int baseMillis) {
    DurableSchedule schedule = DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofMillis(baseMillis), 2.0).withCap(Duration.ofHours(1))
            .withEqualJitter())
        .withMaxAttempts(attempts).build();

    Tiers tiers = schedule.tiers(k);

    assertThat(tiers.tiers()).hasSizeLessThanOrEqualTo(k);
    assertThat(tiers.retries()).isEqualTo(attempts - 1);
    assertThat(tiers.tiers()).containsAll(tiers.delays());
    for (int i = 0; i < tiers.retries(); i++) {
      double v = tiers.nominal().get(i).toNanos();
      assertThat(Math.abs(tiers.delays().get(i).toNanos() - v) / v).isLessThanOrEqualTo(tiers.maxRelativeError());
    }
  }
}
