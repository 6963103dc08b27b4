/**
 * Backoff for db-scheduler: {@link io.github.backoff.dbscheduler.DurableFailureHandler} reschedules failed task
 * instances by a durable, keyed {@link io.github.backoff.durable.DurableSchedule}.
 */
package io.github.backoff.dbscheduler;
