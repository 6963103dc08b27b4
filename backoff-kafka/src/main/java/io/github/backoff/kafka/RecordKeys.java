package io.github.backoff.kafka;

import io.github.backoff.durable.KeyedRandom;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * What keys a record's jitter, and which attempt failed: the rules both adapters share, written once.
 *
 * <p>A record's key is its Kafka key: the bytes of a {@code byte[]} key, the UTF-8 bytes of a {@code String} key, of
 * {@code toString()} otherwise. A record without a key is keyed by where it was first published,
 * {@code topic-partition@offset}, taken from the dead-letter headers Spring Kafka adds on its way through the retry
 * topics ({@code kafka_dlt-original-*}), so that it keeps one key on every hop.
 */
final class RecordKeys {
  /** Spring Kafka's retry-topic attempt header: the number of the attempt that is about to run (a 4-byte int). */
  static final String ATTEMPTS_HEADER = "retry_topic-attempts";

  private RecordKeys() {}

  static long keyHash(ConsumerRecord<?, ?> record) {
    Object key = record.key();
    if (key instanceof byte[]) {
      return KeyedRandom.hash((byte[]) key);
    }
    if (key != null) {
      return KeyedRandom.hash(key.toString());
    }
    String topic = string(record, KafkaHeaders.DLT_ORIGINAL_TOPIC, record.topic());
    long partition = number(record, KafkaHeaders.DLT_ORIGINAL_PARTITION, record.partition());
    long offset = number(record, KafkaHeaders.DLT_ORIGINAL_OFFSET, record.offset());
    return KeyedRandom.hash(topic + "-" + partition + "@" + offset);
  }

  /** The number of the attempt that failed on {@code record}: its retry-topic attempts header, 1 without one. */
  static int failedAttempt(ConsumerRecord<?, ?> record) {
    Header header = record.headers().lastHeader(ATTEMPTS_HEADER);
    if (header == null) {
      return 1;
    }
    byte[] value = header.value();
    // Spring Kafka writes 4 bytes; older versions wrote 1.
    return value.length == 4 ? ByteBuffer.wrap(value).getInt() : value.length == 1 ? Byte.toUnsignedInt(value[0]) : 1;
  }

  private static String string(ConsumerRecord<?, ?> record, String name, String otherwise) {
    Header header = record.headers().lastHeader(name);
    return header == null ? otherwise : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static long number(ConsumerRecord<?, ?> record, String name, long otherwise) {
    Header header = record.headers().lastHeader(name);
    if (header == null) {
      return otherwise;
    }
    byte[] value = header.value();
    return value.length == 8 ? ByteBuffer.wrap(value).getLong()
        : value.length == 4 ? ByteBuffer.wrap(value).getInt() : otherwise;
  }
}
