/**
 * Backoff for Spring Kafka: durable, keyed schedules on retry topics ({@link io.github.backoff.kafka.DurableRetryTopics})
 * and on {@code DefaultErrorHandler} ({@link io.github.backoff.kafka.KeyedBackOffFunction}).
 */
module io.github.backoff.kafka {
  requires transitive io.github.backoff;
  requires transitive spring.kafka;
  requires transitive spring.core;
  requires transitive kafka.clients;

  exports io.github.backoff.kafka;
}
