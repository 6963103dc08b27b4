package io.github.backoff.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.backoff.durable.DurableSchedule;
import io.github.backoff.durable.KeyedRandom;
import io.github.backoff.strategy.Backoff;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.KafkaHeaders;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.BackOffExecution;

class KeyedBackOffFunctionTest {
  private static final DurableSchedule SCHEDULE = DurableSchedule.builder()
      .withBackoff(Backoff.exponential(Duration.ofSeconds(1), 2.0).withCap(Duration.ofSeconds(30)).withFullJitter())
      .withBackoffFor("throttling", Backoff.constant(Duration.ofMinutes(1)))
      .withMaxAttempts(5).build();

  private static List<Long> waits(BackOff backOff) {
    BackOffExecution execution = backOff.start();
    List<Long> waits = new ArrayList<>();
    for (long w = execution.nextBackOff(); w != BackOffExecution.STOP; w = execution.nextBackOff()) {
      waits.add(w);
    }
    return waits;
  }

  private static ConsumerRecord<Object, String> record(Object key) {
    return new ConsumerRecord<>("orders", 0, 7, key, "v");
  }

  @Test
  void apply_sameKey_sameWaitsOnEveryInstance_thenStop() {
    List<Long> one = waits(KeyedBackOffFunction.of(SCHEDULE).apply(record("order-1"), new RuntimeException()));
    List<Long> again = waits(KeyedBackOffFunction.of(SCHEDULE).apply(record("order-1"), new IllegalStateException()));

    assertThat(one).hasSize(4).isEqualTo(again);
    for (int retry = 1; retry <= 4; retry++) {
      long nanos = SCHEDULE.delay(KeyedRandom.hash("order-1"), retry).toNanos();
      assertThat(one.get(retry - 1)).isEqualTo((nanos + 999_999) / 1_000_000);
    }
  }

  @Test
  void apply_differentKeys_differentWaits_bytesAndStringsAgree() {
    KeyedBackOffFunction function = KeyedBackOffFunction.of(SCHEDULE);

    assertThat(waits(function.apply(record("order-1"), null))).isNotEqualTo(waits(function.apply(record("order-2"), null)));
    assertThat(waits(function.apply(record("order-1".getBytes(StandardCharsets.UTF_8)), null)))
        .isEqualTo(waits(function.apply(record("order-1"), null)));
  }

  @Test
  void apply_nullKey_isKeyedByTheOriginalRecordsCoordinates() {
    ConsumerRecord<Object, String> original = record(null);
    ConsumerRecord<Object, String> hop = new ConsumerRecord<>("orders-retry-1000", 0, 3, null, "v");
    hop.headers().add(KafkaHeaders.DLT_ORIGINAL_TOPIC, "orders".getBytes(StandardCharsets.UTF_8));
    hop.headers().add(KafkaHeaders.DLT_ORIGINAL_PARTITION, ByteBuffer.allocate(4).putInt(0).array());
    hop.headers().add(KafkaHeaders.DLT_ORIGINAL_OFFSET, ByteBuffer.allocate(8).putLong(7).array());

    assertThat(RecordKeys.keyHash(hop)).isEqualTo(RecordKeys.keyHash(original))
        .isEqualTo(KeyedRandom.hash("orders-0@7"));
  }

  @Test
  void withKinds_choosesTheKindsStrategy() {
    KeyedBackOffFunction function = KeyedBackOffFunction.of(SCHEDULE)
        .withKinds(e -> e instanceof IllegalStateException ? "throttling" : null);

    assertThat(waits(function.apply(record("k"), new IllegalStateException()))).containsOnly(60_000L);
    assertThat(waits(function.apply(record("k"), new RuntimeException()))).doesNotContain(60_000L);
  }

  @Test
  void apply_horizon_boundsTheSumOfTheWaits() {
    DurableSchedule schedule = DurableSchedule.builder().withBackoff(Backoff.constant(Duration.ofSeconds(10)))
        .withMaxTotal(Duration.ofSeconds(35)).build();

    assertThat(waits(KeyedBackOffFunction.of(schedule).apply(record("k"), null)))
        .containsExactly(10_000L, 10_000L, 10_000L);
  }
}
