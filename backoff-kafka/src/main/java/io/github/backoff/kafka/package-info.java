/**
 * Backoff for Spring Kafka: {@link io.github.backoff.kafka.DurableRetryTopics} puts a durable schedule on retry
 * topics whose delays are the same on every instance and restart, and {@link io.github.backoff.kafka.KeyedBackOffFunction}
 * gives {@code DefaultErrorHandler} a back-off keyed by each record.
 */
package io.github.backoff.kafka;
