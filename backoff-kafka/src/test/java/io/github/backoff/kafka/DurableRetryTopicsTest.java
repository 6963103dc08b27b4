package io.github.backoff.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.durable.Tabulated;
import io.github.backoff.strategy.Backoff;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.TimestampedException;
import org.springframework.kafka.retrytopic.RetryTopicHeaders;
import org.springframework.util.backoff.BackOffExecution;

class DurableRetryTopicsTest {
  private static final DurableRetryTopics TOPICS = DurableRetryTopics.of(DurableSchedule.builder()
      .withBackoff(Tabulated.of(Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofMinutes(1)))
      .withMaxAttempts(4).build(), 3);

  private static ConsumerRecord<String, String> failedAttempt(String key, int attempt) {
    ConsumerRecord<String, String> record = new ConsumerRecord<>("orders", 0, 0, key, "v");
    if (attempt > 1) {
      record.headers().add(RecordKeys.ATTEMPTS_HEADER, ByteBuffer.allocate(4).putInt(attempt).array());
    }
    return record;
  }

  @Test
  void backOff_isTheTiersInMillis_everyTime_thenStop() {
    for (int start = 0; start < 2; start++) {
      BackOffExecution execution = TOPICS.backOff().start();
      List<Long> waits = new ArrayList<>();
      for (long w = execution.nextBackOff(); w != BackOffExecution.STOP; w = execution.nextBackOff()) {
        waits.add(w);
      }
      assertThat(waits).containsExactly(1_000L, 10_000L, 60_000L);
    }
    assertThat(TOPICS.maxAttempts()).isEqualTo(4);
    assertThat(TOPICS.tiers().maxRelativeError()).isZero();
  }

  @Test
  void tiers_jitteredSchedule_areFixedAndStateTheirError() {
    DurableRetryTopics topics = DurableRetryTopics.of(DurableSchedule.builder()
        .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofMinutes(5)).withFullJitter())
        .withMaxAttempts(11).build(), 4);

    assertThat(topics.tiers().tiers()).hasSize(4);
    assertThat(topics.maxAttempts()).isEqualTo(11);
    // Nominal waits 0.5 s .. 150 s (a factor of 300) in 4 tiers: each spans a factor of 4, (4-1)/(4+1) = 0.6.
    assertThat(topics.tiers().maxRelativeError()).isCloseTo(0.6, org.assertj.core.api.Assertions.within(0.01));
    assertThat(topics.toString()).contains("tiers", "error");
  }

  @Test
  void dueTimeMillis_keyedWithinTheTier_fromTheFailuresTimestamp() {
    DurableRetryTopics topics = TOPICS.withJitterWithinTier(0.2);
    long failedAt = 1_700_000_000_000L;
    Exception failure = new RuntimeException(new TimestampedException(new IllegalStateException(), failedAt));

    long due = topics.dueTimeMillis(failedAttempt("order-1", 2), failure);

    double u = KeyedRandom.of("order-1", 2).nextDouble();
    assertThat(due).isEqualTo(failedAt + Math.round(10_000 * (1 + 0.2 * (2 * u - 1))));
    assertThat(topics.dueTimeMillis(failedAttempt("order-1", 2), failure)).isEqualTo(due);
    assertThat(topics.dueTimeMillis(failedAttempt("order-2", 2), failure)).isNotEqualTo(due)
        .isBetween(failedAt + 8_000, failedAt + 12_000);
  }

  @Test
  void dueTimeHeaders_replaceSpringsHeader_onlyWithJitterAndNotForTheDeadLetterTopic() {
    Clock clock = Clock.fixed(Instant.ofEpochMilli(5_000), ZoneOffset.UTC);
    DurableRetryTopics jittered = TOPICS.withJitterWithinTier(0.5).withClock(clock);

    Headers headers = jittered.dueTimeHeaders().apply(failedAttempt("k", 1), new RuntimeException());
    Header header = headers.lastHeader(RetryTopicHeaders.DEFAULT_HEADER_BACKOFF_TIMESTAMP);

    assertThat(header).isInstanceOf(DeadLetterPublishingRecoverer.SingleRecordHeader.class);
    assertThat(new BigInteger(header.value()).longValue()).isBetween(5_500L, 6_500L);
    assertThat(jittered.dueTimeHeaders().apply(failedAttempt("k", 4), null).toArray()).isEmpty();
    assertThat(TOPICS.dueTimeHeaders().apply(failedAttempt("k", 1), null).toArray()).isEmpty();
  }

  @Test
  void onlyTrailingRepeats_decidesWhetherTopicsCanBeShared() {
    assertThat(TOPICS.onlyTrailingRepeats()).isTrue();
    assertThat(tiers(1, 2, 2).onlyTrailingRepeats()).isTrue();
    assertThat(tiers(1, 1, 2).onlyTrailingRepeats()).isFalse();
    assertThat(tiers(1, 1).onlyTrailingRepeats()).isTrue();
    assertThat(tiers(1, 2, 2, 3, 3).onlyTrailingRepeats()).isFalse();
  }

  private static DurableRetryTopics tiers(long... seconds) {
    Duration[] delays = java.util.Arrays.stream(seconds).mapToObj(Duration::ofSeconds).toArray(Duration[]::new);
    return DurableRetryTopics.of(DurableSchedule.builder().withBackoff(Tabulated.of(delays))
        .withMaxAttempts(delays.length + 1).build(), delays.length);
  }

  @Test
  void withJitterWithinTier_outOfRange_fails() {
    assertThatThrownBy(() -> TOPICS.withJitterWithinTier(1.5)).hasMessage("fraction must be in [0, 1]: 1.5");
    assertThatThrownBy(() -> TOPICS.withJitterWithinTier(Double.NaN)).hasMessage("fraction must be in [0, 1]: NaN");
    assertThatThrownBy(() -> DurableRetryTopics.of(DurableSchedule.builder()
        .withBackoff(Backoff.constant(Duration.ofSeconds(1))).build(), 2)).isInstanceOf(IllegalStateException.class);
  }
}
