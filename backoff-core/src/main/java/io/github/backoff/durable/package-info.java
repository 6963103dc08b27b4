/**
 * Durable retry schedules: for retries an engine keeps outside the process (Kafka retry topics, a database-backed
 * scheduler, a queue's visibility timeout), which stores only the attempt count and the first failure's time per
 * item. {@link io.github.backoff.durable.DurableSchedule} answers "when next, or give up?" as a pure function of
 * the failed attempt, with jitter keyed by the item ({@link io.github.backoff.durable.KeyedRandom}) so that every
 * instance, restart and replay agrees; {@link io.github.backoff.durable.Tiers} reduces a schedule to the few fixed
 * delays that retry topics need; {@link io.github.backoff.durable.DurablePresets} and
 * {@link io.github.backoff.durable.Tabulated} give schedules as tables.
 */
package io.github.backoff.durable;
